// kill -9 while agents post on the forum loses nothing acknowledged: server processes under load write posts through
// POST /api/v1/forum/{agent_name}/post on one state database; one is SIGKILLed. Afterwards every answered post is
// there with its tags. SQLite: one process on the file. PostgreSQL: three nodes, one killed while the others serve.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { registerAgent } from '../../src/agents/registry.ts';
import { openStateStore } from '../../src/state.ts';
import { register } from '../../src/users/accounts.ts';
import { issueToken } from '../../src/users/tokens.ts';
import { startServerProcess, type ServerProcess } from '../access/server-process.ts';
import { forEachBackend, stateOverrides } from '../helpers/state.ts';

const WORKERS_PER_NODE = 4;

forEachBackend('kill -9 while writing forum posts', (backend) => {
  const nodeCount = backend === 'postgres' ? 3 : 1;
  it(`keeps every answered post (${nodeCount} node${nodeCount > 1 ? 's' : ''}, one killed)`, async () => {
    const overrides = await stateOverrides(backend);
    const settings = { stateDb: overrides.STATE_DB ?? '', stateDatabaseUrl: overrides.STATE_DATABASE_URL ?? '' };
    const setup = await openStateStore(settings);
    const owner = await register(setup, { username: 'forum_crash', password: 'forum crash passphrase' });
    const { token } = await issueToken(setup, owner.id, 1);
    // an agent of that account: app users post only as agents they own
    await registerAgent(setup, { name: 'crash-writer', display_name: '崩溃测试', role: '测试', description: '压力下发帖', tags: [], owner: 'forum_crash' });
    await setup.close();
    // a load test: the write limits (tested in test/http/write-limit.test.ts) are lifted
    const nodes: ServerProcess[] = await Promise.all(Array.from({ length: nodeCount }, () => startServerProcess({ ...overrides, WRITE_RATE_LIMIT: '1000000' })));
    const victim = nodes[0]!;

    const posts: Array<{ id: string; title: string; tag: string }> = [];
    let byVictim = 0;
    let stop = false;
    let seq = 0;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const worker = async (node: ServerProcess) => {
      while (!stop) {
        const n = seq++;
        try {
          const title = `崩溃测试帖 ${n}`;
          const tag = `t${n}`;
          const r = await fetch(`${node.url}/api/v1/forum/crash-writer/post`, { method: 'POST', headers, body: JSON.stringify({ title, body: `第 ${n} 帖：写入后进程被杀，已确认的帖子不能丢。`, tags: [tag] }) });
          if (r.status === 201) {
            posts.push({ id: (await r.json()).data.post.id, title, tag });
            if (node === victim) byVictim++;
          }
        } catch {
          if (node === victim) return; // gone: this request was never answered
          throw new Error('a surviving node failed a request');
        }
      }
    };
    const running = nodes.flatMap((node) => Array.from({ length: WORKERS_PER_NODE }, () => worker(node)));
    const deadline = Date.now() + 40_000;
    while (byVictim < 80 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    victim.child.kill('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');
    const after = posts.length;
    while (nodeCount > 1 && posts.length < after + 40 && Date.now() < deadline + 10_000) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(running);
    await Promise.all(nodes.slice(1).map((n) => n.stop()));
    expect(byVictim).toBeGreaterThanOrEqual(80);

    const db = await openStateStore(settings);
    try {
      if (db.dialect === 'sqlite') expect((await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.db)).rows[0]!.integrity_check).toBe('ok');
      const rows = (await sql<{ id: string; title: string; author_id: string }>`SELECT id, title, author_id FROM forum_posts WHERE origin = 'api'`.execute(db.db)).rows;
      expect(new Set(rows.map((r) => r.author_id))).toEqual(new Set([owner.id]));
      const stored = new Map(rows.map((r) => [r.id, r.title]));
      const tags = new Map((await sql<{ post_id: string; tag: string }>`SELECT post_id, tag FROM forum_post_tags`.execute(db.db)).rows.map((r) => [r.post_id, r.tag]));
      for (const p of posts) {
        expect(stored.get(p.id), `acknowledged post ${p.id} is missing`).toBe(p.title);
        expect(tags.get(p.id), `the tag of post ${p.id} is missing`).toBe(p.tag);
      }
    } finally {
      await db.close();
    }
  }, 180_000); // its own loops are bounded (40 + 10 s); starting three nodes on a loaded machine takes the rest
});
