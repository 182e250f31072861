// Starts the real Fastify app on a real context, with a freshly issued key. `listen: true` also binds a loopback
// port for tests where a real client (openai SDK, MCP client, browser) is the point.
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

/** `backend` puts the state on a fresh database of that backend (default: a fresh SQLite file). */
export async function startTestApp(opts: { listen?: boolean; config?: ConfigOverrides; dailyLimit?: number; backend?: Backend } = {}): Promise<TestApp> {
  const ctx = testContext({ ...(opts.backend ? await stateOverrides(opts.backend) : {}), ...opts.config });
  const { key, record } = await issueKey(await ctx.openState(), ctx.config.keyPrefix, { name: 'test', daily_limit: opts.dailyLimit ?? 100_000 });
  const app = await buildApp(ctx);
  let url = '';
  if (opts.listen) {
    await app.listen({ host: '127.0.0.1', port: 0 });
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
