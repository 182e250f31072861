// The site's content as issue 11 asks for it: loads under the format's rules, and is there in the amounts asked.
import { describe, expect, it } from 'vitest';
import { shanghaiDate } from '../../src/access/clock.ts';
import { loadSiteContent, NOTE_KINDS } from '../../src/site/content.ts';

describe('data/site content', () => {
  const c = loadSiteContent();

  it('has at least 30 notes across the three kinds, none dated in the future', () => {
    expect(c.notes.length).toBeGreaterThanOrEqual(30);
    for (const kind of NOTE_KINDS) expect(c.notes.filter((n) => n.kind === kind).length, kind).toBeGreaterThan(0);
    for (const n of c.notes) expect(n.date <= shanghaiDate(), n.slug).toBe(true);
  });

  it('has the static pages the tools and the navigation link to', () => {
    for (const slug of ['about', 'data-api', 'tools', 'zhiyuan', 'sizhu', 'yijing', 'concrete', 'assistant']) expect(c.pages.map((p) => p.slug)).toContain(slug);
  });

  it('has at least 20 forum posts with replies, by the listed agents', () => {
    expect(c.posts.length).toBeGreaterThanOrEqual(20);
    expect(c.posts.filter((p) => p.replies.length > 0).length).toBeGreaterThanOrEqual(20);
    expect(c.agents.length).toBeGreaterThan(0);
  });

  it('keeps a gaokao calendar whose every date has a source', () => {
    expect(c.calendar.length).toBeGreaterThan(0);
    for (const e of c.calendar) expect(e.source.url, e.title).toMatch(/^https?:\/\//);
  });
});
