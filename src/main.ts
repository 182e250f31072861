// `npm start`: validate the configuration, build what a fresh machine lacks (the data import, with progress
// bars), then serve HTTP until SIGINT/SIGTERM.
import { ConfigError, loadConfig } from './config.ts';
import { ImportError } from './data/import/context.ts';
import { createContext } from './context.ts';
import { buildApp } from './http/app.ts';
import { ensureBuilt } from './setup.ts';
import { ContentError, siteContent } from './site/content.ts';
import { warmSearch } from './site/search.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  await ensureBuilt(config);
  // The site's content is read and checked now: a broken note stops the start with the file and field named,
  // and the first search does not pay for building the index.
  warmSearch(siteContent());
  const ctx = createContext(config);
  const app = await buildApp(ctx);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stderr.write(`${config.siteName} (${config.brand}) listening on http://${config.host}:${port}  MCP: /mcp  docs: /llms.txt\n`);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`${signal}: closing\n`);
    await app.close();
    ctx.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(err instanceof ConfigError || err instanceof ImportError || err instanceof ContentError ? `${err.message}\n` : `failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
