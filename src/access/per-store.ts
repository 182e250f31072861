// Per-store state of this process (caches), keyed weakly by the store, so a closed and dropped store takes it along.
import type { StateStore } from '../db/store.ts';

/** A value built once per handle (a state store, a data database …), weakly keyed by it. */
export function perHandle<H extends object, T>(build: (handle: H) => T): (handle: H) => T {
  const cache = new WeakMap<H, T>();
  return (handle) => {
    let value = cache.get(handle);
    if (value === undefined) {
      value = build(handle);
      cache.set(handle, value);
    }
    return value;
  };
}

export function perStore<T>(build: (store: StateStore) => T): (store: StateStore) => T {
  return perHandle(build);
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
