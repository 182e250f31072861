// A server process for HTTP benchmarks, so the load generator and the server do not share one event loop.
// `bare`: a Fastify instance with one JSON route and nothing else (the baseline); `app`: the real service with a
// fresh state database (a SQLite file in stateDir, or the PostgreSQL database of STATE_DATABASE_URL) and one issued
// key. Prints one JSON line {url, key} when listening.
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { issueKey } from '../src/access/keys.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { buildApp } from '../src/http/app.ts';

const [kind, stateDir, dataDb] = process.argv.slice(2);

async function main(): Promise<void> {
  if (kind === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ object: 'list', data: [{ id: 'svc', object: 'model', created: 0, owned_by: 'svc' }] }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, key: '' }));
    return;
  }
  const config = loadConfig(process.env, {
    LOG_LEVEL: 'silent',
    STATE_DB: path.join(stateDir!, 'state.db'),
    ...(dataDb ? { DATA_DB: dataDb } : {}),
  });
  const ctx = createContext(config);
  const { key } = await issueKey(await ctx.openState(), config.keyPrefix, { name: 'bench', daily_limit: 10_000_000 });
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, key }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

// BENCH_LOOP_DELAY=1: how long the event loop was held, printed to stderr on exit (where a slow /health comes from).
const loop = process.env.BENCH_LOOP_DELAY === '1' ? monitorEventLoopDelay({ resolution: 10 }) : null;
loop?.enable();

// Exit through process.exit on a signal so exit handlers run (e.g. --cpu-prof writes its profile).
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (loop) console.error(`event loop delay (${kind}): p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`);
    process.exit(0);
  });
