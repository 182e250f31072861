// Concrete member checks from natural phrasing (「C30梁250×500，M=180kN·m，HRB400」, 「柱 400x400 N=2000kN l0=4.2m
// 配筋 1256」, 「梁抗剪 V=150 箍筋φ8@200 双肢」) → the `{kind, params}` request of src/calc/concrete, with the field
// names of its schemas (moment, N, V, b, h, cover, l0, As, dia, legs, spacing, w_lim, concrete_grade, steel_grade).
// Values are what the user wrote; the calculator's own schema validates them and names a bad field.

const KINDS: Array<[RegExp, 'crack' | 'shear' | 'column' | 'beam']> = [
  [/裂缝|crack/i, 'crack'],
  [/抗剪|剪力|箍筋|斜截面|shear|(?<![A-Za-z])V\s*[=＝:：]/i, 'shear'],
  [/柱|轴压|轴心受压|轴力|column|(?<![A-Za-z])N\s*[=＝:：]/i, 'column'],
  [/梁|受弯|弯矩|正截面|配筋|beam|(?<![A-Za-z])M\s*[=＝:：]/i, 'beam'],
];

const NUM = '(\\d+(?:\\.\\d+)?)';
const EQ = '\\s*(?:[=＝:：]|为|是|取)?\\s*';

const PARAMS: Array<[string, RegExp]> = [
  ['moment', new RegExp(`(?:弯矩(?:设计值)?|准永久弯矩|Mq|(?<![A-Za-z])M)${EQ}${NUM}`)],
  ['N', new RegExp(`(?:轴力(?:设计值)?|轴压力|轴向压力|(?<![A-Za-z])N)${EQ}${NUM}`)],
  ['V', new RegExp(`(?:剪力(?:设计值)?|(?<![A-Za-z])V)${EQ}${NUM}`)],
  ['b', new RegExp(`(?:截面宽度?|梁宽|柱宽|宽度|(?<![A-Za-z])b)${EQ}${NUM}`)],
  ['h', new RegExp(`(?:截面高度?|梁高|柱高|高度|(?<![A-Za-z])h)${EQ}${NUM}`)],
  ['cover', new RegExp(`(?:保护层(?:厚度)?|cover|cs|(?<![A-Za-z])c(?=\\s*[=＝:：]))${EQ}${NUM}`)],
  // as (lower case) is the distance to the tension steel's centroid; As (capital) an area
  ['as', new RegExp(`(?:(?<![A-Za-z])as|a_s|合力点距离)(?=\\s*[=＝:：])${EQ}${NUM}`)],
  ['l0', new RegExp(`(?:计算长度|l0|L0)${EQ}${NUM}`)],
  ['As', new RegExp(`(?:钢筋面积|配筋面积|纵筋面积|(?<![A-Za-z])As(?=\\s*[=＝:：]))${EQ}${NUM}|${NUM}\\s*mm(?:2|²)`)],
  // 8@150, Φ10@100: a stirrup's diameter before @
  ['dia', new RegExp(`(?:直径|dia|[φΦΦ∅⌀](?=\\s*\\d+\\s*@)|(?<![\\d.])(?=\\d{1,2}\\s*@))${EQ}${NUM}`)],
  ['legs', /(\d+)\s*肢|legs\s*[=＝:：]?\s*(\d+)|(双|四|单)肢|@\s*\d+\s*[（(](\d)[）)]/],
  ['spacing', new RegExp(`(?:间距|spacing|@)${EQ}${NUM}`)],
  ['w_lim', /(?:限值|wlim|w_lim)\s*[=＝:：]?\s*(0?\.\d+)/],
];

const LEGS: Record<string, number> = { 单: 1, 双: 2, 四: 4 };
const STEEL: Record<string, number> = { HPB300: 300, HRB400: 360, HRBF400: 360, RRB400: 360, HRB500: 435, HRBF500: 435 };

export interface ConcreteRequestGuess {
  kind: 'beam' | 'column' | 'shear' | 'crack';
  params: Record<string, number>;
}

/** Does the message read as a concrete member check? */
export function looksConcrete(text: string): boolean {
  const material = /混凝土|配筋|HRB|HPB|(?<![A-Za-z])C[2-5][05](?!\d)|kN|箍筋|截面|\d\s*(?:[x×X*✕]|乘)\s*\d|(?<![A-Za-z])[MNV]\s*[=＝]|concrete|rebar/i;
  const member = /(?<![四年月日时])柱|梁|配筋|裂缝|箍筋|截面|受弯|受剪|底筋|面筋|负筋|纵筋|受拉钢筋|(?<![A-Za-z])(?:As|M|V|N)\s*[=＝:：]|(?<![A-Za-z])As\b|beam|column|crack|shear/i;
  return material.test(text) && member.test(text) && /\d/.test(text);
}

/** The kind and the parameters written in the message (params only as given; defaults are the calculator's). */
export function readConcrete(text: string, fallbackKind?: ConcreteRequestGuess['kind']): ConcreteRequestGuess | null {
  const t = text.normalize('NFKC');
  const kind = KINDS.find(([re]) => re.test(t))?.[1] ?? fallbackKind;
  if (!kind) return null;
  const params: Record<string, number> = {};
  const bh = /(\d{2,4})\s*(?:mm)?\s*(?:[x×X*✕]|乘以?)\s*(\d{2,4})/.exec(t);
  if (bh) {
    params.b = Number(bh[1]);
    params.h = Number(bh[2]);
  }
  for (const [name, re] of PARAMS) {
    if (params[name] !== undefined) continue;
    const m = re.exec(t);
    if (!m) continue;
    params[name] = name === 'legs' && m[3] ? LEGS[m[3]]! : Number(m[1] ?? m[2] ?? m[4]);
  }
  // 箍筋φ8@200: the diameter and spacing of the stirrups; longitudinal bars 8根20 / 3Φ20 / 3C25 give the area for
  // crack and column (an As written beside them wins), and a crack's bar diameter
  const bars = longitudinalBars(t);
  if (bars && (kind === 'crack' || kind === 'column')) {
    params.As ??= bars.area;
    if (kind === 'crack') params.dia = bars.dia;
  }
  const grade = /(?<![A-Za-z])C\s*(20|25|30|35|40|45|50)(?!\d)/i.exec(t);
  if (grade) params.concrete_grade = Number(grade[1]);
  const steel = /(HPB|HRBF?|RRB)\s*(300|335|400|500)/i.exec(t);
  if (steel) {
    const key = STEEL[`${steel[1]!.toUpperCase()}${steel[2]}`];
    if (key) params.steel_grade = key;
    // HRB335 (fy = 300 MPa, old drawings) is not one of the calculator's grades: never the default HRB400 (fy = 360,
    // unconservative); the next grade below, HPB300 (fy = 270), is used and said (see oldGradeNote)
    else if (steel[2] === '335') params.steel_grade = 300;
  }
  if (kind === 'beam' && params.moment === undefined) {
    const derived = momentFromLoads(t);
    if (derived) params.moment = derived.moment;
  }
  // a column's l0 is in metres: 4200 (mm) is converted
  if (kind === 'column' && params.l0 !== undefined && params.l0 > 250) params.l0 = params.l0 / 1000;
  // only the fields of this kind (the calculator's schemas are strict)
  const allowed = KIND_FIELDS[kind];
  for (const k of Object.keys(params)) if (!allowed.includes(k)) delete params[k];
  return { kind, params };
}

/**
 * Longitudinal bars as engineers write them: 8根20, 4Φ22, 3C25 (C, Φ and HRB400's symbol name the grade's bar), with
 * their area n·π·d²/4 (rounded to mm²). Stirrups (Φ8@150) are not longitudinal bars.
 */
export function longitudinalBars(text: string): { count: number; dia: number; area: number; written: string; groups: Array<{ count: number; dia: number }> } | null {
  // one group (3C25) or groups joined by + (2C20+2C22: the areas add; the diameter read is the largest)
  const GROUP = String.raw`(\d{1,2})\s*(?:根\s*(?:[φΦΦ∅⌀CＣ]\s*)?|[φΦΦ∅⌀CＣ]\s*)(\d{1,2})(?![\d.]|\s*@)`;
  const m = new RegExp(String.raw`(?<![\d.@])${GROUP}(?:\s*[+＋]\s*${GROUP})*`).exec(text);
  if (!m) return null;
  const groups = [...m[0].matchAll(new RegExp(GROUP, 'g'))].map((g) => ({ count: Number(g[1]), dia: Number(g[2]) }));
  if (groups.some((g) => g.count < 1 || g.dia < 6 || g.dia > 50)) return null;
  const count = groups.reduce((s, g) => s + g.count, 0);
  const area = Math.round(groups.reduce((s, g) => s + (g.count * Math.PI * g.dia * g.dia) / 4, 0));
  return { count, dia: Math.max(...groups.map((g) => g.dia)), area, written: m[0].trim(), groups };
}

/** A beam's design moment from its span and load in words: 简支梁 L=6m q=30kN/m → qL²/8; 悬臂 1.8m 端部 50kN → PL. */
/** The sentence saying an old grade was checked with a lower one (HRB335 → HPB300), or null. */
export function oldGradeNote(text: string, lang: 'zh' | 'en'): string | null {
  if (!/HRBF?\s*335/i.test(text)) return null;
  return lang === 'en'
    ? 'HRB335 is not one of the calculator\'s grades (HPB300, HRB400, HRB500): checked with HPB300 (fy = 270 MPa, below HRB335\'s 300 MPa), which errs on the safe side.'
    : 'HRB335 不在计算器的钢筋牌号（HPB300、HRB400、HRB500）中：按 HPB300（fy = 270 MPa，低于 HRB335 的 300 MPa）计算，结果偏保守。';
}

export function momentFromLoads(text: string): { moment: number; formula: string } | null {
  const span = /(?:跨度|跨长|计算跨度|(?:挑出|悬挑|悬臂|悬伸|伸出)(?:梁|段)?(?:长度|长)?|梁长|(?<![A-Za-z])[Ll]0?)\s*(?:[=＝:：]|为|是)?\s*(\d+(?:\.\d+)?)\s*(?:m|米)(?![m\w])/.exec(text);
  if (!span) return null;
  const L = Number(span[1]);
  const q = /(?:(?<![A-Za-z])q|均布(?:荷载)?(?:设计值)?)\s*(?:[=＝:：]|为|是)?\s*(\d+(?:\.\d+)?)\s*kN\s*\/\s*m/i.exec(text);
  const P = /(?:集中(?:力|荷载)|(?<![A-Za-z])[PF])\s*(?:[=＝:：]|为|是)?\s*(\d+(?:\.\d+)?)\s*kN(?!\s*[·.*]?\s*m|\s*\/)/i.exec(text);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  if (/悬臂|挑出|悬挑|cantilever/i.test(text)) {
    if (P) return { moment: round(Number(P[1]) * L), formula: `M = P·L = ${P[1]}×${L} = ${round(Number(P[1]) * L)} kN·m（悬臂端集中力，支座弯矩）` };
    if (q) return { moment: round((Number(q[1]) * L * L) / 2), formula: `M = qL²/2 = ${q[1]}×${L}²/2 = ${round((Number(q[1]) * L * L) / 2)} kN·m（悬臂均布荷载，支座弯矩）` };
    return null;
  }
  if (/简支|simply supported/i.test(text)) {
    if (q) return { moment: round((Number(q[1]) * L * L) / 8), formula: `M = qL²/8 = ${q[1]}×${L}²/8 = ${round((Number(q[1]) * L * L) / 8)} kN·m（简支梁均布荷载，跨中弯矩）` };
    // equal loads at the third points (two) or quarter points (three): M = PL/3 or PL/2 at midspan; one load at
    // midspan PL/4 (assuming a single midspan load for two loads would be unconservative)
    if (P && /三分点|三等分|two (?:equal )?(?:point )?loads|third[- ]points?/i.test(text)) return { moment: round((Number(P[1]) * L) / 3), formula: `M = PL/3 = ${P[1]}×${L}/3 = ${round((Number(P[1]) * L) / 3)} kN·m（简支梁三分点各一个集中力，跨中弯矩）` };
    if (P && /四分点|四等分|quarter[- ]points?/i.test(text)) return { moment: round((Number(P[1]) * L) / 2), formula: `M = PL/2 = ${P[1]}×${L}/2 = ${round((Number(P[1]) * L) / 2)} kN·m（简支梁四分点各一个集中力，跨中弯矩）` };
    if (P && /两个集中|各一个|各作用|各有一个|两处|多个集中/.test(text)) return null;
    if (P) return { moment: round((Number(P[1]) * L) / 4), formula: `M = PL/4 = ${P[1]}×${L}/4 = ${round((Number(P[1]) * L) / 4)} kN·m（简支梁跨中集中力，跨中弯矩）` };
  }
  return null;
}

const COMMON = ['concrete_grade', 'steel_grade', 'b', 'h'];
const KIND_FIELDS: Record<ConcreteRequestGuess['kind'], string[]> = {
  beam: [...COMMON, 'moment', 'cover', 'as'],
  column: [...COMMON, 'N', 'l0', 'As'],
  shear: [...COMMON, 'V', 'dia', 'legs', 'spacing', 'as'],
  crack: [...COMMON, 'moment', 'As', 'cover', 'dia', 'w_lim'],
};
