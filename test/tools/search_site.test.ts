import { describe, expect, it } from 'vitest';
import { rejection } from './data-tool-helpers.ts';
import { siteToolRunner } from './site-tool-helpers.ts';

const run = siteToolRunner();

describe('search_site', () => {
  it('returns ranked hit fragments with slug, title, link and a highlighted, escaped snippet', async () => {
    const r = await run('search_site', { q: '志愿' });
    expect(r.count).toBe(5);
    for (const h of r.items) {
      const page = await run('read_page', { slug: h.slug });
      if ((page.text + page.summary).includes('志愿')) expect(h.snippet).toContain('<mark>志愿</mark>');
      else expect(page.title + page.tags.join()).toContain('志愿');
      expect(h.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
      expect(h.url).toBe(`http://127.0.0.1:8787${h.path}`);
    }
    expect(r.summary).toMatch(/^站内页面和笔记中与“志愿”最相关的 5 条：《/);
  });
  it('finds one-character and four-character words', async () => {
    expect((await run('search_site', { q: '梁' })).items[0].snippet).toContain('<mark>梁</mark>');
    expect((await run('search_site', { q: '一分一段' })).items[0].snippet).toContain('<mark>一分一段</mark>');
  });
  it('keeps to the scope and the limit', async () => {
    const notes = await run('search_site', { q: '数据', scope: 'notes', limit: 20 });
    expect(notes.items.every((h: any) => h.type === 'note')).toBe(true);
    const pages = await run('search_site', { q: '数据', scope: 'pages', limit: 2 });
    expect(pages.items.every((h: any) => h.type === 'page')).toBe(true);
    expect(pages.count).toBeLessThanOrEqual(2);
  });
  it('says plainly when nothing matches', async () => {
    const r = await run('search_site', { q: '量子纠缠' });
    expect(r).toEqual({ count: 0, items: [], summary: '站内页面和笔记中没有找到“量子纠缠”。' });
    expect((await run('search_site', { q: '？！' })).count).toBe(0);
  });
  it('names a bad field', async () => {
    expect(await rejection(run('search_site', {}))).toMatchObject({ status: 400, param: 'q' });
    expect(await rejection(run('search_site', { q: '志愿', limit: 21 }))).toMatchObject({ status: 400, param: 'limit' });
  });
});
