// `npm start`: validate the configuration, build what a fresh machine lacks (the data import, with progress
// bars), then serve HTTP until SIGINT/SIGTERM.
import { ConfigError, loadConfig } from './config.ts';
import { StateOpenError } from './state.ts';
import { ImportError } from './data/import/context.ts';
import { createContext } from './context.ts';
import { checkNativeModules, NativeModuleError } from './db/native.ts';
import { buildApp } from './http/app.ts';
import { ensureBuilt } from './setup.ts';
import { ContentError, siteContent } from './site/content.ts';
import { warmSearch } from './site/search.ts';
import { siteKbReady } from './kb/site-seed.ts';
import { closeOffload, offload } from './offload/pool.ts';

async function warmInBackground(dataDb: string): Promise<void> {
  const started = Date.now();
  try {
    let warmed = 0;
    for (const pair of await offload(dataDb, 'warm_pairs', null, { background: true })) if (await offload(dataDb, 'warm_pair', pair, { background: true })) warmed++;
    process.stderr.write(`match_by_score warmed for ${warmed} province × subject pairs in ${((Date.now() - started) / 1000).toFixed(1)} s (serving meanwhile)\n`);
  } catch (err) {
    process.stderr.write(`warming match_by_score stopped: ${(err as Error).message}\n`);
  }
}

async function main(): Promise<void> {
  checkNativeModules();
  const config = loadConfig();
  await ensureBuilt(config);
  // The site's content is read and checked now: a broken note stops the start with the file and field named,
  // and the first search does not pay for building the index.
  warmSearch(siteContent());
  // A dropped idle PostgreSQL connection is replaced by the pool; say so on stderr rather than crash.
  const ctx = createContext(config, { onStateError: (err) => process.stderr.write(`state database connection error: ${err.message}\n`) });
  const app = await buildApp(ctx);
  // The site knowledge base is brought up to date before the first request needs it (a few seconds on first start).
  const kb = await siteKbReady(await ctx.openState(), config);
  process.stderr.write(`knowledge base "site": ${kb.chunks} chunks (${kb.added} added, ${kb.removed} removed, ${kb.reembedded} re-embedded), embedder ${kb.embedder}\n`);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stderr.write(`${config.siteName} (${config.brand}) listening on http://${config.host}:${port}  MCP: /mcp  docs: /llms.txt\n`);
  // Listening first: a restart serves at once. The first match_by_score of each province would otherwise pay for
  // predicting every past line (up to ~2 s), so the offload worker that runs it warms every province and family now,
  // one pair at a time behind any request's job, the provinces with the most candidates first.
  void warmInBackground(config.dataDb);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`${signal}: closing\n`);
    await app.close();
    await closeOffload();
    await ctx.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  const oneLine = err instanceof ConfigError || err instanceof ImportError || err instanceof NativeModuleError || err instanceof StateOpenError || err instanceof ContentError;
  process.stderr.write(oneLine ? `${err.message}\n` : `failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
