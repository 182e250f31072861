// No log line of a real server process at debug level contains an app password or a login token: registration,
// good and bad logins, the lock-out, me with good, revoked and forged tokens, logout, a password sent in a URL query.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/context.ts';
import { startServerProcess } from '../access/server-process.ts';

describe('logs of app accounts', () => {
  it('never contain a password or a token, at debug level', async () => {
    const server = await startServerProcess({ STATE_DB: path.join(tempDir(), 'state.db'), LOG_LEVEL: 'debug' });
    const password = 'log test passphrase 42';
    const secrets = [password, 'another wrong passphrase', 'QueryStringPassword-8841'];
    try {
      const json = { 'content-type': 'application/json' };
      const call = (url: string, body?: unknown, token?: string) =>
        fetch(`${server.url}${url}`, { method: body === undefined ? 'GET' : 'POST', headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      expect((await call('/api/v1/auth/register', { username: 'logger', password })).status).toBe(201);
      expect((await call('/api/v1/auth/register', { username: 'logger2', password: 'short' })).status).toBe(400);
      const token = (await (await call('/api/auth/login', { username: 'logger', password })).json()).data.token as string;
      secrets.push(token.slice(3));
      expect((await call('/api/auth/me', undefined, token)).status).toBe(200);
      expect((await call(`/api/auth/me?token=${token}`, undefined, token)).status).toBe(200);
      expect((await call('/api/auth/logout', {}, token)).status).toBe(200);
      // a client that puts credentials in the URL (whatever the route answers, the URL is logged)
      await call(`/api/auth/login?username=logger&password=${secrets[2]}`, { username: 'logger', password: 'x' });
      await call(`/api/auth/me?Password=${secrets[2]}&pwd=${secrets[2]}`);
      expect((await call('/api/auth/me', undefined, token)).status).toBe(401);
      for (let i = 0; i < 7; i++) await call('/api/auth/login', { username: 'logger', password: secrets[1] });
      expect((await call('/api/auth/login', { username: 'logger', password })).status).toBe(429);
    } finally {
      await server.stop();
    }
    const log = server.output();
    expect(log).toMatch(/"level":20/);
    expect(log).toContain('/api/auth/login');
    expect(log).toContain('password=…');
    for (const secret of secrets) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(secret.slice(0, 16));
    }
  });
});
