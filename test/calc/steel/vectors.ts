// The member cases of ../shared/reference/steel.json (params, the source's published figures in `expected`, the
// figures under steel.md Part B in `recomputed_api`, each with its tolerance), and the one comparison every steel
// test applies: |calc − want| ≤ max(rel·|want|, abs) (Part B §10).
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../src/config.ts';

export interface SteelVector {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  status: string;
  tolerance: { rel?: number; abs?: number };
  expected: Record<string, unknown>;
  recomputed_api: Record<string, unknown>;
  test_against: string;
}

export const VECTORS_FILE = path.resolve(REPO_ROOT, '../shared/reference/steel.json');
const ALL: SteelVector[] = JSON.parse(fs.readFileSync(VECTORS_FILE, 'utf8'));
export const MEMBER_VECTORS = ALL.filter((v) => v.kind !== 'frame');

/** The figures a case is judged by: Part B's for every key, the source's printed ones where the case says so. */
export function targets(v: SteelVector): Record<string, unknown> {
  return { ...v.recomputed_api, ...(v.test_against.startsWith('expected') ? v.expected : {}) };
}

/** Problems of `values` against the case (empty when it agrees within its tolerance). */
export function mismatches(v: SteelVector, values: Record<string, unknown>): string[] {
  const out: string[] = [];
  const rel = v.tolerance.rel ?? 0.005;
  const abs = v.tolerance.abs ?? 0;
  for (const [k, want] of Object.entries(targets(v))) {
    const got = values[k];
    if (typeof want === 'number') {
      if (typeof got !== 'number' || !(Math.abs(got - want) <= Math.max(rel * Math.abs(want), abs))) out.push(`${v.id} ${k}: want ${want}, got ${String(got)}`);
    } else if (got !== want) out.push(`${v.id} ${k}: want ${String(want)}, got ${String(got)}`);
  }
  return out;
}
