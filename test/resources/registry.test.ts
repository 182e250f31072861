// The resource registry over the real bundle and data database: pages with opaque cursors, reads by URI, and
// refuses cursors and URIs it never issued.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError, NotFoundError } from '../../src/errors.ts';
import { RESOURCE_PROVIDERS } from '../../src/resources/index.ts';
import { listResources, readResource } from '../../src/resources/registry.ts';
import { testContext } from '../helpers/context.ts';

const ctx = testContext();
afterAll(() => ctx.close());

describe('resource registry', () => {
  it('lists every README of the bundle and the overview, page by page with cursors', () => {
    const all: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = listResources(RESOURCE_PROVIDERS, ctx, cursor, 3);
      expect(page.resources.length).toBeLessThanOrEqual(3);
      all.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    const readmes = fs.readdirSync(ctx.config.dataDir, { recursive: true }).map(String).filter((f) => /(^|\/)readme[^/]*$/i.test(f));
    expect(all).toHaveLength(readmes.length + 1);
    expect(pages).toBe(Math.ceil(all.length / 3));
    expect(new Set(all).size).toBe(all.length);
    for (const f of readmes) expect(all).toContain(`svc://data/readme/${f.split(path.sep).join('/')}`);
  });

  it('reads a README byte for byte from the bundle', () => {
    const c = readResource(RESOURCE_PROVIDERS, ctx, 'svc://data/readme/gaokao/rank_tables/README.txt');
    expect(c.text).toBe(fs.readFileSync(path.join(ctx.config.dataDir, 'gaokao/rank_tables/README.txt'), 'utf8'));
    expect(c.mimeType).toBe('text/plain');
  });

  it('refuses forged cursors and unknown or escaping URIs', () => {
    expect(() => listResources(RESOURCE_PROVIDERS, ctx, 'abc')).toThrow(InputError);
    expect(() => listResources(RESOURCE_PROVIDERS, ctx, Buffer.from('o:99999').toString('base64url'))).toThrow(/past the end/);
    expect(() => readResource(RESOURCE_PROVIDERS, ctx, 'svc://data/readme/../package.json')).toThrow(NotFoundError);
    expect(() => readResource(RESOURCE_PROVIDERS, ctx, 'svc://data/readme/gaokao/score_lines/data.csv.gz')).toThrow(NotFoundError);
  });
});
