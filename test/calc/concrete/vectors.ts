// The worked cases of ../shared/reference/concrete.json (params, the source's published figures in `expected`, the
// figures under this service's conventions in `recomputed_api`), loaded once for every concrete test.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../src/config.ts';

export interface Vector {
  id: string;
  kind: string;
  params: Record<string, number>;
  expected: Record<string, unknown>;
  recomputed_api: Record<string, unknown>;
  agreement?: string;
  note: string;
  test_against: string;
}

export const VECTORS_FILE = path.resolve(REPO_ROOT, '../shared/reference/concrete.json');
export const VECTORS: Vector[] = JSON.parse(fs.readFileSync(VECTORS_FILE, 'utf8'));
