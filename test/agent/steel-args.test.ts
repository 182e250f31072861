// The steel calculator's kind and params read from messages (the questions of issue 23 and the tool's examples).
import { describe, expect, it } from 'vitest';
import { steelDesignation, steelKind, steelParams } from '../../src/agent/steel-args.ts';

describe('steel kind and params from a message', () => {
  it('reads the beam question of the issue', () => {
    const q = 'Q355 的 HN400×200 梁，跨度 6 m，弯矩 200 kN·m，整体稳定够吗？';
    expect(steelKind(q)).toBe('beam');
    expect(steelParams(q, 'beam')).toEqual({ grade: 'Q355', section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, Mx: 200, ltb: { l1: 6, item: 1 } });
  });
  it('tells columns, beam-columns and φ apart', () => {
    const col = 'HW300x300x10x15 钢柱，Q235，轴力 1500 kN，计算长度 6 m，稳定是否满足？';
    expect(steelKind(col)).toBe('compression');
    expect(steelParams(col, 'compression')).toEqual({ grade: 'Q235', section: { type: 'rolled_h', designation: 'HW300x300x10x15' }, N: 1500, l0x: 6, l0y: 6 });
    const bc = 'Q235 钢柱 HW300x300，轴力 900 kN，弯矩 150 kN·m，计算长度 9 m';
    expect(steelKind(bc)).toBe('beam_column');
    expect(steelParams(bc, 'beam_column')).toMatchObject({ N: 900, Mx: 150, l0x: 9, l0y: 9 });
    const phi = 'b 类截面、长细比 64 的轴压稳定系数 φ 是多少？Q235';
    expect(steelKind(phi)).toBe('phi');
    expect(steelParams(phi, 'phi')).toEqual({ grade: 'Q235', lambda: 64, class: 'b' });
  });
  it('finds designations of the built-in table only', () => {
    expect(steelDesignation('hn400*200*8*13')).toBe('HN400x200x8x13');
    expect(steelDesignation('HN450×200')).toBe('HN450x200x9x14');
    expect(steelDesignation('HN999×200')).toBeUndefined();
    expect(steelDesignation('没有型号')).toBeUndefined();
  });
});

describe("engineers' steel notation (issue 30)", () => {
  it.each([
    ['焊接工字形600×250×10×16 Q235梁 M=400 侧向支撑间距6m 荷载在上翼缘均布 验算', 'beam', { section: { type: 'welded_i', h: 600, b: 250, tw: 10, tf: 16 }, grade: 'Q235', Mx: 400, ltb: { l1: 6, item: 1 } }],
    ['焊接H500*250*8*14 Q355柱 N=2000 l0x=7.2 l0y=3.6 够不够', 'compression', { section: { type: 'welded_i', h: 500, b: 250, tw: 8, tf: 14 }, N: 2000, l0x: 7.2, l0y: 3.6 }],
    ['焊接工字钢 高700 上翼缘300×20 下翼缘200×14 腹板厚8 Q235 弯矩480kN·m 强度够不够', 'beam', { section: { type: 'welded_i', h: 700, b: 300, tf: 20, b2: 200, tf2: 14, tw: 8 }, Mx: 480 }],
    ['HN400x200x8x13 Q355柱 N=800kN 平面内计算长度6m 平面外计算长度3m 稳定系数多少', 'compression', { N: 800, l0x: 6, l0y: 3 }],
    ['b类截面 λ=80 Q355 φ多少', 'phi', { lambda: 80, class: 'b', grade: 'Q355' }],
    ['HN600x200x11x17的Ix和Wx是多少', 'section', { section: { type: 'rolled_h', designation: 'HN600x200x11x17' } }],
    // M = qL²/8 = 25 × 7² / 8 = 153.125 kN·m; H400×200×8×13 is the table's HN400x200x8x13
    ['H400×200×8×13 简支梁 L=7m q=25kN/m(设计值) Q235 上翼缘满跨均布 无侧撑 整体稳定', 'beam', { section: { type: 'rolled_h', designation: 'HN400x200x8x13' }, Mx: 153.125, ltb: { l1: 7, item: 1 } }],
    ['受拉 HN350x175x7x11 Q355 N=1500kN 净截面An=5300 够吗', 'tension', { N: 1500, An: 5300 }],
    ['压弯 HM294x200x8x12 Q235 N=600kN M=80kN·m l0x=5m l0y=2.5m 两端弯矩相等同向弯曲 无侧移', 'beam_column', { N: 600, Mx: 80, l0x: 5, l0y: 2.5, moments: { sway: false, transverse: 'none', m2_m1: 1 } }],
    // one length written for both axes, engineers' and English shorthand (issue 30, batch D)
    ['HM340x250x9x14 Q355 轴心受压 N=2200kN 两个方向计算长度都是5m 够不够', 'compression', { N: 2200, l0x: 5, l0y: 5 }],
    ['HW250x250x9x14 Q235 轴压 N=900kN l0x=l0y=4m', 'compression', { N: 900, l0x: 4, l0y: 4 }],
    ['Column check: HW300x300x10x15, Q355, N = 2000 kN, effective length 6 m about x and 3 m about y', 'compression', { N: 2000, l0x: 6, l0y: 3 }],
    ['焊接H型钢柱 400×300×10×16 Q355 N=2600kN l0x=6m l0y=3m 稳定验算', 'compression', { section: { type: 'welded_i', h: 400, b: 300, tw: 10, tf: 16 }, l0x: 6, l0y: 3 }],
  ])('%s', (q, kind, params) => {
    expect(steelKind(q)).toBe(kind);
    expect(steelParams(q, kind)).toMatchObject(params);
  });
});

describe('a frame described in words becomes the model it shows', () => {
  it('a portal frame: nodes A B C D, columns A→B and D→C, the beam B→C with its load', async () => {
    const { frameFromWords } = await import('../../src/agent/understand/frame-words.ts');
    const f = frameFromWords('门式刚架 跨度18m 柱高6m 柱脚刚接 梁上均布20kN/m 柱HN400x200x8x13 梁HN500x200x10x16 Q355')!;
    expect(f.model.nodes).toEqual([{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: 6 }, { id: 'C', x: 18, y: 6 }, { id: 'D', x: 18, y: 0 }]);
    expect(f.model.supports).toEqual([{ node: 'A', type: 'fixed' }, { node: 'D', type: 'fixed' }]);
    expect((f.model.members as Array<Record<string, unknown>>)[1]).toMatchObject({ i: 'B', j: 'C', section: { designation: 'HN500x200x10x16' }, grade: 'Q355', loads: [{ type: 'udl', w: -20 }] });
    expect(f.described).toContain('柱脚 A(0,0)、D(18,0) 固接');
  });
  it('a continuous beam: equal spans, pinned then rollers, the load on every span', async () => {
    const { frameFromWords } = await import('../../src/agent/understand/frame-words.ts');
    const f = frameFromWords('三跨连续梁 每跨5m 均布12kN/m 用HN400x200x8x13 第二个支座反力多少')!;
    expect((f.model.nodes as unknown[]).length).toBe(4);
    expect(f.model.supports).toEqual([{ node: 'N0', type: 'pinned' }, { node: 'N1', type: 'roller' }, { node: 'N2', type: 'roller' }, { node: 'N3', type: 'roller' }]);
    expect(frameFromWords('门式刚架 跨度18m 柱高6m 梁上均布20kN/m HN400x200x8x13'), 'a base not said is not assumed').toBeNull();
  });
});
