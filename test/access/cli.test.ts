// `npm run keys`: the bootstrapping CLI issues, lists (masked), toggles and revokes keys in STATE_DB, and refuses
// bad arguments with a usage message and exit code 2. Run in process (runKeysCli), and once as a real process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authenticate, AuthError, confirmKey } from '../../src/access/keys.ts';
import { openStateDb } from '../../src/db/state.ts';
import { runKeysCli } from '../../scripts/keys.ts';
import { tempDir } from '../helpers/context.ts';

const stateDb = path.join(tempDir(), 'state.db');
const env = { ...process.env, STATE_DB: stateDb };
function keys(...args: string[]): { status: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const status = runKeysCli(args, env, { out: (t) => (stdout += t), err: (t) => (stderr += t) });
  return { status, stdout, stderr };
}

describe('keys CLI', () => {
  it('runs as `node --import tsx scripts/keys.ts` (what npm run keys starts) and issues a key that authenticates', () => {
    const issued = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/keys.ts', 'issue', '--name', 'bootstrap', '--daily-limit', '7', '--expires-days', '3', '--json'], { env, encoding: 'utf8' });
    expect(issued.status, issued.stderr).toBe(0);
    const { id, key, daily_limit, expires_at } = JSON.parse(issued.stdout);
    expect(key).toMatch(/^svc-[A-Za-z0-9_-]{43}$/);
    expect(daily_limit).toBe(7);
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
    const db = openStateDb(stateDb);
    try {
      const record = authenticate(db, 'svc', `Bearer ${key}`);
      expect(record.id).toBe(id);

      const list = keys('list');
      expect(list.status).toBe(0);
      expect(list.stdout).toContain(id);
      expect(list.stdout).toContain(`svc-…${key.slice(-4)}`);
      expect(list.stdout).toContain('0/7 today');
      expect(list.stdout).not.toContain(key.slice(4));

      expect(keys('toggle', id).stdout).toContain('disabled');
      expect(() => confirmKey(db, record)).toThrow(AuthError); // the authoritative check every call makes
      expect(keys('toggle', id).stdout).toContain('enabled');
      expect(keys('revoke', id).stdout).toContain('revoked');
      const again = keys('toggle', id);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain('revoked');
      expect(JSON.parse(keys('list', '--json').stdout)[0]).toMatchObject({ id, status: 'revoked' });
    } finally {
      db.close();
    }
  });

  it('issues with the default limit and shows the key once in the human output', () => {
    const r = keys('issue', '--name', 'plain');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/500 calls\/day, no expiry/);
    expect(r.stdout).toMatch(/^ {2}svc-[A-Za-z0-9_-]{43}$/m);
    expect(r.stdout).toContain('shown only this once');
  });

  it('refuses bad arguments with the usage text and exit code 2, and unknown ids with exit code 1', () => {
    const bad = [['issue'], ['issue', '--name', '  '], ['issue', '--name', 'x', '--daily-limit', '0'], ['issue', '--name', 'x', '--daily-limit', 'many'], ['issue', '--name', 'x', '--expires-days', '2.5'], ['frobnicate'], ['toggle'], ['toggle', 'a', 'b'], ['issue', '--name', 'x', '--colour', 'red'], []];
    for (const args of bad) {
      const r = keys(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('usage:');
    }
    expect(keys('issue', '--name', 'x', '--daily-limit', '0').stderr).toContain('--daily-limit must be at least 1');
    const unknown = keys('revoke', 'no-such-id');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('no key with id');
    expect(keys('--help').status).toBe(0);
  });
});
