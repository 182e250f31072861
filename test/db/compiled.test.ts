// compiled(): a query built once with named slots gives, on each backend, the same rows as the same query built with
// the values inline, for every set of values; constants of the builder stay; a slot without a value is refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueKey } from '../../src/access/keys.ts';
import { compiled, type Slots } from '../../src/db/compiled.ts';
import type { StateStore } from '../../src/db/store.ts';
import { forEachBackend, freshStore } from '../helpers/state.ts';

const byStatusAndLimit = compiled((db, p: Slots<{ status: 'enabled' | 'disabled'; min: number }>) =>
  db.selectFrom('api_keys').select(['name']).where('status', '=', p.status).where('daily_limit', '>=', p.min).where('name', 'like', 'c-%').orderBy('name'),
);

forEachBackend('compiled queries', (backend) => {
  let store: StateStore;
  beforeAll(async () => {
    store = await freshStore(backend);
    for (const [name, limit] of [['c-a', 10], ['c-b', 20], ['c-c', 30], ['other', 40]] as const) await issueKey(store, 'svc', { name, daily_limit: limit });
    await store.db.updateTable('api_keys').set({ status: 'disabled' }).where('name', '=', 'c-b').execute();
  });
  afterAll(async () => store.close());

  it('substitutes each call’s values and keeps the builder’s constants', async () => {
    for (const [status, min] of [['enabled', 0], ['enabled', 15], ['disabled', 0], ['disabled', 25], ['enabled', 31]] as const) {
      const inline = await store.db.selectFrom('api_keys').select(['name']).where('status', '=', status).where('daily_limit', '>=', min).where('name', 'like', 'c-%').orderBy('name').execute();
      expect(await byStatusAndLimit(store, { status, min }), `${status} ${min}`).toEqual(inline);
    }
    expect((await byStatusAndLimit(store, { status: 'enabled', min: 0 })).map((r) => r.name)).toEqual(['c-a', 'c-c']);
  });

  it('refuses a call that lacks a slot’s value', async () => {
    const q = compiled((db, p: Slots<{ a: string; b: string }>) => db.selectFrom('api_keys').select('id').where('id', '=', p.a).where('name', '=', p.b));
    await expect(q(store, { a: 'x' } as { a: string; b: string })).rejects.toThrow(/no value for slot "b"/);
  });
});
