// `npm start`'s entry point as a real process: it serves on the configured port, stops cleanly on SIGTERM, and
// refuses to start on a bad configuration with a message that names the variable.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers/context.ts';

const ENTRY = ['--import', 'tsx', 'src/main.ts'];

// each test starts the service under tsx (20–40 s on a shared two-core machine), some twice
describe('npm start', { timeout: 180_000 }, () => {
  it('serves /health on the configured port before it warms, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ENTRY, {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATE_DB: path.join(tempDir(), 'state.db'), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stderr.on('data', (d) => {
        stderr += d;
        const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stderr);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    // it listens first and warms after (a restart took 10–19 s when warming ran before listening)
    expect(stderr).not.toMatch(/match_by_score warmed|warming match_by_score stopped/);
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).checks.state_db).toBe('ok');
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a bad configuration, naming the variable, without a stack trace', () => {
    const r = spawnSync(process.execPath, ENTRY, { env: { ...process.env, PORT: 'http', MCP_AUTH: 'open' }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('PORT="http"');
    expect(r.stderr).toContain('MCP_AUTH="open"');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses to start without the data bundle, saying which setting to fix, without a stack trace', () => {
    const dir = tempDir();
    const r = spawnSync(process.execPath, ENTRY, {
      env: { ...process.env, SITE_DATA_DIR: path.join(dir, 'missing'), DATA_DB: path.join(dir, 'data.db'), STATE_DB: path.join(dir, 'state.db'), PORT: '0' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('data bundle not found');
    expect(r.stderr).toContain('SITE_DATA_DIR');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses an unwritable STATE_DB with one line naming the variable and the path', () => {
    const dir = tempDir();
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    const stateDb = path.join(file, 'state.db'); // a path no one can create, root included
    const r = spawnSync(process.execPath, ENTRY, { env: { ...process.env, STATE_DB: stateDb, STATE_DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'silent' }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`STATE_DB=${stateDb}`);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses an unreachable PostgreSQL state database, naming it without its password, without a stack trace', () => {
    const dir = tempDir();
    const url = `postgres://svc:s3cret-password@/svc?host=${encodeURIComponent(path.join(dir, 'no-socket-here'))}&port=5999`;
    const r = spawnSync(process.execPath, ENTRY, { env: { ...process.env, STATE_DATABASE_URL: url, PORT: '0', LOG_LEVEL: 'silent' }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('cannot open the state database STATE_DATABASE_URL=postgres://svc@');
    expect(r.stderr).not.toContain('s3cret-password');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const bad = spawnSync(process.execPath, ENTRY, { env: { ...process.env, STATE_DATABASE_URL: 'mysql://root:hunter2@db/svc' }, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('STATE_DATABASE_URL=(value hidden): a postgres:// or postgresql:// URL');
    expect(bad.stderr).not.toContain('hunter2');
  });
});
