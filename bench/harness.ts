// Measuring helpers shared by every benchmark suite. Every figure is printed next to its ratio to a bare Fastify
// route measured in the same run, so machine speed and load cancel out of the comparison.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';

export interface BenchRow {
  name: string;
  figure: number;
  unit: string;
  better: 'higher' | 'lower';
  /** the row's own comparison, e.g. tyme4ts direct for the sizhu engine */
  baseline?: { name: string; figure: number };
  /** a target from an issue, e.g. "≥ 5× baseline" or "≤ 2 ms" */
  target?: string;
  pass?: boolean;
}

export interface HttpResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface HttpOptions {
  connections?: number;
  seconds?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** several request shapes, cycled (autocannon `requests`) */
  paths?: string[];
}

export interface BenchServer {
  url: string;
  key: string;
  close(): Promise<void>;
}

export interface BenchHarness {
  /** calls per second of fn over about `seconds` (after a short warm-up) */
  ops(fn: () => unknown, seconds?: number): Promise<number>;
  /** per-call latency percentiles in ms over n calls (after warm-up) */
  latency(fn: () => unknown, n?: number): Promise<{ p50: number; p99: number; mean: number }>;
  /** loopback HTTP load with keep-alive connections; bounded in time */
  http(url: string, opts?: HttpOptions): Promise<HttpResult>;
  /** the real service (or the bare baseline) in a child process */
  startServer(kind: 'app' | 'bare', opts?: { dataDb?: string; env?: Record<string, string> }): Promise<BenchServer>;
  /** the bare Fastify route's figures, measured first */
  bare: { http: HttpResult; url: string };
  /** quick mode (BENCH_QUICK=1): shorter runs for a smoke check */
  quick: boolean;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function ops(fn: () => unknown, seconds = 2): Promise<number> {
  const warm = performance.now() + Math.min(500, seconds * 250);
  while (performance.now() < warm) await fn();
  let n = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 16; i++) await fn();
    n += 16;
  }
  return (n * 1000) / (performance.now() - start);
}

export async function latency(fn: () => unknown, n = 2000): Promise<{ p50: number; p99: number; mean: number }> {
  for (let i = 0; i < Math.min(200, n); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), mean: times.reduce((a, b) => a + b, 0) / n };
}

export async function http(url: string, opts: HttpOptions = {}): Promise<HttpResult> {
  const base = new URL(url);
  const result = await autocannon({
    url: base.origin,
    connections: opts.connections ?? 64,
    duration: opts.seconds ?? 5,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    requests: (opts.paths ?? [base.pathname + base.search]).map((p) => ({ path: p, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body })),
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

export async function startServer(kind: 'app' | 'bare', opts: { dataDb?: string; env?: Record<string, string> } = {}): Promise<BenchServer> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-'));
  // BENCH_SERVER_NODE_ARGS: flags for the server process only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (not
  // allowed in NODE_OPTIONS)
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeArgs, '--import', 'tsx', path.resolve('bench/server.ts'), kind, stateDir, opts.dataDb ?? ''];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'silent', ...opts.env } });
  children.add(child);
  const line = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { url, key } = JSON.parse(line) as { url: string; key: string };
  return {
    url,
    key,
    async close() {
      child.kill('SIGTERM');
      children.delete(child);
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
