import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deserializeLsa, embedLsa, fitLsa, serializeLsa } from '../../src/kb/lsa.ts';
import { words } from '../../src/site/segment.ts';

// The corpus: the data bundle's own READMEs, split into paragraphs (real text, mixed Chinese and English).
const bundle = path.resolve('../shared/data/gaokao');
const paragraphs = fs
  .readdirSync(bundle)
  .map((d) => path.join(bundle, d, 'README.txt'))
  .filter((f) => fs.existsSync(f))
  .flatMap((f) => fs.readFileSync(f, 'utf8').split(/\n\s*\n/).map((text) => ({ file: path.basename(path.dirname(f)), text })))
  .filter((p) => p.text.trim().length > 40);

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

describe('LSA embedder', () => {
  const docs = paragraphs.map((p) => words(p.text));
  const model = fitLsa(docs, { dims: 64 });

  it('is fitted deterministically: the same corpus gives the same model and id', () => {
    const again = fitLsa(docs, { dims: 64 });
    expect(again.id).toBe(model.id);
    expect(Buffer.from(again.proj.buffer).equals(Buffer.from(model.proj.buffer))).toBe(true);
    expect(model.id).toMatch(/^lsa-\d+-[0-9a-f]{12}$/);
  });

  it('gives unit vectors, and all zeros for text with no known word', () => {
    const v = embedLsa(model, words(paragraphs[0].text));
    expect(dot(v, v)).toBeCloseTo(1, 5);
    const none = embedLsa(model, words('zzqx 咕噜咕噜'));
    expect(none.every((x) => x === 0)).toBe(true);
  });

  it('places a query nearest to the paragraph it is about (rank tables README for 一分一段)', () => {
    const vecs = docs.map((d) => embedLsa(model, d));
    const q = embedLsa(model, words('一分一段 cumulative rank score-to-rank table'));
    const best = vecs.map((v, i) => [dot(v, q), i] as const).sort((a, b) => b[0] - a[0])[0][1];
    expect(paragraphs[best].file).toBe('rank_tables');
  });

  it('round-trips through its stored form', () => {
    const back = deserializeLsa(serializeLsa(model));
    const t = words(paragraphs[3].text);
    expect([...embedLsa(back, t)]).toEqual([...embedLsa(model, t)]);
  });

  it('refuses a corpus it cannot fit', () => {
    expect(() => fitLsa([['一']])).toThrow(/at least two documents/);
  });
});
