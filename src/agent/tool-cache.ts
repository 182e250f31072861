// The short-window cache of identical tool calls: the same tool with the same arguments within `ttlMs` is answered
// from here and marked `cached: true` in the receipt. Only tools that declare themselves idempotent are cached (a
// hexagram cast without a seed must not repeat). Per node, in memory: the interface is what the agent depends on,
// so a shared store can replace this implementation without touching the agent.
export interface ToolCallCache {
  get(key: string): unknown | undefined;
  set(key: string, value: unknown): void;
}

/** A stable key for a call: the tool name and its arguments with sorted object keys. */
export function callKey(tool: string, args: unknown): string {
  return `${tool}\u0000${stableJson(args)}`;
}

function stableJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
    .join(',')}}`;
}

/** In-memory, per node: entries live `ttlMs`, at most `max` of them (the oldest go first). */
export class MemoryToolCallCache implements ToolCallCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  constructor(
    private readonly ttlMs = 60_000,
    private readonly max = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): unknown | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: unknown): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
}
