// roundSig, the rounding every quantity the calculators report goes through (tidy, fmt): the same figures as
// Number(v.toPrecision(sig)), which it replaces for speed.
import { describe, expect, it } from 'vitest';
import { roundSig } from '../../../src/calc/concrete/result.ts';

describe('roundSig (the rounding every reported quantity goes through)', () => {
  it('equals Number(v.toPrecision(sig)) on random values of every magnitude and on exact halves', () => {
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const gens = [() => (rnd() - 0.5) * 10 ** (rnd() * 30 - 15), () => Math.round(rnd() * 1e7) / 10 ** Math.floor(rnd() * 8), () => (Math.floor(rnd() * 1e6) + 0.5) / 10 ** Math.floor(rnd() * 10), () => -rnd() * 1000];
    for (const sig of [3, 4, 6]) {
      for (let i = 0; i < 20000; i++) {
        const v = gens[i % gens.length]!();
        const want = v === 0 ? 0 : Number(v.toPrecision(sig));
        expect(roundSig(v, sig), `${v} to ${sig}`).toBe(want === 0 ? 0 : want);
      }
    }
  });
});
