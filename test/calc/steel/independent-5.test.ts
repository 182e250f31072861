// The 60 wave-5 independent cases of steel-author5 (independent-cases-5.json; derivations in
// scripts/steel-independent-5/). First sight on branch steel5 at 8fcb147, before any fix for them: 59/60
// (docs/steel.md). Every case must agree.
import { describe, expect, it } from 'vitest';
import { CASES_5, runCase5 } from './independent-5.ts';

describe('independent steel cases, wave 5 (steel-author5)', () => {
  it('has the 60 cases', () => {
    expect(CASES_5).toHaveLength(60);
  });
  it.each(CASES_5.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(runCase5(c)).toEqual([]);
  });
});
