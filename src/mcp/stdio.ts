// `npm run mcp`: the registry over stdio for agent hosts. Only protocol goes to stdout; anything else to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { attachToolStats } from '../access/tool-stats.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { StateOpenError } from '../db/state.ts';
import { ImportError } from '../data/import/context.ts';
import { createContext } from '../context.ts';
import { ensureBuilt } from '../setup.ts';
import { buildMcpServer } from './server.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  // The import prints its progress to stderr, never stdout, so it cannot corrupt the protocol stream.
  await ensureBuilt(config, { quiet: false });
  const ctx = createContext(config);
  await ctx.openState();
  // Tool calls made over stdio count in the developers' per-tool statistics like every other transport's.
  const stats = attachToolStats(ctx).retain();
  const server = buildMcpServer(ctx);
  await server.connect(new StdioServerTransport());
  const shutdown = async () => {
    await server.close();
    await stats.release();
    await ctx.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  process.stderr.write(err instanceof ConfigError || err instanceof ImportError || err instanceof StateOpenError ? `${err.message}\n` : `${err?.stack ?? err}\n`);
  process.exit(1);
});
