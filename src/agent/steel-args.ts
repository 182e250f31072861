// The steel calculator's kind and params from a message ("Q355 的 HN400×200 梁，跨度 6 m，弯矩 200 kN·m，整体稳定够吗？"):
// what the user wrote, in the calculator's names; the calculator's own schema validates (a missing grade or length is
// its 400 naming the field). A beam's lateral-torsional check, when a span is given, assumes no intermediate lateral
// support (l1 = span) and a uniform load on the top flange (Table C.0.1 item 1); the answer's steps show both.
import { DESIGNATIONS, normalizeDesignation } from '../calc/steel/index.ts';

export const STEEL_KINDS: Array<[RegExp, string]> = [
  [/压弯|偏心受压|beam[-_ ]?column/i, 'beam_column'],
  [/稳定系数|stability coefficient/i, 'phi'],
  [/截面特性|惯性矩|回转半径|section propert/i, 'section'],
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

/** A designation of the built-in table from "HN400×200", "hn400x200x8x13", … (the first size of that series). */
export function steelDesignation(text: string): string | undefined {
  const m = /(H[WMN])\s*(\d{3})\s*[x×*X]\s*(\d{3})((?:\s*[x×*X]\s*\d+(?:\.\d+)?){0,2})/i.exec(text);
  if (!m) return undefined;
  const head = normalizeDesignation(`${m[1]}${m[2]}x${m[3]}`);
  const full = normalizeDesignation(`${m[1]}${m[2]}x${m[3]}${m[4]}`);
  return DESIGNATIONS.find((d) => normalizeDesignation(d) === full) ?? DESIGNATIONS.find((d) => normalizeDesignation(d).startsWith(`${head}x`));
}

/** The kind a message asks for: a beam-column when both an axial force and a moment are given to a column. */
export function steelKind(text: string): string | undefined {
  const kind = STEEL_KINDS.find(([re]) => re.test(text))?.[1];
  const axial = steelNumbers(text).N !== undefined;
  const moment = steelNumbers(text).Mx !== undefined;
  if ((kind === 'compression' || kind === 'beam') && axial && moment) return 'beam_column';
  return kind;
}

function steelNumbers(text: string): Record<string, number | undefined> {
  return {
    Mx: find(new RegExp(String.raw`(?:弯矩(?:设计值)?|(?<![A-Za-z])Mx?)${SEP}${NUM}`), text),
    N: find(new RegExp(String.raw`(?:轴力|轴压力|轴向压力|轴压|压力|拉力|(?<![A-Za-z])N)(?:设计值)?${SEP}${NUM}(?!\s*(?:mm|N\/|kN\s*[·.*]?\s*m))\s*(?:kN)?`, 'i'), text),
    V: find(new RegExp(String.raw`(?:剪力|(?<![A-Za-z])V)(?:设计值)?${SEP}${NUM}`), text),
    span: find(new RegExp(String.raw`(?:跨度|跨长|跨)${SEP}${NUM}\s*(?:m|米)`), text),
    l0: find(new RegExp(String.raw`(?:计算长度|柱高|高度|长度|(?<![A-Za-z])l0|(?<![A-Za-z])L)${SEP}${NUM}\s*(?:m|米)`), text),
    lambda: find(new RegExp(String.raw`(?:长细比|λ)${SEP}${NUM}`), text),
  };
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
  const designation = steelDesignation(text);
  if (designation) p.section = { type: 'rolled_h', designation };
  if (kind === 'section') return p;
  if (kind === 'beam') {
    if (n.Mx !== undefined) p.Mx = n.Mx;
    if (n.V !== undefined) p.V = n.V;
    if (n.span !== undefined) p.ltb = { l1: n.span, item: 1 };
    return p;
  }
  if (n.N !== undefined) p.N = n.N;
  if (kind === 'tension') return p;
  if (kind === 'beam_column' && n.Mx !== undefined) p.Mx = n.Mx;
  const l0 = n.l0 ?? n.span;
  if (l0 !== undefined) {
    p.l0x = l0;
    p.l0y = l0;
  }
  return p;
}

/** A steel member question: a steel grade, a rolled or welded steel section, or the steel code, with a figure. */
export function looksSteel(text: string): boolean {
  const t = text.normalize('NFKC');
  // 「How much steel do I need」 for a C30 beam is a reinforcement question: a concrete grade or rebar grade wins
  if (/(?<![A-Za-z])C[2-8][05](?!\d)|HRB|HPB|混凝土|concrete|rebar/i.test(t)) return false;
  return /(?<![A-Za-z])Q(?:235|345|355|390|420)(?!\d)|H型钢|工字钢|(?<![A-Za-z])H[NWM]\s*\d|钢梁|钢柱|型钢|钢构件|GB\s*50017|压弯构件|steel (?:beam|column|member|section)/i.test(t) && /\d/.test(t);
}

/** A plane frame to analyse (portal and multi-storey frames, continuous beams, trusses). */
export function looksSteelFrame(text: string): boolean {
  return /刚架|框架内力|平面框架|门式刚架|桁架|portal frame|plane frame|truss/i.test(text.normalize('NFKC'));
}
