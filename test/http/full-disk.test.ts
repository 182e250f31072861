// A full disk under the SQLite state database: writes answer 503 state_unavailable with retry-after (not a 500),
// and /health says so with a failing write probe (before: 500s, and /health answered ok because it only read).
// A real full disk: a small tmpfs mounted for the test (needs root, as the CI container runs; skipped otherwise).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { tempDir } from '../helpers/context.ts';

const dir = tempDir('svc-full-');
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'ignore' });
  mounted = true;
} catch {
  // not permitted here: skipped
}

(mounted ? describe : describe.skip)('a full disk under the state database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { STATE_DB: path.join(dir, 'state.db'), REGISTER_RATE_LIMIT: '1000000' } });
  });
  afterAll(async () => {
    await t?.close();
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
  });

  it('answers writes with 503 state_unavailable and /health with a failing write probe', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json().checks.state_write).toBe('ok');
    // fill the file system
    const filler = path.join(dir, 'filler');
    const chunk = Buffer.alloc(64 * 1024, 1);
    const fd = fs.openSync(filler, 'w');
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch {
      // ENOSPC: full
    } finally {
      fs.closeSync(fd);
    }
    const statuses: number[] = [];
    let refused: { status: number; code: string; retry: string | undefined } | null = null;
    for (let i = 0; i < 300 && !refused; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', remoteAddress: `10.7.${i >> 8}.${i & 255}`, payload: { username: `full_${i}`, password: 'a long pass phrase here' } });
      statuses.push(r.statusCode);
      if (r.statusCode >= 500) refused = { status: r.statusCode, code: r.json().error?.code, retry: r.headers['retry-after'] as string | undefined };
    }
    expect(refused, `statuses: ${[...new Set(statuses)].join(',')}`).not.toBeNull();
    expect(refused).toMatchObject({ status: 503, code: 'state_unavailable' });
    expect(Number(refused!.retry)).toBeGreaterThan(0);
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().checks.state_write).toMatch(/^failing/);
    fs.rmSync(filler);
  });
});
