import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { yijingText } from '../../../src/calc/yijing/index.ts';
import { importYijing } from '../../../src/data/import/yijing.ts';
import { ServiceError } from '../../../src/errors.ts';
import { DATA_DIR, readBundle } from '../../calc/yijing/fixture.ts';
import { tempDir } from '../../helpers/context.ts';

function freshDb(): Database.Database {
  return new Database(path.join(tempDir('svc-yijing-import-'), 'data.db'));
}

/** A data dir holding a modified copy of the bundle's yijing file. */
function brokenBundle(mutate: (json: any) => void): string {
  const dir = tempDir('svc-yijing-bundle-');
  fs.mkdirSync(path.join(dir, 'yijing'));
  const json = JSON.parse(JSON.stringify(readBundle()));
  mutate(json);
  fs.writeFileSync(path.join(dir, 'yijing', 'zhouyi.zh-Hans.json'), JSON.stringify(json));
  return dir;
}

describe('importYijing', () => {
  it('imports all 64 hexagrams and 8 trigrams from the bundle', () => {
    const db = freshDb();
    expect(importYijing(db, DATA_DIR)).toEqual({ read: 64, kept: 64 });
    expect(db.prepare('SELECT count(*) FROM yijing_hexagrams').pluck().get()).toBe(64);
    expect(db.prepare('SELECT count(*) FROM yijing_trigrams').pluck().get()).toBe(8);
    expect(db.prepare('SELECT count(DISTINCT binary) FROM yijing_hexagrams').pluck().get()).toBe(64);
    const qian = db.prepare('SELECT name, full_name, judgment, use_json FROM yijing_hexagrams WHERE number = 1').get() as Record<string, string>;
    expect(qian).toMatchObject({ name: '乾', full_name: '乾为天', judgment: readBundle().hexagrams[0]!.guaci });
    expect(JSON.parse(qian.use_json!).label).toBe('用九');
    expect(db.prepare("SELECT value FROM yijing_source WHERE key = 'file_sha256'").pluck().get()).toMatch(/^[0-9a-f]{64}$/);
    db.close();
  });

  it('can run again on the same database (the tables are rebuilt, not duplicated)', () => {
    const db = freshDb();
    importYijing(db, DATA_DIR);
    expect(importYijing(db, DATA_DIR)).toEqual({ read: 64, kept: 64 });
    expect(db.prepare('SELECT count(*) FROM yijing_hexagrams').pluck().get()).toBe(64);
    db.close();
  });

  it.each([
    ['a missing hexagram', (j: any) => j.hexagrams.pop(), /expected 64 hexagrams, found 63/],
    ['a hexagram with five lines', (j: any) => j.hexagrams[4].lines.pop(), /hexagram 5 需: expected 6 lines, found 5/],
    ['a repeated binary', (j: any) => (j.hexagrams[2].binary = j.hexagrams[3].binary), /binary 010001 repeats hexagram 3/],
    ['lines contradicting the trigrams', (j: any) => (j.hexagrams[10].upper = '乾'), /hexagram 11 泰: upper trigram 乾 does not match/],
    ['a mislabelled line', (j: any) => (j.hexagrams[0].lines[1].label = '六二'), /line 2 label 六二, expected 九二/],
    ['a missing 用九', (j: any) => (j.hexagrams[0].yong = null), /hexagram 1 乾: use none, expected 用九/],
    ['an empty 卦辞', (j: any) => (j.hexagrams[7].guaci = ''), /hexagrams\.7\.guaci/],
    ['a missing field', (j: any) => delete j.hexagrams[9].daxiang, /hexagrams\.9\.daxiang/],
  ])('fails loudly, naming the problem, on %s — and leaves an earlier import intact', (_name, mutate, message) => {
    const db = freshDb();
    importYijing(db, DATA_DIR);
    expect(() => importYijing(db, brokenBundle(mutate))).toThrow(message);
    expect(db.prepare('SELECT count(*) FROM yijing_hexagrams').pluck().get()).toBe(64);
    db.close();
  });

  it('fails loudly on a missing file and on invalid JSON', () => {
    const db = freshDb();
    const empty = tempDir('svc-yijing-empty-');
    expect(() => importYijing(db, empty)).toThrow(/zhouyi\.zh-Hans\.json: file not found/);
    fs.mkdirSync(path.join(empty, 'yijing'));
    fs.writeFileSync(path.join(empty, 'yijing', 'zhouyi.zh-Hans.json'), '{"hexagrams": [');
    expect(() => importYijing(db, empty)).toThrow(/not valid JSON/);
    db.close();
  });

  it('the engine refuses a database without the text with a 503 that says to run the import', () => {
    const db = freshDb();
    let caught: unknown;
    try {
      yijingText(db);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ServiceError);
    expect((caught as ServiceError).status).toBe(503);
    expect((caught as ServiceError).message).toMatch(/npm run import/);
    db.close();
  });
});
