// The frame cases of ../shared/reference/steel.json (params, the source's figures in `expected` keyed by paths such
// as "members.AB.M_i", every figure under steel.md Part B in `recomputed_api`), and the comparison both the engine
// and the route tests use: |calc − expected| ≤ max(rel·|expected|, abs) (Part B §10).
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../../src/config.ts';

export interface FrameVector {
  id: string;
  kind: 'frame';
  params: Record<string, unknown>;
  status: string;
  tolerance: { rel: number; abs: number };
  expected: Record<string, number>;
  recomputed_api: { nodes: Array<Record<string, number | string | null>>; reactions: Array<Record<string, number | string>>; members: Array<Record<string, number | string>>; storeys?: Array<Record<string, number | null>>; theta_max?: number };
  source: string;
}

export const VECTORS_FILE = path.resolve(REPO_ROOT, '../shared/reference/steel.json');
export const FRAME_VECTORS: FrameVector[] = (JSON.parse(fs.readFileSync(VECTORS_FILE, 'utf8')) as FrameVector[]).filter((v) => v.kind === 'frame');

type Result = { nodes: Array<{ id: string }>; reactions: Array<{ node: string }>; members: Array<{ id: string }> };

/** The value at a path "members.AB.M_i" / "nodes.2.rz" / "reactions.A.ry" of a frame result. */
export function at(result: Result, p: string): unknown {
  const [table, id, key] = p.split('.') as ['nodes' | 'reactions' | 'members', string, string];
  const rows = result[table] as Array<Record<string, unknown>>;
  const row = rows.find((r) => (r.id ?? r.node) === id);
  return row?.[key];
}

export function within(got: unknown, want: number, tol: { rel: number; abs: number }): boolean {
  return typeof got === 'number' && Math.abs(got - want) <= Math.max(tol.rel * Math.abs(want), tol.abs);
}

/** Every (path, figure) of `recomputed_api` that is a number, as paths like `expected` uses. */
export function recomputedPaths(v: FrameVector): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const table of ['nodes', 'reactions', 'members'] as const) {
    for (const row of v.recomputed_api[table]) {
      const id = String(row.id ?? row.node);
      for (const [k, val] of Object.entries(row)) if (typeof val === 'number') out.push([`${table}.${id}.${k}`, val]);
    }
  }
  return out;
}
