// The steel calculator's kind and params from a message ("Q355 的 HN400×200 梁，跨度 6 m，弯矩 200 kN·m，整体稳定够吗？"):
// what the user wrote, in the calculator's names; the calculator's own schema validates (a missing grade or length is
// its 400 naming the field). A beam's lateral-torsional check, when a span is given, assumes no intermediate lateral
// support (l1 = span) and a uniform load on the top flange (Table C.0.1 item 1); the answer's steps show both.
import { momentFromLoads } from './understand/concrete.ts';
import { DESIGNATIONS, normalizeDesignation } from '../calc/steel/index.ts';

export const STEEL_KINDS: Array<[RegExp, string]> = [
  [/压弯|偏心受压|beam[-_ ]?column/i, 'beam_column'],
  [/截面特性|惯性矩|回转半径|截面模量|抵抗矩|截面面积|(?<![A-Za-z])(?:I[xy]|W[xy]|i[xy])(?![A-Za-z0-9])|section propert|second moment|radius of gyration/i, 'section'],
  [/轴心受拉|受拉|拉杆|tension/i, 'tension'],
  [/轴心受压|轴压|受压|钢柱|柱|compression|column/i, 'compression'],
  [/梁|受弯|整体稳定|挠度|beam/i, 'beam'],
];

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const SEP = String.raw`\s*(?:[=＝:：为是取]|约)?\s*`;
const find = (re: RegExp, text: string): number | undefined => {
  const m = re.exec(text);
  return m ? Number(m[1]) : undefined;
};

/** A designation of the built-in table from "HN400×200", "hn400x200x8x13", "H400×200×8×13" (the first size of that series). */
export function steelDesignation(text: string): string | undefined {
  const m = /(H[WMN]?)\s*(\d{3})\s*[x×*X]\s*(\d{3})((?:\s*[x×*X]\s*\d+(?:\.\d+)?){0,2})/i.exec(text);
  if (!m) return undefined;
  // a bare H with its four sizes is a rolled section when the table has those sizes (H400×200×8×13 = HN400x200x8x13)
  const series = m[1]!.length === 2 ? [m[1]!.toUpperCase()] : m[4] ? ['HN', 'HM', 'HW'] : [];
  for (const head of series) {
    const short = normalizeDesignation(`${head}${m[2]}x${m[3]}`);
    const full = normalizeDesignation(`${head}${m[2]}x${m[3]}${m[4]}`);
    const hit = m[4] ? DESIGNATIONS.find((d) => normalizeDesignation(d) === full) : DESIGNATIONS.find((d) => normalizeDesignation(d).startsWith(`${short}x`));
    if (hit) return hit;
  }
  return undefined;
}

/**
 * A welded I section: 焊接工字形600×250×10×16 / 焊接H500*250*8*14 (h × b × tw × tf), or written plate by plate
 * (高700 上翼缘300×20 下翼缘200×14 腹板厚8: a singly symmetric section, b2 × tf2 the bottom flange).
 */
export function weldedSection(text: string): Record<string, unknown> | undefined {
  if (!/焊接|welded|组合截面|上翼缘\s*\d|腹板厚/i.test(text)) return undefined;
  const four = /(?:焊接\s*(?:工字形|工字钢|工字|H型?钢?|H)?|welded\s*(?:I|H)?)\s*(?:截面)?\s*(?:[柱梁]|钢柱|钢梁|column|beam)?\s*(\d{3,4})\s*[x×*X]\s*(\d{2,4})\s*[x×*X]\s*(\d+(?:\.\d+)?)\s*[x×*X]\s*(\d+(?:\.\d+)?)/i.exec(text);
  if (four) return { type: 'welded_i', h: Number(four[1]), b: Number(four[2]), tw: Number(four[3]), tf: Number(four[4]) };
  const h = find(new RegExp(String.raw`(?:截面高|梁高|高度|高)${SEP}${NUM}`), text);
  const top = /上翼缘\s*(?:宽)?\s*(\d+(?:\.\d+)?)\s*[x×*X]\s*(\d+(?:\.\d+)?)/.exec(text);
  const bottom = /下翼缘\s*(?:宽)?\s*(\d+(?:\.\d+)?)\s*[x×*X]\s*(\d+(?:\.\d+)?)/.exec(text);
  const tw = find(new RegExp(String.raw`腹板(?:厚度?|厚)?${SEP}${NUM}`), text);
  if (h === undefined || !top || tw === undefined) return undefined;
  return { type: 'welded_i', h, b: Number(top[1]), tf: Number(top[2]), ...(bottom ? { b2: Number(bottom[1]), tf2: Number(bottom[2]) } : {}), tw };
}

/** The kind a message asks for: a beam-column when both an axial force and a moment are given to a column. */
export function steelKind(text: string): string | undefined {
  const n = steelNumbers(text);
  // φ of a slenderness and a curve class, no member: the stability coefficient alone
  if (n.lambda !== undefined && !steelDesignation(text) && !weldedSection(text)) return 'phi';
  const kind = STEEL_KINDS.find(([re]) => re.test(text))?.[1] ?? (/稳定系数|stability coefficient/i.test(text) ? 'phi' : undefined);
  if (kind === 'section' && (n.N !== undefined || n.Mx !== undefined)) return n.N !== undefined && n.Mx !== undefined ? 'beam_column' : n.N !== undefined ? 'compression' : 'beam';
  if ((kind === 'compression' || kind === 'beam') && n.N !== undefined && n.Mx !== undefined) return 'beam_column';
  // a section with a moment and no axial force, no member word (「焊接工字钢 … 弯矩480kN·m 强度够不够」): a beam
  if (!kind && n.Mx !== undefined && (steelDesignation(text) || weldedSection(text))) return n.N !== undefined ? 'beam_column' : 'beam';
  return kind;
}

function steelNumbers(text: string): Record<string, number | undefined> {
  return {
    Mx: find(new RegExp(String.raw`(?:弯矩(?:设计值)?|(?<![A-Za-z])Mx?)${SEP}${NUM}`), text),
    // (never part of a number: 600kN M=80 is 600, not 60 before a kN·m)
    N: find(new RegExp(String.raw`(?:轴力|轴压力|轴向压力|轴压|压力|拉力|(?<![A-Za-z])N)(?:设计值)?${SEP}${NUM}(?![\d.])(?!\s*(?:mm|N\/|kN\s*[·.*]?\s*m(?![A-Za-z])))\s*(?:kN)?`), text),
    V: find(new RegExp(String.raw`(?:剪力|(?<![A-Za-z])V)(?:设计值)?${SEP}${NUM}`), text),
    span: find(new RegExp(String.raw`(?:跨度|跨长|跨|(?<![A-Za-z])L)${SEP}${NUM}\s*(?:m|米)`), text),
    l0: find(new RegExp(String.raw`(?:计算长度|柱高|高度|长度|(?<![A-Za-z])l0|(?<![A-Za-z])L0)${SEP}${NUM}\s*(?:m|米)?(?![\d.]|\s*mm)`), text),
    l0x: find(new RegExp(String.raw`(?:(?<![A-Za-z])l0x|平面内(?:的)?(?:计算长度|计算长|长度)?)${SEP}${NUM}`, 'i'), text)
      ?? find(/(\d+(?:\.\d+)?)\s*m\s*(?:about|around|in)\s*(?:the\s*)?(?:x|major)(?:[-\s]axis)?(?![A-Za-z])/i, text),
    l0y: find(new RegExp(String.raw`(?:(?<![A-Za-z])l0y|平面外(?:的)?(?:计算长度|计算长|长度)?)${SEP}${NUM}`, 'i'), text)
      ?? find(/(\d+(?:\.\d+)?)\s*m\s*(?:about|around|in)\s*(?:the\s*)?(?:y|minor)(?:[-\s]axis)?(?![A-Za-z])/i, text),
    l1: find(new RegExp(String.raw`(?:侧向支撑(?:点)?间距|侧向支承(?:点)?间距|侧向无支撑长度|无支撑长度|unbraced length|l1)${SEP}${NUM}`, 'i'), text),
    overhang: find(new RegExp(String.raw`(?:挑出|悬挑|悬臂|悬伸|伸出)(?:梁|段)?(?:长度|长)?${SEP}${NUM}\s*(?:m|米)`), text),
    lambda: find(new RegExp(String.raw`(?:长细比|λ|lambda)${SEP}${NUM}`, 'i'), text),
    An: find(new RegExp(String.raw`(?:净截面(?:面积)?\s*(?:An)?|(?<![A-Za-z])An)${SEP}${NUM}`), text),
    q: find(new RegExp(String.raw`(?:均布(?:荷载)?|(?<![A-Za-z])q)${SEP}${NUM}\s*kN\s*/\s*m`, 'i'), text),
  };
}

/**
 * The beam's lateral-torsional inputs: a cantilever (悬臂/挑出) by Table C.0.4 with l1 its overhang (item 1 point
 * load on the top flange, 2 on the bottom, 3 uniform on the top); a beam braced at midspan (跨中设一道侧向支撑) by
 * Table C.0.1 items 5–7 with l1 half the span; braced at two or more equal points (三分点, 两道) items 8–9 with l1 a
 * third; otherwise no intermediate support, items 1–4 with l1 the span (or the spacing written).
 */
function lateralSupport(text: string, n: Record<string, number | undefined>): Record<string, unknown> | null {
  const bottom = /下翼缘/.test(text) && !/上翼缘/.test(text);
  const point = /集中/.test(text) && !/均布/.test(text);
  if (/悬臂|悬挑|挑出|cantilever/i.test(text) && (n.overhang ?? n.l1 ?? n.span) !== undefined) {
    return { l1: n.l1 ?? n.overhang ?? n.span, cantilever_item: point ? (bottom ? 2 : 1) : 3 };
  }
  const braces = /(?<!无|没有|不设)(?:两道|2道|两个|三分点|三等分|等间距|多道)[^，,。]{0,6}侧向支[撑承]|侧向支[撑承][^，,。]{0,4}(?:两道|三分点|等间距)/.test(text)
    ? 2
    : /跨中(?![^，,。]{0,4}(?:无|没有|不设|未设|不加))[^，,。]{0,6}侧向支[撑承]/.test(text)
      ? 1
      : 0;
  const span = n.span;
  if (n.l1 === undefined && span !== undefined && braces === 1) return { l1: span / 2, item: point ? 7 : bottom ? 6 : 5 };
  if (n.l1 === undefined && span !== undefined && braces === 2) return { l1: span / 3, item: bottom ? 9 : 8 };
  const l1 = n.l1 ?? span;
  return l1 === undefined ? null : { l1, item: point ? (bottom ? 4 : 3) : bottom ? 2 : 1 };
}

/**
 * One effective length written for both axes: 「l0x=l0y=4m」, 「两个方向计算长度都是5m」, 「计算长度都改成5m」,
 * "effective length 5 m about both axes".
 */
function bothLengths(text: string): number | undefined {
  return find(new RegExp(String.raw`(?:(?<![A-Za-z])l0x\s*[=＝]\s*l0y|(?<![A-Za-z])l0y\s*[=＝]\s*l0x)${SEP}${NUM}`, 'i'), text)
    ?? find(new RegExp(String.raw`(?:两个方向|两方向|双向|x、?y\s*方向)?(?:的)?计算长度(?:均|都|皆)(?:是|为|取|改成|改为|换成|[=＝])?\s*${NUM}`, 'i'), text)
    ?? find(new RegExp(String.raw`(?:两个方向|两方向|双向)(?:的)?(?:计算长度)?(?:均|都)(?:是|为|取)?\s*${NUM}\s*(?:m|米)`, 'i'), text)
    ?? find(new RegExp(String.raw`effective lengths?${SEP}${NUM}\s*m\s*(?:about|in|for)\s*both`, 'i'), text);
}

/** Params for `kind` from the message; only what it mentions. */
export function steelParams(text: string, kind: string | undefined): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  const grade = /Q\s*(235|345|355|390|420)/i.exec(text);
  if (grade) p.grade = `Q${grade[1]}`;
  const n = steelNumbers(text);
  if (kind === 'phi') {
    if (n.lambda !== undefined) p.lambda = n.lambda;
    const cls = /(?<![A-Za-z])([abcd]\*?)\s*类/i.exec(text);
    if (cls) p.class = cls[1]!.toLowerCase();
    return p;
  }
  const welded = weldedSection(text);
  const designation = welded ? undefined : steelDesignation(text);
  if (welded) p.section = welded;
  else if (designation) p.section = { type: 'rolled_h', designation };
  if (kind === 'section') return p;
  if (kind === 'beam') {
    // a moment from the span and load in words (简支 qL²/8, PL/4; 悬臂 qL²/2, PL), the same rule as a concrete beam's
    const moment = n.Mx ?? momentFromLoads(text)?.moment;
    if (moment !== undefined) p.Mx = moment;
    if (n.V !== undefined) p.V = n.V;
    const ltb = lateralSupport(text, n);
    if (ltb) p.ltb = ltb;
    return p;
  }
  if (n.N !== undefined) p.N = n.N;
  if (kind === 'tension') {
    if (n.An !== undefined) p.An = n.An;
    return p;
  }
  if (n.An !== undefined) p.An = n.An;
  if (kind === 'beam_column') {
    if (n.Mx !== undefined) p.Mx = n.Mx;
    const moments: Record<string, unknown> = {};
    if (/无侧移|no sway|non-?sway|braced frame/i.test(text)) moments.sway = false;
    else if (/有侧移|sway frame/i.test(text)) moments.sway = true;
    if (/两端弯矩相等.{0,4}同向|等弯矩|单曲率|同向弯曲/.test(text)) moments.m2_m1 = 1;
    else if (/两端弯矩相等.{0,4}反向|双曲率|反向弯曲/.test(text)) moments.m2_m1 = -1;
    if (Object.keys(moments).length) p.moments = { ...(moments.m2_m1 !== undefined ? { transverse: 'none' } : {}), ...moments };
  }
  const l0 = n.l0 ?? n.span;
  const both = bothLengths(text);
  const l0x = n.l0x ?? both ?? l0;
  const l0y = n.l0y ?? both ?? l0;
  if (l0x !== undefined) p.l0x = l0x;
  if (l0y !== undefined) p.l0y = l0y;
  return p;
}

/** A steel member question: a steel grade, a rolled or welded steel section, or the steel code, with a figure. */
export function looksSteel(text: string): boolean {
  const t = text.normalize('NFKC');
  // 「How much steel do I need」 for a C30 beam is a reinforcement question: a concrete grade or rebar grade wins
  if (/(?<![A-Za-z])C[2-8][05](?!\d)|HRB|HPB|混凝土|concrete|rebar/i.test(t)) return false;
  return /(?<![A-Za-z])Q(?:235|345|355|390|420)(?!\d)|H型钢|工字钢|工字形|焊接H|(?<![A-Za-z])H[NWM]?\s*\d{3}\s*[x×*X]|钢梁|钢柱|型钢|钢构件|GB\s*50017|压弯构件|steel (?:beam|column|member|section)|[abcd]\s*类截面|[abcd]类\s*(?:λ|长细比)/i.test(t) && /\d/.test(t);
}

/** A plane frame to analyse (portal and multi-storey frames, continuous beams, trusses). */
export function looksSteelFrame(text: string): boolean {
  const t = text.normalize('NFKC');
  // a single span asked for its reactions or its end moment (一端固定一端简支 … 固定端弯矩多大): the frame analysis
  const singleSpanForces = /梁/.test(t) && /一端固定一端|两端固定|固定端弯矩|固端弯矩|支座弯矩|支座反力|反力/.test(t);
  return singleSpanForces || /刚架|门架|框架内力|平面框架|门式刚架|桁架|连续梁|支座反力|portal frame|plane frame|truss|continuous beam/i.test(t);
}
