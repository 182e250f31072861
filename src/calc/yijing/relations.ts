// Hexagrams as six-character strings of 0/1, bottom line first (the bundle's convention), and the classical
// relations between them.
import type { LineValue } from './generator.ts';

export function isMoving(value: LineValue): boolean {
  return value === 6 || value === 9;
}

/** 本卦: 7 and 9 are yang. */
export function primaryBinary(values: readonly LineValue[]): string {
  return values.map((v) => (v === 7 || v === 9 ? '1' : '0')).join('');
}

/** 变卦: old yang (9) becomes yin, old yin (6) becomes yang. */
export function changedBinary(values: readonly LineValue[]): string {
  return values.map((v) => (v === 7 || v === 6 ? '1' : '0')).join('');
}

/** 1-based positions of the moving lines, bottom first. */
export function movingPositions(values: readonly LineValue[]): number[] {
  const out: number[] = [];
  values.forEach((v, i) => {
    if (isMoving(v)) out.push(i + 1);
  });
  return out;
}

/** 互卦: lines 2–4 make the lower trigram, lines 3–5 the upper. */
export function nuclearBinary(binary: string): string {
  return binary.slice(1, 4) + binary.slice(2, 5);
}

/** 错卦 (旁通): every line turned over. */
export function oppositeBinary(binary: string): string {
  let out = '';
  for (const c of binary) out += c === '1' ? '0' : '1';
  return out;
}

/** 综卦 (反对): the hexagram seen upside down. */
export function invertedBinary(binary: string): string {
  return [...binary].reverse().join('');
}
