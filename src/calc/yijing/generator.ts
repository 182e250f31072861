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

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator) seeded from SHA-256; returns uint32 outputs. */
export function seededGenerator(method: Method, seed: string): () => number {
  const digest = sha256(`yijing/${ALGORITHM_VERSION}\0${method}\0${seed.normalize('NFC')}`);
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < DISCARD; i++) next();
  return next;
}

/**
 * The six line values (初 to 上) of one seeded cast. `out` lets the statistical test and the benchmark reuse one
 * array; the API passes nothing and gets a fresh one.
 */
export function castLineValues(method: Method, seed: string, out: LineValue[] = new Array<LineValue>(6)): LineValue[] {
  const next = seededGenerator(method, seed);
  if (method === 'coins') {
    for (let i = 0; i < 6; i++) {
      const r = next();
      // bit = 1 is heads (3), 0 tails (2): the sum is 6 plus the number of heads.
      out[i] = (6 + (r & 1) + ((r >>> 1) & 1) + ((r >>> 2) & 1)) as LineValue;
    }
  } else if (method === 'yarrow') {
    for (let i = 0; i < 6; i++) out[i] = YARROW_TABLE[next() >>> 28]!;
  } else {
    const upper = TRIGRAM_LINES[next() >>> 29]!;
    const lower = TRIGRAM_LINES[next() >>> 29]!;
    const moving = next() % 6; // position - 1
    for (let i = 0; i < 6; i++) {
      const yang = i < 3 ? lower[i] : upper[i - 3];
      out[i] = (i === moving ? (yang ? 9 : 6) : yang ? 7 : 8) as LineValue;
    }
  }
  return out;
}
