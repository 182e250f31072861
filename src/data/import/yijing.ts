// Data-bundle adapter for the 易经 text: <dataDir>/yijing/zhouyi.zh-Hans.json → tables yijing_trigrams,
// yijing_hexagrams and yijing_source. The file is checked in full (the same check the engine runs when it loads the
// tables) and the import throws, naming the file and every problem, rather than write a partial text.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { buildYijingText, YijingTextError, type HexagramText, type TrigramText } from '../../calc/yijing/text.ts';

export const YIJING_FILE = path.join('yijing', 'zhouyi.zh-Hans.json');

const text = z.string().min(1);
const fileSchema = z.object({
  meta: z.object({
    title: text,
    source: z.record(z.string(), z.string()),
    errata: z.array(z.unknown()),
  }),
  trigrams: z.array(
    z.object({ name: text, nature: text, binary: text, symbol: text, fuxi: z.number().int(), family: text }),
  ),
  hexagrams: z.array(
    z.object({
      kingWen: z.number().int(),
      fuxi: z.number().int(),
      name: text,
      fullName: text,
      symbol: text,
      binary: text,
      upper: text,
      lower: text,
      guaci: text,
      tuan: text,
      daxiang: text,
      lines: z.array(z.object({ position: z.number().int(), label: text, yang: z.boolean(), text: text, xiaoxiang: text })),
      yong: z.object({ label: text, text: text, xiaoxiang: text }).nullable(),
    }),
  ),
});

const SCHEMA_SQL = `
DROP TABLE IF EXISTS yijing_hexagrams;
DROP TABLE IF EXISTS yijing_trigrams;
DROP TABLE IF EXISTS yijing_source;
CREATE TABLE yijing_trigrams (
  idx INTEGER PRIMARY KEY,          -- 0..7 in the 乾兑离震巽坎艮坤 order
  name TEXT NOT NULL UNIQUE,
  nature TEXT NOT NULL,
  symbol TEXT NOT NULL,
  binary TEXT NOT NULL UNIQUE,      -- bottom line first, 1 = yang
  family TEXT NOT NULL
);
CREATE TABLE yijing_hexagrams (
  number INTEGER PRIMARY KEY,       -- King Wen order
  fuxi INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL UNIQUE,
  full_name TEXT NOT NULL UNIQUE,
  symbol TEXT NOT NULL,
  binary TEXT NOT NULL UNIQUE,
  upper_trigram TEXT NOT NULL REFERENCES yijing_trigrams(name),
  lower_trigram TEXT NOT NULL REFERENCES yijing_trigrams(name),
  judgment TEXT NOT NULL,           -- 卦辞
  judgment_commentary TEXT NOT NULL, -- 彖传
  image TEXT NOT NULL,              -- 大象
  lines_json TEXT NOT NULL,         -- [{position,label,yang,text,image(小象)}] bottom first
  use_json TEXT                     -- 用九/用六 {label,text,image}, only 乾 and 坤
);
CREATE TABLE yijing_source (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

function fail(file: string, message: string): never {
  throw new Error(`yijing import: ${file}: ${message}`);
}

/** Imports the 易经 text into `db` (writable); returns how many hexagrams were read and kept (always 64 of 64). */
export function importYijing(db: Database.Database, dataDir: string): { read: number; kept: number } {
  const file = path.join(dataDir, YIJING_FILE);
  if (!fs.existsSync(file)) fail(file, 'file not found (is SITE_DATA_DIR pointing at the data bundle?)');
  const raw = fs.readFileSync(file);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    fail(file, `not valid JSON (${(err as Error).message})`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    fail(file, `unexpected structure:\n  ${issues.join('\n  ')}`);
  }
  const data = parsed.data;

  const trigrams: TrigramText[] = data.trigrams.map((t, index) => ({ index, name: t.name, nature: t.nature, symbol: t.symbol, binary: t.binary, family: t.family }));
  const hexagrams: HexagramText[] = data.hexagrams.map((h) => ({
    number: h.kingWen,
    fuxi: h.fuxi,
    name: h.name,
    full_name: h.fullName,
    symbol: h.symbol,
    binary: h.binary,
    upper: h.upper,
    lower: h.lower,
    judgment: h.guaci,
    judgment_commentary: h.tuan,
    image: h.daxiang,
    lines: h.lines.map((l) => ({ position: l.position, label: l.label, yang: l.yang, text: l.text, image: l.xiaoxiang })),
    use: h.yong ? { label: h.yong.label, text: h.yong.text, image: h.yong.xiaoxiang } : null,
  }));
  const source = { title: data.meta.title, source: data.meta.source, errata_applied: data.meta.errata.length };
  try {
    buildYijingText(hexagrams, trigrams, source);
  } catch (err) {
    if (err instanceof YijingTextError) fail(file, err.message);
    throw err;
  }

  const write = db.transaction(() => {
    db.exec(SCHEMA_SQL);
    const insertTrigram = db.prepare('INSERT INTO yijing_trigrams (idx, name, nature, symbol, binary, family) VALUES (?, ?, ?, ?, ?, ?)');
    for (const t of trigrams) insertTrigram.run(t.index, t.name, t.nature, t.symbol, t.binary, t.family);
    const insertHexagram = db.prepare(
      `INSERT INTO yijing_hexagrams (number, fuxi, name, full_name, symbol, binary, upper_trigram, lower_trigram, judgment,
         judgment_commentary, image, lines_json, use_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const h of hexagrams) {
      insertHexagram.run(h.number, h.fuxi, h.name, h.full_name, h.symbol, h.binary, h.upper, h.lower, h.judgment, h.judgment_commentary, h.image, JSON.stringify(h.lines), h.use ? JSON.stringify(h.use) : null);
    }
    const insertSource = db.prepare('INSERT INTO yijing_source (key, value) VALUES (?, ?)');
    insertSource.run('title', source.title);
    insertSource.run('source', JSON.stringify(source.source));
    insertSource.run('errata_applied', String(source.errata_applied));
    insertSource.run('file', YIJING_FILE);
    insertSource.run('file_sha256', crypto.createHash('sha256').update(raw).digest('hex'));
  });
  write();
  return { read: data.hexagrams.length, kept: hexagrams.length };
}
