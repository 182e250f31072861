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

/** Runs `fn` once per store and shares its promise; a failure is forgotten, so the next caller tries again. */
export function oncePerStore<T>(fn: (store: StateStore) => Promise<T>): (store: StateStore) => Promise<T> {
  const done = new WeakMap<StateStore, Promise<T>>();
  return (store) => {
    let p = done.get(store);
    if (!p) {
      p = fn(store);
      p.catch(() => done.delete(store));
      done.set(store, p);
    }
    return p;
  };
}
