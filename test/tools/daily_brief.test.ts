import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shanghaiDate } from '../../src/access/clock.ts';
import { fileNotes, SITE_DIR } from '../site/content-files.ts';
import { rejection } from './data-tool-helpers.ts';
import { siteToolRunner } from './site-tool-helpers.ts';

const run = siteToolRunner();
const calendar: Array<{ date: string; end_date?: string; title: string; source: { url: string } }> = JSON.parse(fs.readFileSync(path.join(SITE_DIR, 'gaokao-calendar.json'), 'utf8'));

describe('daily_brief', () => {
  it('is dated today in Asia/Shanghai by default', async () => {
    const r = await run('daily_brief', {});
    expect(r.date).toBe(shanghaiDate());
    expect(r.timezone).toBe('Asia/Shanghai');
  });

  it('lists the newest notes up to the day, the next calendar dates with sources, and the data coverage', async () => {
    const date = '2026-11-23';
    const r = await run('daily_brief', { date });
    expect(r.summary).toMatch(/^2026年11月23日（星期一，北京时间）站内简报。最新笔记：《/);
    const newest = fileNotes().filter((n) => n.date <= date).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug < b.slug ? -1 : 1)).slice(0, 3);
    expect(r.notes.map((n: any) => n.slug)).toEqual(newest.map((n) => n.slug));
    const upcoming = calendar.filter((e) => (e.end_date ?? e.date) >= date).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    expect(r.calendar.map((e: any) => e.title)).toEqual(upcoming.slice(0, 5).map((e) => e.title));
    for (const e of r.calendar) {
      expect(e.source.url).toMatch(/^https?:\/\//);
      expect(e.days_until).toBe(Math.max(0, Math.round((Date.parse(e.date) - Date.parse(date)) / 86_400_000)));
    }
    if (r.calendar[0]) expect(r.summary).toContain(`还有 ${r.calendar[0].days_until} 天`);
    expect(r.forum_posts.length).toBeGreaterThan(0);
    for (const p of r.forum_posts) expect(p.created_at <= `${date}T23:59:59+08:00`).toBe(true);
    // docs/data.md, the import table: 820,371 score lines kept (served), importer 13
    expect(r.coverage).toMatchObject({ available: true, score_lines: 820_371 });
    expect(r.summary).toContain('分数线 820,371 条');
  });

  it('on a day before any note it says so instead of listing later ones', async () => {
    const r = await run('daily_brief', { date: '2020-01-01' });
    expect(r.notes).toEqual([]);
    expect(r.summary).toContain('这一天以前还没有笔记');
  });

  it('names a bad date', async () => {
    expect(await rejection(run('daily_brief', { date: '2026-02-30' }))).toMatchObject({ status: 400, param: 'date' });
    expect(await rejection(run('daily_brief', { date: 'today' }))).toMatchObject({ status: 400, param: 'date' });
  });
});
