// kill -9 during load loses no issued key and no counted call that was answered: server processes under load (calls
// and key issues in flight) on one state database; one is SIGKILLed. Afterwards the database shows every answered
// call counted and every issued key present. SQLite: one process on the file. PostgreSQL: three nodes, one killed
// while the other two keep serving.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { hashKey, issueKey } from '../../src/access/keys.ts';
import { openStateStore } from '../../src/state.ts';
import { countedCalls, forEachBackend, settingsOf, stateOverrides } from '../helpers/state.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'crash-test password' };
const admin = { authorization: `Basic ${Buffer.from(`${ADMIN.ADMIN_USER}:${ADMIN.ADMIN_PASSWORD}`).toString('base64')}`, 'content-type': 'application/json' };
const WORKERS_PER_NODE = 16;

forEachBackend('kill -9 under load', (backend) => {
  const nodeCount = backend === 'postgres' ? 3 : 1;
  it(`keeps every answered call counted and every issued key (${nodeCount} node${nodeCount > 1 ? 's' : ''}, one killed)`, async () => {
    const overrides = await stateOverrides(backend);
    const settings = settingsOf(overrides);
    const setup = await openStateStore(settings);
    const { key, record } = await issueKey(setup, 'svc', { name: 'load', daily_limit: 1_000_000 });
    await setup.close();
    const nodes: ServerProcess[] = await Promise.all(Array.from({ length: nodeCount }, () => startServerProcess({ ...overrides, ...ADMIN })));
    const victim = nodes[0]!;

    let answered = 0;
    let answeredByVictim = 0;
    const issued: string[] = [];
    let stop = false;
    const worker = async (node: ServerProcess, i: number) => {
      while (!stop) {
        try {
          if (i === 0) {
            const r = await fetch(`${node.url}/v1/admin/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ name: `k${issued.length}` }) });
            if (r.status === 201) issued.push((await r.json()).key);
          } else {
            const r = await fetch(`${node.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
            if (r.status === 200) {
              answered++;
              if (node === victim) answeredByVictim++;
            }
          }
        } catch {
          if (node === victim) return; // the node is gone: this request was never answered
          throw new Error(`a surviving node failed a request`);
        }
      }
    };
    const running = nodes.flatMap((node) => Array.from({ length: WORKERS_PER_NODE }, (_, i) => worker(node, i)));
    // let the load run until enough has been answered, then kill one node without warning
    const deadline = Date.now() + 30_000;
    while ((answeredByVictim < 300 || issued.length < 5 * nodeCount) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    victim.child.kill('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');
    // the surviving nodes keep serving for a moment after the kill
    const after = answered;
    while (nodeCount > 1 && answered < after + 200 && Date.now() < deadline + 10_000) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(running);
    await Promise.all(nodes.slice(1).map((n) => n.stop()));
    expect(answeredByVictim).toBeGreaterThanOrEqual(300);
    expect(issued.length).toBeGreaterThanOrEqual(5 * nodeCount);

    const db = await openStateStore(settings);
    try {
      if (db.dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.db)).rows[0]!.integrity_check).toBe('ok');
      const counted = await countedCalls(db, record.id);
      expect(counted).toBeGreaterThanOrEqual(answered); // nothing answered was lost
      expect(counted).toBeLessThanOrEqual(answered + WORKERS_PER_NODE); // at most the victim's calls in flight were counted unanswered
      for (const k of issued) {
        const stored = await db.db.selectFrom('api_keys').select('id').where('key_hash', '=', hashKey(k)).executeTakeFirst();
        expect(stored, 'an issued key is missing').toBeDefined();
      }
    } finally {
      await db.close();
    }
  });
});

