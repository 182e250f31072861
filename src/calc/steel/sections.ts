// Section properties (steel.md §2.2): welded I (three plates), rolled H (three plates and four root fillets, the
// GB/T 11263 way) and sections given by their properties. Also the plate ratios of Table 3.5.1 note 2 and the
// column curves of Tables 7.2.1-1/-2 before a*/b* are resolved by the grade.
import { ROLLED_H, type RolledH } from './hsections.ts';

export const CURVES = ['a', 'b', 'c', 'd', 'a*', 'b*'] as const;
export type Curve = (typeof CURVES)[number];
export type ResolvedCurve = 'a' | 'b' | 'c' | 'd';

export const FLANGE_EDGES = ['flame_cut', 'rolled_or_sheared'] as const;

export interface WeldedInput {
  type: 'welded_i';
  h: number;
  b: number;
  tw: number;
  tf: number;
  b2?: number | undefined;
  tf2?: number | undefined;
  flange_edge: (typeof FLANGE_EDGES)[number];
}

export interface RolledInput {
  type: 'rolled_h';
  designation?: string | undefined;
  h?: number | undefined;
  b?: number | undefined;
  tw?: number | undefined;
  tf?: number | undefined;
  r?: number | undefined;
}

export interface PropsInput {
  type: 'props';
  A: number;
  Ix: number;
  Iy: number;
  Wx?: number | undefined;
  Wx2?: number | undefined;
  Wy?: number | undefined;
  ix?: number | undefined;
  iy?: number | undefined;
  Sx?: number | undefined;
  h?: number | undefined;
  b?: number | undefined;
  tf?: number | undefined;
  tw?: number | undefined;
  class_x?: Curve | undefined;
  class_y?: Curve | undefined;
  flange_bt?: number | undefined;
  web_htw?: number | undefined;
  t_for_f?: number | undefined;
}

export type SectionInput = WeldedInput | RolledInput | PropsInput;

/** Everything the checks read off a section; null where a `props` section did not give it. */
export interface Section {
  type: SectionInput['type'];
  /** e.g. "HN400x200x8x13", "焊接工字形 450×150×12×18" */
  label: string;
  h: number | null;
  /** top (compression) flange */
  b1: number | null;
  t1: number | null;
  b2: number | null;
  t2: number | null;
  tw: number | null;
  r: number;
  A: number;
  Ix: number;
  Iy: number;
  /** modulus at the top (compression) fibre */
  Wx1: number | null;
  /** modulus at the bottom fibre */
  Wx2: number | null;
  Wy: number | null;
  ix: number;
  iy: number;
  Sx: number | null;
  /** I1/(I1 + I2), Appendix C */
  alphaB: number | null;
  flangeBt: number | null;
  webHtw: number | null;
  /** web depth between flanges less the root fillets (3.5.1 note 2) */
  h0: number | null;
  /** thickest plate (Table 4.4.1 note 1), thicker flange, web: for choosing f and fv */
  tMax: number | null;
  tFlange: number | null;
  tWeb: number | null;
  /** column curves of Tables 7.2.1-1/-2 before a*, b* are resolved; null when a props section gave none */
  curveX: Curve | null;
  curveY: Curve | null;
  curveRule: string;
  /** top and bottom flanges alike (b1 t1 = b2 t2) */
  doublySymmetric: boolean;
  /** neutral axis from the bottom fibre (mm); null when a props section gives neither h with Wx nor plates */
  yc: number | null;
  /** the web's compression-side (top) and bottom edges from the bottom fibre, between the root fillets (3.5.1 note 2) */
  yWebTop: number | null;
  yWebBot: number | null;
  /** outstand ratio b/t of the top (flange 1) and the bottom flange: the compressed flange decides the class */
  flangeBt1: number | null;
  flangeBt2: number | null;
}

// Root fillet (the spandrel between web face, flange face and an arc of radius r), per unit r: area, centroid
// distance from each straight edge, own second moment about its centroid. Derived once from the square minus the
// quarter circle rather than typed in, so the 0.2146 / 0.2234 / 0.00754 of §2.2 follow from geometry.
const FILLET = (() => {
  const area = 1 - Math.PI / 4;
  const qArea = Math.PI / 4;
  const qCentroid = 1 - 4 / (3 * Math.PI); // quarter circle centred at (1, 1): centroid distance from the edge
  const qIedge = Math.PI / 16 - qArea * (4 / (3 * Math.PI)) ** 2 + qArea * qCentroid ** 2;
  const centroid = (0.5 - qArea * qCentroid) / area;
  const Iedge = 1 / 3 - qIedge;
  return { area, centroid, I: Iedge - area * centroid ** 2 };
})();

export const FILLET_CONSTANTS = FILLET;

// the designations a caller writes are few: each is normalised once (a frame checks hundreds of members of a few)
const NORMALISED = new Map<string, string>();

/** Accepts "HN400x200x8x13", "hn400*200*8*13", "HN400×200×8×13". */
export function normalizeDesignation(text: string): string {
  let n = NORMALISED.get(text);
  if (n === undefined) {
    n = text.trim().toUpperCase().replace(/[×*X]/g, 'x').replace(/\s+/g, '');
    if (NORMALISED.size < 1000) NORMALISED.set(text, n);
  }
  return n;
}

const BY_DESIGNATION = new Map(ROLLED_H.map((r) => [normalizeDesignation(r.designation), r]));

export function findRolled(designation: string): RolledH | undefined {
  return BY_DESIGNATION.get(normalizeDesignation(designation));
}

interface Plates {
  h: number;
  b1: number;
  t1: number;
  b2: number;
  t2: number;
  tw: number;
  r: number;
}

type SectionMeta = Pick<Section, 'type' | 'label' | 'tMax' | 'tFlange' | 'tWeb' | 'curveX' | 'curveY' | 'curveRule'>;

// One object literal with every field (no spread of a computed part): spreading ~20 properties and adding more sent
// V8 down its slow dictionary path, the largest cost of a member check.
function plateSection(p: Plates, m: SectionMeta): Section {
  const { h, b1, t1, b2, t2, tw, r } = p;
  const hw = h - t1 - t2;
  const af = FILLET.area * r * r;
  const c = FILLET.centroid * r;
  const If = FILLET.I * r ** 4;
  // [area, y of centroid from the bottom, own I about its horizontal axis]
  const parts: Array<[number, number, number]> = [
    [b1 * t1, h - t1 / 2, (b1 * t1 ** 3) / 12],
    [tw * hw, t2 + hw / 2, (tw * hw ** 3) / 12],
    [b2 * t2, t2 / 2, (b2 * t2 ** 3) / 12],
  ];
  if (r > 0) {
    parts.push([2 * af, h - t1 - c, 2 * If], [2 * af, t2 + c, 2 * If]);
  }
  const A = parts.reduce((s, [a]) => s + a, 0);
  const yc = parts.reduce((s, [a, y]) => s + a * y, 0) / A;
  const Ix = parts.reduce((s, [a, y, i]) => s + i + a * (y - yc) ** 2, 0);
  const xf = tw / 2 + c;
  const Iy = (t1 * b1 ** 3) / 12 + (hw * tw ** 3) / 12 + (t2 * b2 ** 3) / 12 + (r > 0 ? 4 * (If + af * xf * xf) : 0);
  // first moment about the neutral axis of everything above it (the neutral axis lies in the web)
  const top = h - t1;
  const Sx = b1 * t1 * (h - t1 / 2 - yc) + (tw * (top - yc) ** 2) / 2 + (r > 0 ? 2 * af * (top - c - yc) : 0);
  const I1 = (t1 * b1 ** 3) / 12;
  const I2 = (t2 * b2 ** 3) / 12;
  const out1 = (b1 - tw) / 2 - r;
  const out2 = (b2 - tw) / 2 - r;
  return {
    type: m.type,
    label: m.label,
    h, b1, t1, b2, t2, tw, r, A, Ix, Iy,
    Wx1: Ix / (h - yc),
    Wx2: Ix / yc,
    Wy: Iy / (Math.max(b1, b2) / 2),
    ix: Math.sqrt(Ix / A),
    iy: Math.sqrt(Iy / A),
    Sx,
    alphaB: I1 / (I1 + I2),
    flangeBt: Math.max(out1 / t1, out2 / t2),
    webHtw: (hw - 2 * r) / tw,
    h0: hw - 2 * r,
    tMax: m.tMax,
    tFlange: m.tFlange,
    tWeb: m.tWeb,
    curveX: m.curveX,
    curveY: m.curveY,
    curveRule: m.curveRule,
    doublySymmetric: b1 === b2 && t1 === t2,
    yc,
    yWebTop: h - t1 - r,
    yWebBot: t2 + r,
    flangeBt1: out1 / t1,
    flangeBt2: out2 / t2,
  };
}

const dims = (...v: number[]) => v.map((x) => String(x)).join('×');

// The table's sections are data: their properties are computed once, on first use, and shared (read-only).
const TABLE_CACHE = new Map<string, Section>();

/** Properties of a validated section input (the schema has already checked that the plates fit together). */
export function sectionProperties(input: SectionInput): Section {
  if (input.type === 'rolled_h' && input.designation !== undefined) {
    const key = normalizeDesignation(input.designation);
    let s = TABLE_CACHE.get(key);
    if (!s) {
      s = Object.freeze(computeSection(input)) as Section;
      TABLE_CACHE.set(key, s);
    }
    return s;
  }
  return computeSection(input);
}

function computeSection(input: SectionInput): Section {
  if (input.type === 'welded_i') {
    const b2 = input.b2 ?? input.b;
    const t2 = input.tf2 ?? input.tf;
    const tFlange = Math.max(input.tf, t2);
    const flame = input.flange_edge === 'flame_cut';
    const thick = tFlange >= 40;
    const edge = flame ? '焰切边' : '轧制或剪切边';
    const unequal = b2 !== input.b || t2 !== input.tf;
    return plateSection(
      { h: input.h, b1: input.b, t1: input.tf, b2, t2, tw: input.tw, r: 0 },
      {
        type: 'welded_i',
        label: `焊接工字形 ${dims(input.h, input.b, input.tw, input.tf)}${unequal ? `（下翼缘 ${dims(b2, t2)}）` : ''}`,
        tMax: Math.max(tFlange, input.tw),
        tFlange,
        tWeb: input.tw,
        curveX: flame ? 'b' : thick ? 'c' : 'b',
        curveY: flame ? 'b' : thick ? 'd' : 'c',
        curveRule: `焊接工字形，翼缘${edge}，t ${thick ? '≥' : '<'} 40 mm（表 7.2.1-${thick ? 2 : 1}）`,
      },
    );
  }
  if (input.type === 'rolled_h') {
    const row = input.designation !== undefined ? findRolled(input.designation) : undefined;
    const d = row ?? { designation: '', h: input.h!, b: input.b!, tw: input.tw!, tf: input.tf!, r: input.r! };
    let cx: Curve;
    let cy: Curve;
    let rule: string;
    if (d.tf >= 80) [cx, cy, rule] = ['c', 'd', '轧制 H 型钢，t ≥ 80 mm（表 7.2.1-2）'];
    else if (d.tf >= 40) [cx, cy, rule] = ['b', 'c', '轧制 H 型钢，40 ≤ t < 80 mm（表 7.2.1-2）'];
    else if (d.b / d.h <= 0.8) [cx, cy, rule] = ['a', 'b', `轧制 H 型钢，b/h = ${(d.b / d.h).toFixed(3)} ≤ 0.8（表 7.2.1-1）`];
    else [cx, cy, rule] = ['a*', 'b*', `轧制 H 型钢，b/h = ${(d.b / d.h).toFixed(3)} > 0.8（表 7.2.1-1，a*/b* 按钢号取）`];
    return plateSection(
      { h: d.h, b1: d.b, t1: d.tf, b2: d.b, t2: d.tf, tw: d.tw, r: d.r },
      {
        type: 'rolled_h',
        label: row ? row.designation : `热轧 H 型钢 ${dims(d.h, d.b, d.tw, d.tf)}，r = ${d.r}`,
        tMax: Math.max(d.tf, d.tw),
        tFlange: d.tf,
        tWeb: d.tw,
        curveX: cx,
        curveY: cy,
        curveRule: rule,
      },
    );
  }
  const p = input;
  const ix = p.ix ?? Math.sqrt(p.Ix / p.A);
  const iy = p.iy ?? Math.sqrt(p.Iy / p.A);
  const tFor = p.t_for_f ?? (p.tf !== undefined || p.tw !== undefined ? Math.max(p.tf ?? 0, p.tw ?? 0) : null);
  return {
    type: 'props',
    label: `给定截面特性 A = ${p.A} mm²`,
    h: p.h ?? null,
    b1: p.b ?? null,
    t1: p.tf ?? null,
    b2: p.b ?? null,
    t2: p.tf ?? null,
    tw: p.tw ?? null,
    r: 0,
    A: p.A,
    Ix: p.Ix,
    Iy: p.Iy,
    Wx1: p.Wx ?? (p.h !== undefined ? p.Ix / (p.h / 2) : null),
    Wx2: p.Wx2 ?? p.Wx ?? (p.h !== undefined ? p.Ix / (p.h / 2) : null),
    Wy: p.Wy ?? (p.b !== undefined ? p.Iy / (p.b / 2) : null),
    ix,
    iy,
    Sx: p.Sx ?? null,
    alphaB: p.Wx2 !== undefined && p.Wx !== undefined && p.Wx2 !== p.Wx ? null : 0.5,
    flangeBt: p.flange_bt ?? null,
    webHtw: p.web_htw ?? null,
    h0: p.h !== undefined && p.tf !== undefined ? p.h - 2 * p.tf : null,
    tMax: tFor,
    tFlange: p.t_for_f ?? p.tf ?? null,
    tWeb: p.t_for_f ?? p.tw ?? null,
    curveX: p.class_x ?? null,
    curveY: p.class_y ?? null,
    curveRule: p.class_x || p.class_y ? '截面类别由输入给定' : '未给截面类别（class_x/class_y）',
    doublySymmetric: p.Wx2 === undefined || p.Wx2 === p.Wx,
    // the neutral axis from the depth and the compression-fibre modulus (Wx = Ix/(h − yc)); mid-depth without Wx
    yc: p.h !== undefined ? (p.Wx !== undefined ? p.h - p.Ix / p.Wx : p.h / 2) : null,
    yWebTop: p.h !== undefined && p.tf !== undefined ? p.h - p.tf : null,
    yWebBot: p.h !== undefined && p.tf !== undefined ? p.tf : null,
    flangeBt1: p.flange_bt ?? null,
    flangeBt2: p.flange_bt ?? null,
  };
}

/**
 * The same section turned upside down (flange 2 on top), for a moment that compresses the bottom flange: the
 * compressed flange is then flange 1, whose modulus, class and φb the checks read (issue 32: the sign of M decides).
 * Null when turning changes nothing (a rolled H, equal flanges, a props section without a second modulus).
 */
export function flippedSection(input: SectionInput): SectionInput | null {
  if (input.type === 'welded_i') {
    const b2 = input.b2 ?? input.b;
    const t2 = input.tf2 ?? input.tf;
    if (b2 === input.b && t2 === input.tf) return null;
    return { ...input, b: b2, tf: t2, b2: input.b, tf2: input.tf };
  }
  if (input.type === 'props') {
    if (input.Wx2 === undefined || input.Wx === undefined || input.Wx2 === input.Wx) return null;
    return { ...input, Wx: input.Wx2, Wx2: input.Wx };
  }
  return null;
}

/** a* and b* of Table 7.2.1-1 note 1: Q235 takes b and c, higher grades a and b. */
export function resolveCurve(curve: Curve, isQ235: boolean): ResolvedCurve {
  if (curve === 'a*') return isQ235 ? 'b' : 'a';
  if (curve === 'b*') return isQ235 ? 'c' : 'b';
  return curve;
}
