import { describe, expect, it } from 'vitest';
import { fileNotes, sorted } from '../site/content-files.ts';
import { rejection } from './data-tool-helpers.ts';
import { siteToolRunner } from './site-tool-helpers.ts';

const run = siteToolRunner();
const notes = fileNotes();

describe('read_notes', () => {
  it('lists the newest notes with links and a summary naming them', async () => {
    const r = await run('read_notes', { page_size: 3 });
    expect(r.count).toBe(3);
    expect(r.has_more).toBe(notes.length > 3);
    const newest = [...notes].sort((a, b) => (a.date < b.date ? 1 : -1))[0]!;
    expect(r.items[0].date).toBe(newest.date);
    expect(r.items[0].url).toBe(`http://127.0.0.1:8787/notes/${r.items[0].slug}`);
    expect(r.summary).toMatch(/^找到 3 篇笔记（第 1 页，还有更多：page=2）：《/);
    expect(r.summary).toContain(`《${r.items[0].title}》`);
  });
  it('filters by kind and by keywords', async () => {
    const r = await run('read_notes', { kind: '复盘', page_size: 100 });
    expect(sorted(r.items.map((n: any) => n.slug))).toEqual(sorted(notes.filter((n) => n.kind === '复盘').map((n) => n.slug)));
    expect(r.summary).toContain('类别“复盘”');
    const q = await run('read_notes', { q: '位次', page_size: 100 });
    expect(q.count).toBeGreaterThan(0);
    for (const n of q.items) expect(notes.find((x) => x.slug === n.slug)!.body + n.title + n.summary + n.tags.join()).toContain('位次');
  });
  it('says plainly when nothing matches', async () => {
    const r = await run('read_notes', { q: '量子纠缠' });
    expect(r).toMatchObject({ count: 0, items: [] });
    expect(r.summary).toBe('数据中没有符合条件（关键词“量子纠缠”）的笔记。');
  });
  it('names a bad field', async () => {
    expect(await rejection(run('read_notes', { kind: 'essay' }))).toMatchObject({ status: 400, param: 'kind' });
  });
});
