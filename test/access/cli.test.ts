// `npm run keys`: the bootstrapping CLI issues, lists (masked), toggles and revokes keys in the state database
// (STATE_DATABASE_URL, else STATE_DB), and refuses bad arguments with a usage message and exit code 2. Run in process
// (runKeysCli), and once as a real process, on both state backends.
import { spawn } from 'node:child_process';
import { beforeAll, expect, it } from 'vitest';
import { authenticate, AuthError, confirmKey } from '../../src/access/keys.ts';
import { openStateStore } from '../../src/state.ts';
import { runKeysCli } from '../../scripts/keys.ts';
import { forEachBackend, settingsOf, stateOverrides } from '../helpers/state.ts';

/** Runs a command to its end without blocking this process's event loop. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

forEachBackend('keys CLI', (backend) => {
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    env = { ...process.env, ...(await stateOverrides(backend)) };
  });
  async function keys(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const status = await runKeysCli(args, env, { out: (t) => (stdout += t), err: (t) => (stderr += t) });
    return { status, stdout, stderr };
  }

  it('runs as `node --import tsx scripts/keys.ts` (what npm run keys starts) and issues a key that authenticates', async () => {
    const issued = await run(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', 'issue', '--name', 'bootstrap', '--daily-limit', '7', '--expires-days', '3', '--json'], env);
    expect(issued.status, issued.stderr).toBe(0);
    const { id, key, daily_limit, expires_at } = JSON.parse(issued.stdout);
    expect(key).toMatch(/^svc-[A-Za-z0-9_-]{43}$/);
    expect(daily_limit).toBe(7);
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
    const db = await openStateStore(settingsOf(env));
    try {
      const record = await authenticate(db, 'svc', `Bearer ${key}`);
      expect(record.id).toBe(id);

      const list = await keys('list');
      expect(list.status).toBe(0);
      expect(list.stdout).toContain(id);
      expect(list.stdout).toContain(`svc-…${key.slice(-4)}`);
      expect(list.stdout).toContain('0/7 today');
      expect(list.stdout).not.toContain(key.slice(4));

      expect((await keys('toggle', id)).stdout).toContain('disabled');
      await expect(confirmKey(db, record)).rejects.toThrow(AuthError); // the authoritative check every call makes
      expect((await keys('toggle', id)).stdout).toContain('enabled');
      expect((await keys('revoke', id)).stdout).toContain('revoked');
      const again = await keys('toggle', id);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('revoked');
      expect(JSON.parse((await keys('list', '--json')).stdout)[0]).toMatchObject({ id, status: 'revoked' });
    } finally {
      await db.close();
    }
  });

  it('issues with the default limit and shows the key once in the human output', async () => {
    const r = await keys('issue', '--name', 'plain');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/500 calls\/day, no expiry/);
    expect(r.stdout).toMatch(/^ {2}svc-[A-Za-z0-9_-]{43}$/m);
    expect(r.stdout).toContain('shown only this once');
  });

  it('refuses bad arguments with the usage text and exit code 2, and unknown ids with exit code 1', async () => {
    const bad = [['issue'], ['issue', '--name', '  '], ['issue', '--name', 'x', '--daily-limit', '0'], ['issue', '--name', 'x', '--daily-limit', 'many'], ['issue', '--name', 'x', '--expires-days', '2.5'], ['frobnicate'], ['toggle'], ['toggle', 'a', 'b'], ['issue', '--name', 'x', '--colour', 'red'], []];
    for (const args of bad) {
      const r = await keys(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('usage:');
    }
    expect((await keys('issue', '--name', 'x', '--daily-limit', '0')).stderr).toContain('--daily-limit must be at least 1');
    const unknown = await keys('revoke', 'no-such-id');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no key with id');
    expect((await keys('--help')).status).toBe(0);
  });
});
