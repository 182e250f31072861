// A bounded LRU of serialised query results. The data database is opened read-only and never changes under an
// open handle, so an answer computed once stays true for the life of the process: repeated questions (popular
// province-years, first pages, well-known universities) are served without touching SQLite or re-serialising.
export class ResultCache {
  private readonly map = new Map<string, string>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = 5_000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** The cached JSON text for `key`, computing and storing it on a miss; errors thrown by compute are not cached. */
  json(key: string, compute: () => unknown): string {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.hits++;
      // Re-insert to mark as most recently used (Map iterates in insertion order).
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    this.misses++;
    const text = JSON.stringify(compute());
    this.map.set(key, text);
    this.bytes += text.length * 2 + key.length * 2;
    while (this.map.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [oldKey, oldText] = this.map.entries().next().value as [string, string];
      this.map.delete(oldKey);
      this.bytes -= oldText.length * 2 + oldKey.length * 2;
    }
    return text;
  }

  get size(): number {
    return this.map.size;
  }
}
