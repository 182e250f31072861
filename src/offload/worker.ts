// A worker thread of the offload pool (pool.ts): runs tasks (tasks.ts) by name, one at a time, and answers each with
// its result or its error (a ServiceError keeps its class, status, code and field across the thread boundary).
import { parentPort, workerData } from 'node:worker_threads';
import { openDataDb, type DB } from '../db/open.ts';
import { ServiceError } from '../errors.ts';
import { TASKS, type TaskName } from './tasks.ts';

let db: DB | null = null;
const dataDb = () => (db ??= openDataDb((workerData as { dataDb: string }).dataDb));

parentPort!.on('message', (m: { id: number; task: TaskName; input: unknown }) => {
  try {
    const run = TASKS[m.task] as (db: () => DB, input: unknown) => unknown;
    parentPort!.postMessage({ id: m.id, ok: true, value: run(dataDb, m.input) });
  } catch (err) {
    const e = err as Error;
    const service = err instanceof ServiceError ? { status: err.status, type: err.type, code: err.code, param: err.param, headers: err.headers } : null;
    parentPort!.postMessage({ id: m.id, ok: false, error: { name: e?.constructor?.name ?? 'Error', message: String(e?.message ?? err), service } });
  }
});
