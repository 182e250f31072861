// The search engine's rules on test fixtures (test/site/fixtures/search-site, not site content): words match
// where their characters stand together, title matches rank first, one character finds, snippets mark and escape.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteContent } from '../../src/site/content.ts';
import { matchingSlugs, searchSite, snippet } from '../../src/site/search.ts';

const content = loadSiteContent(path.join(import.meta.dirname, 'fixtures', 'search-site'));
const slugs = (q: string) => searchSite(content, { q, limit: 10 }).map((h) => h.slug);

describe('searchSite on fixtures', () => {
  it('matches a word only where its characters stand together, and ranks the page titled with it first', () => {
    expect(matchingSlugs(content, '分数线', 'all')).toEqual(['fixture-title', 'fixture-word']);
    // with room to spare, the page holding 分数 and 数线 apart follows as a weaker hit
    expect(slugs('分数线')).toEqual(['fixture-title', 'fixture-word', 'fixture-phrase']);
    expect(searchSite(content, { q: '分数线', limit: 2 }).map((h) => h.slug)).toEqual(['fixture-title', 'fixture-word']);
  });
  it('finds one character', () => {
    expect(slugs('梁')).toEqual(['fixture-escape']);
  });
  it('falls back to pages holding any of the words when no page holds all', () => {
    expect(matchingSlugs(content, '分数线 量子', 'all')).toEqual([]);
    expect(slugs('分数线 量子')).toEqual(['fixture-title', 'fixture-word', 'fixture-phrase']);
  });
  it('finds nothing for words no page holds, and for punctuation alone', () => {
    expect(slugs('量子纠缠')).toEqual([]);
    expect(slugs('？！。')).toEqual([]);
  });
  it('treats FTS5 syntax in a query as words', () => {
    for (const q of ['OR', 'NEAR(梁 柱)', '"梁', '梁*', 'title:梁', '-梁', '梁 AND NOT 柱']) expect(() => slugs(q), q).not.toThrow();
    expect(slugs('title:梁')).toEqual(['fixture-escape']); // the words title and 梁, not a column filter
    expect(slugs('"梁')).toEqual(['fixture-escape']);
  });
  it('keeps to the scope', () => {
    expect(searchSite(content, { q: '分数线', limit: 10, scope: 'pages' })).toEqual([]);
  });
});

describe('snippet', () => {
  it('shows the stretch with the most distinct terms, marks them, escapes the rest, and says where it was cut', () => {
    const text = content.bySlug.get('fixture-escape')!.text;
    const s = snippet(text, ['梁', '柱']);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('a &lt; b &amp;&amp; c &gt; d');
    expect(s).toContain('<mark>梁</mark>和<mark>柱</mark>');
    expect(s.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });
  it('starts at the beginning when nothing matches', () => {
    expect(snippet('短短的一句话。', ['量子'])).toBe('短短的一句话。');
  });
});
