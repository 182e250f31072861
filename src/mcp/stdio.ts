// `npm run mcp`: the registries over stdio for agent hosts, both protocol eras (serveStdio pins the era per
// connection from the opening exchange). Only protocol goes to stdout; anything else to stderr.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { attachToolStats } from '../access/tool-stats.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { StateOpenError } from '../state.ts';
import { ImportError } from '../data/import/context.ts';
import { createContext } from '../context.ts';
import { checkNativeModules, NativeModuleError } from '../db/native.ts';
import { ensureBuilt } from '../setup.ts';
import { buildMcpServer } from './server.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function main(): Promise<void> {
  // Before anything prints "data import…": a host that starts us with another Node gets one line, not a stack.
  checkNativeModules();
  const config = loadConfig();
  // The import prints its progress to stderr, never stdout, so it cannot corrupt the protocol stream.
  await ensureBuilt(config, { quiet: false });
  const ctx = createContext(config);
  await ctx.openState();
  // Tool calls made over stdio count in the developers' per-tool statistics like every other transport's.
  const stats = attachToolStats(ctx).retain();
  const inflight = new Set<Promise<unknown>>();
  const handle = serveStdio(() => buildMcpServer(ctx, { keyId: null, inflight }), {
    onerror: (err) => process.stderr.write(`[mcp] ${err.message}\n`),
  });

  // A host may close stdin right after its last call: let that call finish (its statistics are recorded when it
  // does), then write the statistics and close the databases before exiting.
  let closing: Promise<void> | null = null;
  const shutdown = () =>
    (closing ??= (async () => {
      await tick();
      await tick();
      await Promise.allSettled([...inflight]);
      await handle.close().catch(() => undefined);
      try {
        await stats.release();
      } finally {
        await ctx.close();
      }
      process.exit(0);
    })());
  process.stdin.once('end', shutdown);
  process.stdin.once('close', shutdown);
  process.once('beforeExit', shutdown);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  const oneLine = err instanceof ConfigError || err instanceof ImportError || err instanceof NativeModuleError || err instanceof StateOpenError;
  process.stderr.write(oneLine ? `svc-mcp: ${err.message}\n` : `${err?.stack ?? err}\n`);
  process.exit(1);
});
