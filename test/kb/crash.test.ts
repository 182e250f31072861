// kill -9 during writes loses nothing acknowledged: server processes under load (app registrations and knowledge
// chunks being added) on one state database; one is SIGKILLed. Afterwards every registration and every chunk that was
// answered is there — the chunk with its full-text entry and its vector. SQLite: one process on the file.
// PostgreSQL: three nodes, one killed while the others keep serving.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openStateStore } from '../../src/state.ts';
import { createKb, storageKbId } from '../../src/kb/chunks.ts';
import { seedSiteKb } from '../../src/kb/site-seed.ts';
import { register } from '../../src/users/accounts.ts';
import { issueToken } from '../../src/users/tokens.ts';
import { startServerProcess, type ServerProcess } from '../access/server-process.ts';
import { testConfig } from '../helpers/context.ts';
import { forEachBackend, stateOverrides } from '../helpers/state.ts';

const WORKERS_PER_NODE = 6;

forEachBackend('kill -9 while writing accounts and knowledge chunks', (backend) => {
  const nodeCount = backend === 'postgres' ? 3 : 1;
  it(`keeps every answered registration and chunk (${nodeCount} node${nodeCount > 1 ? 's' : ''}, one killed)`, async () => {
    const overrides = await stateOverrides(backend);
    const settings = { stateDb: overrides.STATE_DB ?? '', stateDatabaseUrl: overrides.STATE_DATABASE_URL ?? '' };
    const setup = await openStateStore(settings);
    await seedSiteKb(setup, testConfig(overrides)); // as npm start does before serving
    const owner = await register(setup, { username: 'crash_owner', password: 'crash owner passphrase' });
    const { token } = await issueToken(setup, owner.id, 1);
    await createKb(setup, owner.id, { id: 'crash-kb', name: 'crash' });
    await setup.close();
    // a load test: the write limits (tested in test/http/write-limit.test.ts) are lifted
    const nodes: ServerProcess[] = await Promise.all(Array.from({ length: nodeCount }, () => startServerProcess({ ...overrides, REGISTER_RATE_LIMIT: '1000000', WRITE_RATE_LIMIT: '1000000' })));
    const victim = nodes[0]!;

    const chunks: string[] = [];
    const users: string[] = [];
    let byVictim = 0;
    let stop = false;
    let seq = 0;
    const json = { 'content-type': 'application/json' };
    const worker = async (node: ServerProcess, i: number) => {
      while (!stop) {
        const n = seq++;
        try {
          if (i === 0) {
            const username = `crash_${n}`;
            const r = await fetch(`${node.url}/api/v1/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ username, password: `passphrase for ${n}!` }) });
            if (r.status === 201) users.push(username);
          } else {
            const title = `崩溃测试 ${n}`;
            const r = await fetch(`${node.url}/api/v1/kb/crash-kb/chunks`, { method: 'POST', headers: { ...json, authorization: `Bearer ${token}` }, body: JSON.stringify({ title, body: `第 ${n} 段：写入后进程被杀，已确认的内容不能丢。` }) });
            if (r.status === 201) {
              chunks.push(title);
              if (node === victim) byVictim++;
            }
          }
        } catch {
          if (node === victim) return; // gone: this request was never answered
          throw new Error('a surviving node failed a request');
        }
      }
    };
    const running = nodes.flatMap((node) => Array.from({ length: WORKERS_PER_NODE }, (_, i) => worker(node, i)));
    const deadline = Date.now() + 40_000;
    while ((byVictim < 100 || users.length < 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    victim.child.kill('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');
    const after = chunks.length;
    while (nodeCount > 1 && chunks.length < after + 50 && Date.now() < deadline + 10_000) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(running);
    await Promise.all(nodes.slice(1).map((n) => n.stop()));
    expect(byVictim).toBeGreaterThanOrEqual(100);
    expect(users.length).toBeGreaterThanOrEqual(3);

    const db = await openStateStore(settings);
    try {
      if (db.dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.db)).rows[0]!.integrity_check).toBe('ok');
      const stored = await db.db.selectFrom('kb_chunks').select(['seq', 'title']).where('kb_id', '=', storageKbId(owner.id, 'crash-kb')).execute();
      const titles = new Set(stored.map((r) => r.title));
      for (const t of chunks) expect(titles.has(t), `acknowledged chunk "${t}" is missing`).toBe(true);
      // each stored chunk is in both indexes (written in the chunk's own transaction)
      const seqs = stored.map((r) => Number(r.seq));
      const indexed =
        db.dialect === 'sqlite'
          ? [(await sql<{ n: number }>`SELECT count(*) AS n FROM kb_fts WHERE rowid IN (${sql.join(seqs)})`.execute(db.db)).rows[0]!.n, (await sql<{ n: number }>`SELECT count(*) AS n FROM kb_vec WHERE chunk_seq IN (${sql.join(seqs)})`.execute(db.db)).rows[0]!.n]
          : [seqs.length, Number((await db.db.selectFrom('kb_vectors').select((eb) => eb.fn.countAll<number>().as('n')).where('chunk_seq', 'in', seqs).executeTakeFirstOrThrow()).n)];
      expect(indexed).toEqual([seqs.length, seqs.length]);
      const names = new Set((await db.db.selectFrom('app_users').select('username').execute()).map((r) => r.username));
      for (const u of users) expect(names.has(u), `acknowledged registration ${u} is missing`).toBe(true);
    } finally {
      await db.close();
    }
  }, 180_000); // its own loops are bounded (40 + 10 s); starting three nodes on a loaded machine takes the rest
});
