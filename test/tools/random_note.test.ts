import { describe, expect, it } from 'vitest';
import { fileNotes } from '../site/content-files.ts';
import { rejection } from './data-tool-helpers.ts';
import { siteToolRunner } from './site-tool-helpers.ts';

const run = siteToolRunner();
const notes = fileNotes();

describe('random_note', () => {
  it('is reproducible with a seed, string or integer, and returns the seed it used', async () => {
    const a = await run('random_note', { seed: '高考加油' });
    const b = await run('random_note', { seed: '高考加油' });
    expect(b.note.slug).toBe(a.note.slug);
    expect(a.seed).toBe('高考加油');
    expect((await run('random_note', { seed: 42 })).note.slug).toBe((await run('random_note', { seed: '42' })).note.slug);
    const drawn = await run('random_note', {});
    expect(drawn.seed).toMatch(/^[0-9a-f]{16}$/);
    expect((await run('random_note', { seed: drawn.seed })).note.slug).toBe(drawn.note.slug);
  });
  it('returns the whole note and a summary naming it', async () => {
    const r = await run('random_note', { seed: 1 });
    const src = notes.find((n) => n.slug === r.note.slug)!;
    expect(r.note.markdown).toBe(src.body.trim());
    expect(r.summary).toContain(`《${src.title}》`);
    expect(r.candidates).toBe(notes.length);
  });
  it('keeps to the kind asked for, and every note can come up', async () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 600; seed++) seen.add((await run('random_note', { seed })).note.slug);
    expect(seen.size).toBe(notes.length);
    for (const kind of ['思辨', '复盘', '记']) {
      const r = await run('random_note', { kind, seed: 'k' });
      expect(r.note.kind).toBe(kind);
      expect(r.candidates).toBe(notes.filter((n) => n.kind === kind).length);
    }
  });
  it('names a bad field', async () => {
    expect(await rejection(run('random_note', { kind: 'essay' }))).toMatchObject({ status: 400, param: 'kind' });
    expect(await rejection(run('random_note', { seed: '' }))).toMatchObject({ status: 400, param: 'seed' });
  });
});
