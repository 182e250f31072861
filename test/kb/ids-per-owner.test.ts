// Migration 401 on both backends: knowledge bases created when ids were one namespace for every account move to
// their owner's namespace ("<owner id>/<id>") with their chunks and vectors, the site's stay as they were, and the
// moved ones are found, searched and listed under the id their owner chose.
import { afterAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addChunks, listKbs, readableKbIds } from '../../src/kb/chunks.ts';
import { retrieve } from '../../src/kb/retrieve.ts';
import type { Embedder } from '../../src/kb/embedder.ts';
import { migrate } from '../../src/db/migrate.ts';
import { SQLITE_SETUP, STATE_MIGRATIONS } from '../../src/state.ts';
import { openPostgresStore, openSqliteStore, type StateStore } from '../../src/db/store.ts';
import { register } from '../../src/users/accounts.ts';
import { forEachBackend, stateOverrides } from '../helpers/state.ts';

const stores: StateStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});

forEachBackend('knowledge-base ids per owner (migration 401)', (backend) => {
  it('moves existing accounts\' knowledge bases into their namespace, chunks and vectors with them', async () => {
    const o = await stateOverrides(backend);
    const store = o.STATE_DATABASE_URL ? openPostgresStore(o.STATE_DATABASE_URL) : openSqliteStore(o.STATE_DB!, SQLITE_SETUP);
    stores.push(store);
    await migrate(store, STATE_MIGRATIONS.filter((m) => m.id !== 401));
    const alice = await register(store, { username: 'migrating_alice', password: 'a long pass phrase here' });
    // as the service stored them before: plain ids for an account's and the site's
    const now = new Date().toISOString();
    await store.db.insertInto('kb_bases').values([{ id: 'notes', name: 'n', description: '', owner_id: alice.id, created_at: now }, { id: 'site-extra', name: 's', description: '', owner_id: null, created_at: now }]).execute();
    // a fixed three-dimensional vector for every text: enough to see the vector index follow the move
    const embedder: Embedder = { id: 'test-fixed-3', embed: async (texts) => texts.map(() => Float32Array.from([1, 0.5, 0.25])) };
    await addChunks(store, embedder, 'notes', [{ title: '挠度', body: '钢筋混凝土梁的挠度验算。' }], alice.id);
    expect(await migrate(store, STATE_MIGRATIONS)).toEqual([401]);
    const ids = (await store.db.selectFrom('kb_bases').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([`${alice.id}/notes`, 'site-extra'].sort());
    expect((await store.db.selectFrom('kb_chunks').select('kb_id').execute()).map((r) => r.kb_id)).toEqual([`${alice.id}/notes`]);
    const vectorKbs =
      store.dialect === 'postgres'
        ? (await store.db.selectFrom('kb_vectors').select('kb_id').execute()).map((r) => r.kb_id)
        : (await sql<{ kb_id: string }>`SELECT kb_id FROM kb_vec`.execute(store.db)).rows.map((r) => r.kb_id);
    expect(vectorKbs).toEqual([`${alice.id}/notes`]);
    expect((await listKbs(store, alice.id)).map((k) => k.id).sort()).toEqual(['notes', 'site-extra']);
    const hits = await retrieve(store, embedder, await readableKbIds(store, alice.id, ['notes']), '挠度', { mode: 'vector' });
    expect(hits.map((h) => [h.kb_id, h.title])).toEqual([['notes', '挠度']]);
  });
});
