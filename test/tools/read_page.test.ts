import { describe, expect, it } from 'vitest';
import { fileNotes, filePages } from '../site/content-files.ts';
import { rejection } from './data-tool-helpers.ts';
import { siteToolRunner } from './site-tool-helpers.ts';

const run = siteToolRunner();

describe('read_page', () => {
  it('returns the full body text of every static page and note by slug', async () => {
    for (const p of [...filePages(), ...fileNotes()]) {
      const r = await run('read_page', { slug: p.slug });
      expect(r).toMatchObject({ slug: p.slug, title: p.title, markdown: p.body.trim() });
      expect(r.text.length).toBeGreaterThan(0.5 * p.body.replace(/[#*|`>\-\s]/g, '').length);
      // no markup from the rendering (code spans may quote <secret> and the like)
      expect(r.text).not.toMatch(/<\/?(p|strong|em|h[1-6]|li|ul|ol|a|table|td|blockquote)\b[^>]*>/);
      expect(r.summary).toContain(`《${p.title}》`);
    }
  });
  it('answers an unknown slug with 404 and a malformed one with 400', async () => {
    expect(await rejection(run('read_page', { slug: 'no-such-page' }))).toMatchObject({ status: 404, param: 'slug' });
    expect(await rejection(run('read_page', { slug: '../etc/passwd' }))).toMatchObject({ status: 400, param: 'slug' });
  });
});
