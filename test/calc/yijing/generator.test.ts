import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALGORITHM_VERSION, canonicalSeed, castHexagram, castLineValues, METHODS, yijingText } from '../../../src/calc/yijing/index.ts';
import { REPO_ROOT } from '../../../src/config.ts';
import { tempYijingDb } from './fixture.ts';

const { db, file } = tempYijingDb();
afterAll(() => db.close());

describe('seeded generator v1', () => {
  it('reproduces the check values of spec/yijing.md', () => {
    // spec/yijing.md, "Reproducibility": seed `hello`, coins → [7,9,7,6,8,7]; yarrow → [8,8,9,8,7,8].
    expect(ALGORITHM_VERSION).toBe('v1');
    expect(castLineValues('coins', 'hello')).toEqual([7, 9, 7, 6, 8, 7]);
    expect(castLineValues('yarrow', 'hello')).toEqual([8, 8, 9, 8, 7, 8]);
  });

  it('keys the stream by method, so the same seed differs between methods', () => {
    const coins = castLineValues('coins', 'hello');
    const yarrow = castLineValues('yarrow', 'hello');
    expect(coins).not.toEqual(yarrow);
  });

  it('treats a number and its decimal string as the same seed, and NFC-normalises strings', () => {
    expect(canonicalSeed(42)).toBe('42');
    for (const method of METHODS) expect(castLineValues(method, canonicalSeed(42))).toEqual(castLineValues(method, '42'));
    const nfd = 'cafe\u0301 易';
    const nfc = 'café 易';
    expect(nfd).not.toBe(nfc);
    for (const method of METHODS) expect(castLineValues(method, canonicalSeed(nfd))).toEqual(castLineValues(method, nfc));
  });

  it('gives exactly one moving line with the random method', () => {
    for (let i = 0; i < 500; i++) {
      const values = castLineValues('random', `r${i}`);
      expect(values.filter((v) => v === 6 || v === 9)).toHaveLength(1);
    }
  });

  it('draws a fresh seed when none is given and returns it so the cast replays exactly', () => {
    const text = yijingText(db);
    const a = castHexagram(text, { method: 'coins' });
    const b = castHexagram(text, { method: 'coins' });
    expect(a.seed_drawn).toBe(true);
    expect(a.seed).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(a.seed).not.toBe(b.seed);
    const replay = castHexagram(text, { method: 'coins', seed: a.seed });
    expect(replay.seed_drawn).toBe(false);
    expect({ ...replay, seed_drawn: true }).toEqual(a);
  });

  it('gives the same full result in a separate Node process', () => {
    const seeds: (string | number)[] = ['hello', 0, 42, -7, '周易', 'cafe\u0301', 'x'.repeat(200)];
    const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'test/calc/yijing/replay-child.ts'), file, JSON.stringify(seeds)], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const theirs = JSON.parse(child.stdout);
    const text = yijingText(db);
    const ours = METHODS.flatMap((method) => seeds.map((seed) => castHexagram(text, { method, seed, question: '复现' })));
    expect(theirs).toHaveLength(METHODS.length * seeds.length);
    expect(theirs).toEqual(JSON.parse(JSON.stringify(ours)));
    // The check values hold in the other process too (first seed of the coins and yarrow blocks).
    expect(theirs[0].line_values).toEqual([7, 9, 7, 6, 8, 7]);
    expect(theirs[2 * seeds.length].line_values).toEqual([8, 8, 9, 8, 7, 8]);
  });
});
