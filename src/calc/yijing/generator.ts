// The seeded casting algorithm, version v1 (spec/yijing.md "Reproducibility"). This is the only place that turns a
// (method, seed) pair into six line values; the API, the tool, the statistical tests and the benchmark all call
// castLineValues, so what the tests measure is what users get.
import crypto from 'node:crypto';

export const ALGORITHM_VERSION = 'v1';

export const METHODS = ['coins', 'random', 'yarrow'] as const;
export type Method = (typeof METHODS)[number];

/** 6 old yin (moving), 7 young yang, 8 young yin, 9 old yang (moving); bottom line first. */
export type LineValue = 6 | 7 | 8 | 9;

/**
 * Trigram index order of the `random` method (乾兑离震巽坎艮坤, the 先天 order), each as its three lines bottom
 * first (1 = yang). These are the definitions of the trigrams; the import checks the bundle agrees.
 */
export const TRIGRAM_ORDER = ['乾', '兑', '离', '震', '巽', '坎', '艮', '坤'] as const;
export const TRIGRAM_LINES: readonly (readonly [0 | 1, 0 | 1, 0 | 1])[] = [
  [1, 1, 1],
  [1, 1, 0],
  [1, 0, 1],
  [1, 0, 0],
  [0, 1, 1],
  [0, 1, 0],
  [0, 0, 1],
  [0, 0, 0],
];

// Yarrow-stalk odds 1/16, 5/16, 7/16, 3/16, indexed by the top 4 bits of one output.
const YARROW_TABLE: readonly LineValue[] = [6, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8, 9, 9, 9];

const DISCARD = 12;

// crypto.hash (one-shot, no Hash object) is about 40 % faster than createHash on short inputs; it arrived in
// Node 20.12, so older 20.x fall back to createHash (same digest).
const sha256: (input: string) => Buffer =
  typeof (crypto as { hash?: unknown }).hash === 'function'
    ? (input) => (crypto as unknown as { hash(alg: string, data: string, enc: 'buffer'): Buffer }).hash('sha256', input, 'buffer')
    : (input) => crypto.createHash('sha256').update(input, 'utf8').digest();

/** A seed as the algorithm sees it: numbers by their decimal form, strings NFC-normalised. */
export function canonicalSeed(seed: string | number): string {
  return (typeof seed === 'number' ? String(seed) : seed).normalize('NFC');
}

/** A fresh unpredictable seed for casts that were not given one (returned to the caller for replay). */
export function randomSeed(): string {
  return crypto.randomBytes(12).toString('base64url');
}

/** The sfc32 state for a (method, seed): the first 16 bytes of SHA-256 as four little-endian uint32 words. */
export function seedState(method: Method, seed: string): Uint32Array {
  const digest = sha256(`yijing/${ALGORITHM_VERSION}\0${method}\0${seed.normalize('NFC')}`);
  return Uint32Array.of(digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12));
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, from PractRand) over a state array, advanced in place;
 * returns the next uint32. A plain function over a typed array, so the hot loop allocates nothing.
 */
export function sfc32Next(s: Uint32Array): number {
  const a = s[0]!;
  const b = s[1]!;
  const c = s[2]!;
  const d = s[3]!;
  const t = (a + b + d) >>> 0;
  // Stores into a Uint32Array wrap modulo 2^32, which is the uint32 arithmetic sfc32 is defined with.
  s[0] = b ^ (b >>> 9);
  s[1] = c + (c << 3);
  s[2] = ((c << 21) | (c >>> 11)) + t;
  s[3] = d + 1;
  return t;
}

/** A seeded generator positioned after the discarded outputs: the stream every method draws from. */
export function seededGenerator(method: Method, seed: string): Uint32Array {
  const state = seedState(method, seed);
  for (let i = 0; i < DISCARD; i++) sfc32Next(state);
  return state;
}

/**
 * The six line values (初 to 上) of one seeded cast. `out` lets the statistical test and the benchmark reuse one
 * array; the API passes nothing and gets a fresh one.
 */
export function castLineValues(method: Method, seed: string, out: LineValue[] = [7, 7, 7, 7, 7, 7]): LineValue[] {
  const s = seededGenerator(method, seed);
  if (method === 'coins') {
    for (let i = 0; i < 6; i++) {
      const r = sfc32Next(s);
      // bit = 1 is heads (3), 0 tails (2): the sum is 6 plus the number of heads.
      out[i] = (6 + (r & 1) + ((r >>> 1) & 1) + ((r >>> 2) & 1)) as LineValue;
    }
  } else if (method === 'yarrow') {
    for (let i = 0; i < 6; i++) out[i] = YARROW_TABLE[sfc32Next(s) >>> 28]!;
  } else {
    const upper = TRIGRAM_LINES[sfc32Next(s) >>> 29]!;
    const lower = TRIGRAM_LINES[sfc32Next(s) >>> 29]!;
    const moving = sfc32Next(s) % 6; // position - 1
    for (let i = 0; i < 6; i++) {
      const yang = i < 3 ? lower[i] : upper[i - 3];
      out[i] = (i === moving ? (yang ? 9 : 6) : yang ? 7 : 8) as LineValue;
    }
  }
  return out;
}
