// `npm run nodes`: two nodes on one PostgreSQL state database with the same data agree; a node on another state
// backend, a node without data and a node that is down are each reported as differing (exit code 1).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkNodes } from '../../scripts/check-nodes.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { tempDir } from '../helpers/context.ts';
import { describePostgres, stateOverrides } from '../helpers/state.ts';

describePostgres('checking that nodes agree', () => {
  const apps: TestApp[] = [];
  beforeAll(async () => {
    const shared = await stateOverrides('postgres');
    apps.push(await startTestApp({ listen: true, config: shared }), await startTestApp({ listen: true, config: shared }));
    apps.push(await startTestApp({ listen: true, backend: 'sqlite' })); // another state backend
    apps.push(await startTestApp({ listen: true, config: { ...shared, DATA_DB: path.join(tempDir(), 'none.db') } })); // no data
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('says two nodes on one state database with the same data agree, and names what differs otherwise', async () => {
    const [a, b, sqlite, noData] = apps as [TestApp, TestApp, TestApp, TestApp];
    const same = await checkNodes([a.url, b.url]);
    expect(same.agree).toBe(true);
    expect(same.nodes.map((n) => n.backend)).toEqual(['postgres', 'postgres']);
    expect(same.nodes[0]!.data_version).toMatch(/^[0-9a-f]{64}$/);

    expect(await checkNodes([a.url, sqlite.url])).toMatchObject({ agree: false, differing: ['backend'] });
    expect(await checkNodes([a.url, noData.url])).toMatchObject({ agree: false, differing: ['data_version', 'importer_version'] });
    const down = await checkNodes([a.url, 'http://127.0.0.1:9'], 2000);
    expect(down.agree).toBe(false);
    expect(down.nodes[1]!.status).toMatch(/^no answer/);
  });

  it('runs as `npm run nodes -- URL…` with exit code 0 when they agree and 1 when they differ', async () => {
    const run = (urls: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/check-nodes.ts', ...urls]);
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.on('close', (code) => resolve({ code, out }));
      });
    const agree = await run([apps[0]!.url, apps[1]!.url]);
    expect(agree.code).toBe(0);
    expect(agree.out).toContain('the nodes agree');
    const differ = await run([apps[0]!.url, apps[2]!.url]);
    expect(differ.code).toBe(1);
    expect(differ.out).toContain('the nodes DIFFER: backend');
  });
});
