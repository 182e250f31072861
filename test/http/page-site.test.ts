// The public notes index with its filters: /notes?kind=&tag= lists exactly the notes /v1/site/notes lists for the
// same filters, newest first; its kind and tag links lead to those filtered lists; a bad kind is explained on the
// page with a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const listed = (body: string) => [...body.matchAll(/<li class="news-item" data-slug="([a-z0-9-]+)">/g)].map((m) => m[1]!);

async function api(query: Record<string, string>): Promise<string[]> {
  const r = await t.app.inject({ url: `/v1/site/notes?${new URLSearchParams({ ...query, page_size: '100' })}`, headers: t.auth });
  expect(r.statusCode).toBe(200);
  expect(r.json().has_more).toBe(false);
  return r.json().items.map((n: { slug: string }) => n.slug);
}

describe('/notes filters', () => {
  it.each<Record<string, string>>([{ kind: '思辨' }, { kind: '记' }, { tag: '位次' }, { kind: '复盘', tag: '数据质量' }, {}])('%o lists what /v1/site/notes lists', async (query) => {
    const r = await t.app.inject({ url: `/notes?${new URLSearchParams(query)}` });
    expect(r.statusCode).toBe(200);
    const want = await api(query);
    expect(want.length).toBeGreaterThan(0);
    expect(listed(r.body)).toEqual(want);
    expect(r.body).toContain(`<p class="small muted" id="notes-count">`);
    expect(r.body).toContain(`${want.length} 篇`);
  });

  it('its kind and tag links lead to lists that are not empty and mark where the reader is', async () => {
    const index = await t.app.inject({ url: '/notes' });
    const links = [...new Set([...index.body.matchAll(/href="(\/notes\?[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')))];
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      const r = await t.app.inject({ url: link });
      expect(r.statusCode, link).toBe(200);
      expect(listed(r.body).length, link).toBeGreaterThan(0);
      expect(r.body, link).toContain('aria-current="true"');
    }
  });

  it('a bad kind is explained on the page with a 400 naming the allowed kinds', async () => {
    const r = await t.app.inject({ url: `/notes?kind=${encodeURIComponent('随笔')}` });
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain("筛选条件有误：类别：可选：思辨、复盘、记");
  });
});
