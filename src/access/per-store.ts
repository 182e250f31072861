// Per-store state of this process (caches), keyed weakly by the store, so a closed and dropped store takes it along.
import type { StateStore } from '../db/store.ts';

export function perStore<T>(build: (store: StateStore) => T): (store: StateStore) => T {
  const cache = new WeakMap<StateStore, T>();
  return (store) => {
    let value = cache.get(store);
    if (value === undefined) {
      value = build(store);
      cache.set(store, value);
    }
    return value;
  };
}
