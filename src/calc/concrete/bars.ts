// Bar and stirrup suggestions: the smallest provided area that is not less than the requirement. Only
// uniform bar sizes are suggested; an engineer refines mixed layouts by hand.
import type { Suggestion } from './result.ts';

export const MAIN_BAR_DIAMETERS = [12, 14, 16, 18, 20, 22, 25, 28, 32] as const;
export const STIRRUP_DIAMETERS = [6, 8, 10, 12, 14] as const;

export function barArea(d: number): number {
  return (Math.PI * d * d) / 4;
}

export interface BarChoice {
  n: number;
  d: number;
  area: number;
  layers: 1 | 2;
}

function smallest(options: BarChoice[]): BarChoice | null {
  let best: BarChoice | null = null;
  for (const o of options) {
    if (!best || o.area < best.area - 1e-9 || (Math.abs(o.area - best.area) <= 1e-9 && o.n < best.n)) best = o;
  }
  return best;
}

/** Diameters tried first; 28 and 32 mm only when nothing up to 25 mm fits (they are harder to place and lap). */
const PREFERRED_MAX = 25;

/**
 * Bottom bars of a beam: the smallest area ≥ As in one layer with clear spacing ≥ max(25 mm, d) (9.2.1), bars
 * inside a 10 mm stirrup at the given cover (the same assumption as as = cover + 20); bars up to 25 mm first, then
 * 28/32, then two layers.
 */
export function beamBars(As: number, b: number, cover: number): BarChoice | null {
  const options: BarChoice[] = [];
  for (const d of MAIN_BAR_DIAMETERS) {
    const gap = Math.max(25, d);
    const inside = b - 2 * (cover + 10);
    const perLayer = Math.floor((inside + gap) / (d + gap));
    if (perLayer < 2) continue;
    for (let n = 2; n <= 2 * perLayer; n++) {
      const area = n * barArea(d);
      if (area + 1e-9 < As) continue;
      options.push({ n, d, area, layers: n <= perLayer ? 1 : 2 });
      break;
    }
  }
  const oneLayer = options.filter((o) => o.layers === 1);
  return (
    smallest(oneLayer.filter((o) => o.d <= PREFERRED_MAX)) ??
    smallest(oneLayer) ??
    smallest(options.filter((o) => o.d <= PREFERRED_MAX)) ??
    smallest(options)
  );
}

/** Distance from the column face to the centre of a corner bar: 20 mm cover, 8 mm tie, about half a 20 mm bar. */
const COLUMN_BAR_INSET = 38;

/**
 * Column bars, symmetric on the four faces: start from the fewest bars per face that keep the centre spacing
 * ≤ 300 mm (9.3.1), add bars to the face with the widest spacing while the clear spacing stays ≥ 50 mm, and take
 * the first layout for which some diameter (≥ 12 mm, 9.3.1; up to 25 mm first) gives an area ≥ As.
 */
export function columnBars(As: number, b: number, h: number): BarChoice | null {
  const lb = b - 2 * COLUMN_BAR_INSET;
  const lh = h - 2 * COLUMN_BAR_INSET;
  if (lb <= 0 || lh <= 0) return null;
  for (const dmax of [PREFERRED_MAX, 32]) {
    let kb = Math.max(2, Math.ceil(lb / 300) + 1);
    let kh = Math.max(2, Math.ceil(lh / 300) + 1);
    for (let step = 0; step < 200; step++) {
      const n = 2 * kb + 2 * kh - 4;
      const spacing = Math.min(lb / (kb - 1), lh / (kh - 1));
      const fits = MAIN_BAR_DIAMETERS.filter((d) => d <= dmax && spacing - d >= 50);
      if (fits.length === 0) break;
      const d = fits.find((dd) => n * barArea(dd) + 1e-9 >= As);
      if (d !== undefined) return { n, d, area: n * barArea(d), layers: 1 };
      if (lb / (kb - 1) >= lh / (kh - 1)) kb++;
      else kh++;
    }
  }
  return null;
}

/**
 * The grade's bar symbol as drawings type it (GB 50010 Table 4.2.2-1: HPB300 Φ, HRB400 the Φ with one bar, typed
 * C, HRB500 typed D): an HRB400 bar written 「Φ」 reads as a plain HPB300 bar (issue 32). Ribbed grades are named
 * beside the symbol, since C and D are typing conventions.
 */
export function barSymbol(grade: string): string {
  return grade === 'HRB400' ? 'C' : grade === 'HRB500' ? 'D' : 'Φ';
}

function named(grade: string): string {
  return grade === 'HPB300' ? '' : `（${grade}）`;
}

export function barText(c: BarChoice, grade: string): string {
  return `${c.n}${barSymbol(grade)}${c.d}${named(grade)}`;
}

export function stirrupText(d: number | string, s: number | string, legs: number, grade: string): string {
  return `${barSymbol(grade)}${d}@${s}（${legsText(legs)}${grade === 'HPB300' ? '' : `，${grade}`}）`;
}

const LEG_NAMES: Record<number, string> = { 1: '单肢', 2: '双肢', 3: '三肢', 4: '四肢', 5: '五肢', 6: '六肢' };

export function legsText(legs: number): string {
  return LEG_NAMES[legs] ?? `${legs} 肢`;
}

/**
 * Stirrups for a required Asv/s: the given diameter first (or dmin if it is smaller), then larger ones; spacing is
 * the least of what strength, the minimum ratio and smax allow, rounded down to 10 mm. The first diameter that
 * gives s ≥ 100 mm wins; failing that, the largest one that still gives 50 mm.
 */
export function stirrups(
  asvSreq: number, legs: number, dia: number, dmin: number, smax: number, rhoSvMin: number, b: number, grade = 'HPB300',
): Suggestion | null {
  const first = Math.max(dia, dmin);
  const candidates = [first, ...STIRRUP_DIAMETERS.filter((d) => d > first)];
  let fallback: Suggestion | null = null;
  for (const d of candidates) {
    const asv = legs * barArea(d);
    let s = smax;
    if (asvSreq > 0) s = Math.min(s, asv / asvSreq);
    if (rhoSvMin > 0) s = Math.min(s, asv / (b * rhoSvMin));
    s = Math.floor(s / 10) * 10;
    if (s < 10) continue;
    const suggestion: Suggestion = { text: stirrupText(d, s, legs, grade), area: asv / s, unit: 'mm²/mm' };
    if (s >= 100) return suggestion;
    if (s >= 50) fallback = suggestion;
  }
  return fallback;
}
