// Starts the real Fastify app on a real context, with a freshly issued key. `listen: true` also binds a loopback
// port for tests where a real client (openai SDK, MCP client, browser) is the point.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { issueKey } from '../../src/access/keys.ts';
import type { ServiceContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { testContext, type ConfigOverrides } from './context.ts';
import { stateOverrides, type Backend } from './state.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: ServiceContext;
  key: string;
  keyId: string;
  auth: { authorization: string };
  url: string;
  close(): Promise<void>;
}

/** A port free right now on loopback (for a test whose SITE_URL must be the address it listens on). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * `listen: true` binds an ephemeral port; `listen: 'site'` binds a fixed free port that is also the configured PORT,
 * so SITE_URL (and every address the service states about itself: the agent card's url, llms.txt) is reachable.
 * `backend` puts the state on a fresh database of that backend (default: a fresh SQLite file).
 */
export async function startTestApp(opts: { listen?: boolean | 'site'; config?: ConfigOverrides; dailyLimit?: number; backend?: Backend } = {}): Promise<TestApp> {
  const port = opts.listen === 'site' ? await freePort() : 0;
  const ctx = testContext({ ...(opts.backend ? await stateOverrides(opts.backend) : {}), ...(port ? { PORT: String(port) } : {}), ...opts.config });
  const { key, record } = await issueKey(await ctx.openState(), ctx.config.keyPrefix, { name: 'test', daily_limit: opts.dailyLimit ?? 100_000 });
  const app = await buildApp(ctx);
  let url = '';
  if (opts.listen) {
    await app.listen({ host: '127.0.0.1', port });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  } else {
    await app.ready();
  }
  return {
    app,
    ctx,
    key,
    keyId: record.id,
    auth: { authorization: `Bearer ${key}` },
    url,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}
