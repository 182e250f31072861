// Search quality on a fixed set of Chinese queries (test/site/search-queries.json: what a reader would type, 1, 2,
// 3 and 4+ characters, each with the page or pages that answer it). The target must be in the top 3 for at least
// 90 % of the queries; the figure is printed.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteContent } from '../../src/site/content.ts';
import { searchSite } from '../../src/site/search.ts';

const QUERIES: Array<{ q: string; targets: string[] }> = JSON.parse(fs.readFileSync(new URL('./search-queries.json', import.meta.url), 'utf8'));
const length = (q: string) => [...q].length;

describe('search_site quality', () => {
  const content = siteContent();

  it('the query set is at least 30 queries with 1, 2, 3 and 4+ characters, every target a real page', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(30);
    for (const n of [1, 2, 3]) expect(QUERIES.filter((x) => length(x.q) === n).length, `${n}-character queries`).toBeGreaterThanOrEqual(3);
    expect(QUERIES.filter((x) => length(x.q) >= 4).length).toBeGreaterThanOrEqual(3);
    for (const x of QUERIES) for (const t of x.targets) expect(content.bySlug.has(t), `${x.q} → ${t}`).toBe(true);
  });

  it('puts the target in the top 3 for at least 90 % of the queries', () => {
    const misses: string[] = [];
    const byLength = new Map<string, { hit: number; all: number }>();
    for (const x of QUERIES) {
      const top = searchSite(content, { q: x.q, limit: 3 }).map((h) => h.slug);
      const ok = x.targets.some((t) => top.includes(t));
      if (!ok) misses.push(`${x.q} → want ${x.targets.join('/')}, got ${top.join(', ') || 'nothing'}`);
      const bucket = length(x.q) >= 4 ? '4+' : String(length(x.q));
      const b = byLength.get(bucket) ?? { hit: 0, all: 0 };
      b.all++;
      if (ok) b.hit++;
      byLength.set(bucket, b);
    }
    const share = (QUERIES.length - misses.length) / QUERIES.length;
    const detail = [...byLength].sort().map(([k, v]) => `${k} chars ${v.hit}/${v.all}`).join(', ');
    console.log(`search_site quality: target in top 3 for ${QUERIES.length - misses.length}/${QUERIES.length} queries (${(share * 100).toFixed(1)} %; ${detail})${misses.length ? `\n  misses:\n  ${misses.join('\n  ')}` : ''}`);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});
