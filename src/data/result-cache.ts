// A bounded LRU of serialised query results. The data database is opened read-only and never changes under an
// open handle, so an answer computed once stays true for the life of the process: repeated questions (popular
// province-years, first pages, well-known universities) are served without touching SQLite or re-serialising.
export class ResultCache {
  private readonly map = new Map<string, Buffer>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = 5_000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /**
   * The cached JSON for `key` as UTF-8 bytes, computing and storing it on a miss; errors thrown by compute are not
   * cached. Bytes, not text: a page of Chinese rows is ~11 KB, and encoding it again on every send was a fifth of
   * the server's time under load.
   */
  json(key: string, compute: () => unknown): Buffer {
    const hit = this.map.get(key);
    if (hit !== undefined) {
      this.hits++;
      // Re-insert to mark as most recently used (Map iterates in insertion order).
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    this.misses++;
    const bytes = Buffer.from(JSON.stringify(compute()), 'utf8');
    this.map.set(key, bytes);
    this.bytes += bytes.length + key.length * 2;
    while (this.map.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [oldKey, oldBytes] = this.map.entries().next().value as [string, Buffer];
      this.map.delete(oldKey);
      this.bytes -= oldBytes.length + oldKey.length * 2;
    }
    return bytes;
  }

  get size(): number {
    return this.map.size;
  }
}
