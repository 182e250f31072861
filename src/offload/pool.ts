// Runs CPU-heavy engine calls (tasks.ts) on worker threads, so no request holds the event loop for long: /health,
// keys and every other request keep being answered while a frame is solved or a cold province is matched. One
// pool per data database, WORKERS threads started on first use, each task queued until a worker is free. An error
// thrown in the worker comes back as the same kind of error (InputError, NotFoundError … with its field).
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { ForbiddenError, InputError, NotFoundError, ServiceError, UnavailableError } from '../errors.ts';
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';

/** Threads per pool: one less than the cores (the event loop keeps one), at least one. */
export const WORKERS = Math.max(1, Math.min(4, (os.availableParallelism?.() ?? os.cpus().length) - 1));

interface Job {
  id: number;
  task: TaskName;
  input: unknown;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

interface WorkerError {
  name: string;
  message: string;
  service: { status: number; type: ServiceError['type']; code: string; param: string | null; headers: Record<string, string> } | null;
}

function revive(e: WorkerError): Error {
  const s = e.service;
  if (!s) return new Error(e.message);
  if (e.name === 'InputError') return new InputError(e.message, s.param, s.code);
  if (e.name === 'NotFoundError') return new NotFoundError(e.message, s.param);
  if (e.name === 'ForbiddenError') return new ForbiddenError(e.message, s.code, s.param);
  if (e.name === 'UnavailableError') return new UnavailableError(e.message, s.code);
  return new ServiceError(e.message, s.status, s.type, s.code, s.param, s.headers);
}

class Pool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job>();
  private readonly queue: Job[] = [];
  /** background work (warming): taken only when no request's job waits */
  private readonly background: Job[] = [];
  private started = 0;
  private next = 1;

  constructor(private readonly dataDb: string) {}

  run(task: TaskName, input: unknown, background: boolean): Promise<unknown> {
    return new Promise((resolve, reject) => {
      (background ? this.background : this.queue).push({ id: this.next++, task, input, resolve, reject });
      this.pump();
    });
  }

  private spawn(): Worker {
    // the worker is TypeScript like the rest of the service: its entry registers tsx, as `npm start` runs under it
    const w = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: { dataDb: this.dataDb } });
    w.unref();
    w.on('message', (m: { id: number; ok: boolean; value?: unknown; error?: WorkerError }) => {
      const job = this.busy.get(w);
      this.busy.delete(w);
      this.idle.push(w);
      if (job) (m.ok ? job.resolve(m.value) : job.reject(revive(m.error!)));
      this.pump();
    });
    w.on('error', (err) => this.lost(w, err));
    w.on('exit', (code) => this.lost(w, new Error(`offload worker exited with code ${code}`)));
    return w;
  }

  /** A worker that died fails its job (a 500 for that request only) and is replaced on the next job. */
  private lost(w: Worker, err: Error): void {
    const job = this.busy.get(w);
    this.busy.delete(w);
    const i = this.idle.indexOf(w);
    if (i >= 0) this.idle.splice(i, 1);
    if (job || i >= 0 || this.busy.size + this.idle.length < this.started) this.started--;
    job?.reject(err);
    this.pump();
  }

  private pump(): void {
    while (this.queue.length || this.background.length) {
      let w = this.idle.pop();
      if (!w && this.started < WORKERS) {
        this.started++;
        w = this.spawn();
      }
      if (!w) return;
      const job = (this.queue.length ? this.queue : this.background).shift()!;
      this.busy.set(w, job);
      w.ref();
      w.postMessage({ id: job.id, task: job.task, input: job.input });
    }
    for (const w of this.idle) w.unref();
  }

  async close(): Promise<void> {
    const all = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    this.busy.clear();
    this.started = 0;
    await Promise.all(all.map((w) => w.terminate()));
  }
}

const pools = new Map<string, Pool>();

/** Runs a task on a worker thread of the pool for this data database; resolves with its result. `background`:
 * it waits while any request's job waits (warming). */
export function offload<N extends TaskName>(dataDb: string, task: N, input: TaskInput<N>, opts: { background?: boolean } = {}): Promise<TaskOutput<N>> {
  let pool = pools.get(dataDb);
  if (!pool) pools.set(dataDb, (pool = new Pool(dataDb)));
  return pool.run(task, input, opts.background === true) as Promise<TaskOutput<N>>;
}

/** Stops every pool's workers (the service closing). */
export async function closeOffload(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.close()));
}
