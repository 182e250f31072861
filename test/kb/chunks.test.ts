// Where a chunk can be read in full (the `url` of /api/ai/chat's chunk references): checked against the sources the
// site knowledge base is seeded with (src/kb/site-seed.ts) and the note pages the service serves.
import { describe, expect, it } from 'vitest';
import { chunkTitle, chunkUrl } from '../../src/kb/chunks.ts';
import { siteChunks } from '../../src/kb/site-seed.ts';
import { siteContent } from '../../src/site/content.ts';
import { loadConfig } from '../../src/config.ts';

describe('chunkUrl', () => {
  it("sends every note chunk of the site knowledge base to that note's page, at the section it was cut from", () => {
    const bySlug = new Map(siteContent().notes.map((n) => [n.slug, n]));
    const notes = siteChunks(loadConfig()).filter((c) => c.source?.startsWith('notes/'));
    expect(notes.length).toBeGreaterThan(siteContent().notes.length); // one chunk per section
    let sections = 0;
    for (const c of notes) {
      const url = chunkUrl(c.source ?? null)!;
      const m = /^\/notes\/([a-z0-9-]+)(?:#(.+))?$/.exec(url);
      expect(m, c.source ?? '').not.toBeNull();
      const note = bySlug.get(m![1]!);
      expect(note, c.source ?? '').toBeDefined();
      if (!m![2]) continue;
      sections++;
      // the fragment names a heading id of the note as served (the browser percent-decodes it before matching)
      const id = decodeURIComponent(m![2]);
      expect(note!.html, c.source ?? '').toContain(` id="${id.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`);
      expect(c.title.endsWith(` · ${c.source!.split('#')[1]}`)).toBe(true);
    }
    expect(sections).toBeGreaterThan(100);
  });

  it('keeps web addresses, and has none for the data READMEs or free-text citations', () => {
    expect(chunkUrl('https://gaokao.chsi.com.cn/zsgs/')).toBe('https://gaokao.chsi.com.cn/zsgs/');
    expect(chunkUrl('data/gaokao/rank_tables/README.txt')).toBeNull();
    expect(chunkUrl('《混凝土结构设计规范》GB 50010-2010 第 11.3.6 条')).toBeNull();
    expect(chunkUrl('javascript:alert(1)')).toBeNull();
    expect(chunkUrl('notes/../../etc/passwd')).toBeNull();
    expect(chunkUrl(null)).toBeNull();
  });
});

describe('chunkTitle', () => {
  it('names every chunk of the site knowledge base without a file path: the data READMEs by their dataset', () => {
    const chunks = siteChunks(loadConfig());
    const readmes = chunks.filter((c) => c.source?.startsWith('data/'));
    expect(readmes.length).toBeGreaterThan(5);
    for (const c of chunks) expect(chunkTitle(c), c.source ?? '').not.toMatch(/README|\.txt|\.md|gaokao\//);
    const rank = readmes.find((c) => c.source === 'data/gaokao/rank_tables/README.txt')!;
    expect(chunkTitle(rank)).toMatch(/^数据说明：一分一段表 · /);
    // a user's chunk keeps its own title, whatever its source says
    expect(chunkTitle({ title: '孩子的高考情况', source: 'notes/x.md' })).toBe('孩子的高考情况');
  });
});
