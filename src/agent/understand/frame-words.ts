// A plane frame described in words → the model calc_steel_frame analyses, and a sentence showing it, so the engineer
// sees what was computed: a portal frame (门式刚架 / 门架 / 刚架: span, column height, base fixed or pinned, a uniform
// load on the beam, a horizontal force at the column top, the column and beam sections, the grade) and a continuous
// beam (两跨 / 三跨连续梁: equal spans or a list of spans, a uniform load on every span, the section). Nodes are named
// A B C D for a portal (A, D the bases; member C1 = A→B, B1 = B→C, C2 = D→C) and N0 … for a continuous beam (pinned
// at N0, rollers elsewhere), the order the reactions come back in. Nothing is assumed silently: a base not said is
// asked, and a continuous beam without a section is analysed with one section for every span, which its reactions
// and moments do not depend on, and said so.
import { steelDesignation } from '../steel-args.ts';

export interface FrameFromWords {
  model: Record<string, unknown>;
  /** the model in one sentence (the answer shows it before the results) */
  described: string;
}

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const CN_COUNT: Record<string, number> = { 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6 };
const num = (re: RegExp, text: string): number | undefined => {
  const m = re.exec(text);
  return m ? Number(m[1]) : undefined;
};

/** A rolled section named after a role word (柱HN400x200x8x13, 梁HN500…), or the one section of the text. */
function sectionAfter(text: string, role: RegExp): Record<string, unknown> | undefined {
  const m = new RegExp(`${role.source}\\s*(?:用|采用|为|是)?\\s*(H[NWM]\\s*\\d{3}\\s*[x×*X]\\s*\\d{3}(?:\\s*[x×*X]\\s*\\d+(?:\\.\\d+)?){0,2})`, 'i').exec(text);
  const d = m ? steelDesignation(m[1]!) : undefined;
  return d ? { type: 'rolled_h', designation: d } : undefined;
}

function anySection(text: string): Record<string, unknown> | undefined {
  const d = steelDesignation(text);
  return d ? { type: 'rolled_h', designation: d } : undefined;
}

const sectionName = (s: Record<string, unknown> | undefined) => (s ? String(s.designation) : '');

export function frameFromWords(raw: string): FrameFromWords | null {
  const text = raw.normalize('NFKC');
  const grade = /Q\s*(235|345|355|390|420)/i.exec(text);
  const withGrade = (m: Record<string, unknown>) => (grade ? { ...m, grade: `Q${grade[1]}` } : m);
  const udl = num(new RegExp(String.raw`(?:均布(?:荷载)?|(?<![A-Za-z])q)\s*(?:[=＝:：]|为|是)?\s*${NUM}\s*kN\s*/\s*m`, 'i'), text);

  if (/门式刚架|门架|刚架|portal/i.test(text)) {
    const span = num(new RegExp(String.raw`(?:跨度|跨长|跨)\s*(?:[=＝:：]|为|是)?\s*${NUM}\s*(?:m|米)`), text);
    const height = num(new RegExp(String.raw`(?:柱高|高度|高|檐高)\s*(?:[=＝:：]|为|是)?\s*${NUM}\s*(?:m|米)`), text);
    if (span === undefined || height === undefined) return null;
    const base = /柱脚|柱底|基础|base/i.test(text) ? (/铰接|铰支|pinned|hinged/i.test(text) ? 'pinned' : /刚接|固接|固定|嵌固|fixed/i.test(text) ? 'fixed' : null) : null;
    if (!base) return null;
    const both = sectionAfter(text, /梁柱(?:都|均)?/);
    const column = both ?? sectionAfter(text, /柱/) ?? anySection(text);
    const beam = both ?? sectionAfter(text, /梁/) ?? column;
    if (!column || !beam) return null;
    const lateral = num(new RegExp(String.raw`(?:柱顶|顶部|节点)?(?:水平力|水平荷载|侧向力|风荷载)\s*(?:[=＝:：]|为|是)?\s*${NUM}\s*kN`), text);
    const model: Record<string, unknown> = {
      nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: height }, { id: 'C', x: span, y: height }, { id: 'D', x: span, y: 0 }],
      members: [
        withGrade({ id: 'C1', i: 'A', j: 'B', section: column }),
        withGrade({ id: 'B1', i: 'B', j: 'C', section: beam, ...(udl !== undefined ? { loads: [{ type: 'udl', w: -udl }] } : {}) }),
        withGrade({ id: 'C2', i: 'D', j: 'C', section: column }),
      ],
      supports: [{ node: 'A', type: base }, { node: 'D', type: base }],
      ...(lateral !== undefined ? { nodal_loads: [{ node: 'B', fx: lateral }] } : {}),
    };
    const loads = [udl !== undefined ? `梁 B1 满跨均布 ${udl} kN/m（向下）` : '', lateral !== undefined ? `柱顶 B 点水平力 ${lateral} kN（向右）` : ''].filter(Boolean).join('，');
    const described = `按门式刚架计算：柱脚 A(0,0)、D(${span},0) ${base === 'fixed' ? '固接' : '铰接'}，柱顶 B(0,${height})、C(${span},${height})；柱 C1(A→B)、C2(D→C) ${sectionName(column)}，梁 B1(B→C) ${sectionName(beam)}${grade ? `，${grade[0]}` : ''}；荷载：${loads || '无'}。支座反力按 A、D 的顺序列出。`;
    return { model, described };
  }

  const single = singleSpan(text, udl, withGrade);
  if (single) return single;

  const continuous = /(?:([两二三四五六]|\d)\s*跨)?\s*连续梁|continuous beam/i.exec(text);
  if (continuous) {
    const count = continuous[1] ? (CN_COUNT[continuous[1]] ?? Number(continuous[1])) : undefined;
    const listed = /跨度\s*(?:分别)?\s*(?:为|是|[=＝:：])?\s*((?:\d+(?:\.\d+)?\s*[、,，+]\s*)+\d+(?:\.\d+)?)\s*(?:m|米)/.exec(text);
    const each = num(new RegExp(String.raw`(?:每跨|各跨|跨度|跨长)\s*(?:均|都)?\s*(?:[=＝:：]|为|是)?\s*${NUM}\s*(?:m|米)`), text);
    const spans = listed ? listed[1]!.split(/\s*[、,，+]\s*/).map(Number) : count && each !== undefined ? Array.from({ length: count }, () => each) : null;
    if (!spans || spans.length < 2 || spans.length > 10 || udl === undefined) return null;
    const section = anySection(text);
    const xs = spans.reduce<number[]>((acc, s) => [...acc, acc[acc.length - 1]! + s], [0]);
    const model: Record<string, unknown> = {
      nodes: xs.map((x, k) => ({ id: `N${k}`, x, y: 0 })),
      members: spans.map((_, k) => withGrade({ id: `S${k + 1}`, i: `N${k}`, j: `N${k + 1}`, ...(section ? { section } : { A: 10000, I: 1e8 }), loads: [{ type: 'udl', w: -udl }] })),
      supports: xs.map((_, k) => ({ node: `N${k}`, type: k === 0 ? 'pinned' : 'roller' })),
    };
    const described = `按 ${spans.length} 跨连续梁计算：跨度 ${spans.join('、')} m，支座 ${xs.map((x, k) => `N${k}(${x},0)`).join('、')}（N0 铰支，其余滚动支座），各跨满跨均布 ${udl} kN/m（向下），${section ? `截面 ${sectionName(section)}` : '未给截面：各跨取同一截面（等截面连续梁的支座反力与弯矩与截面大小无关，位移不代表实际）'}。支座反力按 N0、N1… 的顺序列出。`;
    return { model, described };
  }
  return null;
}

/**
 * One span in words (单跨简支钢梁 跨度9m 均布18kN/m; 一端固定一端简支; 两端固定; 悬臂 挑出2m 端部集中力30kN): two
 * nodes N0 (x = 0) and N1 (x = L), the supports its words name, the load on the whole span (or a point load at
 * midspan, or at the free end of a cantilever). Null when the supports, the span or a load is not said.
 */
function singleSpan(text: string, udl: number | undefined, withGrade: (m: Record<string, unknown>) => Record<string, unknown>): FrameFromWords | null {
  if (!/梁|beam/i.test(text) || /连续梁|continuous|刚架|门架|portal/i.test(text)) return null;
  const cantilever = /悬臂|悬挑|挑出|cantilever/i.test(text);
  const ends: [string, string] | null = cantilever
    ? ['fixed', 'free']
    : /一端固定一端(?:简支|铰支|铰接)|一端固结一端铰|固端[-—]?铰支|propped cantilever/i.test(text)
      ? ['fixed', 'roller']
      : /两端固定|两端固结|两端嵌固|fixed[- ]fixed|both ends fixed/i.test(text)
        ? ['fixed', 'fixed']
        : /简支|单跨|simply supported/i.test(text)
          ? ['pinned', 'roller']
          : null;
  if (!ends) return null;
  const span = num(new RegExp(String.raw`(?:跨度|跨长|计算跨度|(?:挑出|悬挑|悬臂|悬伸|伸出)(?:梁|段)?(?:长度|长)?|梁长|span)\s*(?:[=＝:：]|为|是|of)?\s*${NUM}\s*(?:m|米)`, 'i'), text);
  const point = num(new RegExp(String.raw`(?:集中(?:力|荷载)|(?<![A-Za-z])[PF])\s*(?:[=＝:：]|为|是)?\s*${NUM}\s*kN(?!\s*[·.*]?\s*m|\s*\/)`, 'i'), text);
  if (span === undefined || (udl === undefined && point === undefined)) return null;
  const section = anySection(text);
  const at = cantilever ? span : span / 2;
  const loads = [...(udl !== undefined ? [{ type: 'udl', w: -udl }] : []), ...(point !== undefined ? [{ type: 'point', p: -point, a: at }] : [])];
  const model: Record<string, unknown> = {
    nodes: [{ id: 'N0', x: 0, y: 0 }, { id: 'N1', x: span, y: 0 }],
    members: [withGrade({ id: 'S1', i: 'N0', j: 'N1', ...(section ? { section } : { A: 10000, I: 1e8 }), loads })],
    supports: ends[1] === 'free' ? [{ node: 'N0', type: 'fixed' }] : [{ node: 'N0', type: ends[0] }, { node: 'N1', type: ends[1] }],
  };
  const said = { fixed: '固定', pinned: '铰支', roller: '滚动支座', free: '自由端' } as Record<string, string>;
  const load = [udl !== undefined ? `满跨均布 ${udl} kN/m（向下）` : '', point !== undefined ? `${cantilever ? '自由端' : '跨中'}集中力 ${point} kN（向下）` : ''].filter(Boolean).join('，');
  const described = `按单跨梁计算：跨度 ${span} m，N0(0,0) ${said[ends[0]]}、N1(${span},0) ${said[ends[1]]}；荷载：${load}；${section ? `截面 ${sectionName(section)}` : '未给截面：反力与弯矩与截面大小无关（静定或等截面），位移不代表实际'}。支座反力按 ${ends[1] === 'free' ? 'N0' : 'N0、N1'} 的顺序列出。`;
  return { model, described };
}

/** 「均布改成30」「水平力改成30」: the previous frame with its loads changed, or null when nothing of it changes. */
export function frameLoadsChanged(model: Record<string, unknown>, text: string): Record<string, unknown> | null {
  const t = text.normalize('NFKC');
  const udl = num(new RegExp(String.raw`(?:均布(?:荷载)?|(?<![A-Za-z])q)\s*[=＝]?\s*${NUM}`), t);
  const lateral = num(new RegExp(String.raw`(?:水平力|水平荷载|侧向力|风荷载)\s*[=＝]?\s*${NUM}`), t);
  if (udl === undefined && lateral === undefined) return null;
  const members = (model.members as Array<Record<string, unknown>>).map((m) => ({
    ...m,
    ...(udl !== undefined && Array.isArray(m.loads) ? { loads: (m.loads as Array<Record<string, unknown>>).map((l) => (l.type === 'udl' ? { ...l, w: -udl } : l)) } : {}),
  }));
  const nodal = lateral !== undefined && Array.isArray(model.nodal_loads) ? (model.nodal_loads as Array<Record<string, unknown>>).map((l) => ({ ...l, fx: lateral })) : model.nodal_loads;
  return { ...model, members, ...(nodal ? { nodal_loads: nodal } : {}) };
}
