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
