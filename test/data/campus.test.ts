// A branch campus is its own target and never its parent's line (the rule issue 12's name resolution relies on:
// campus rows carry the parent's university_id plus `campus`). The served build has no campus rows yet, so this
// test copies the real 河南 物理 2025 lines, the 2025–2026 rank tables and the university list into a scratch
// database and adds one campus row shaped like issue 12's: the parent's id, a campus name, and a line 3,000 ranks
// easier than the parent's own (merged with the parent, it would make the parent look easier than it is).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { matchByScore, matchSchema } from '../../src/data/match.ts';
import { yearTargets, targetKey } from '../../src/data/line-history.ts';
import { tempDir } from '../helpers/context.ts';
import { parse, realDb } from './helpers.ts';

const dir = tempDir('svc-campus-');
const opened: Database.Database[] = [];

/** A scratch database holding the copied rows (a fresh handle: the engines memoise per read-only handle). */
function scratch(name: string): Database.Database {
  const db = new Database(path.join(dir, name));
  opened.push(db);
  for (const t of ['score_lines', 'universities', 'rank_tables', 'school_names']) db.exec(realDb().prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(t) as string);
  copy(db, 'universities', '1 = 1');
  copy(db, 'school_names', '1 = 1'); // the programme unit of each published name
  copy(db, 'rank_tables', "province = '河南' AND subject_family = '物理' AND year IN (2025, 2026)");
  copy(db, 'score_lines', "province = '河南' AND subject_family = '物理' AND year = 2025");
  return db;
}

function copy(db: Database.Database, table: string, where: string): void {
  const src = realDb();
  const rows = src.prepare(`SELECT * FROM ${table} WHERE ${where}`).all() as Record<string, unknown>[];
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  const ins = db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`);
  db.transaction(() => rows.forEach((r) => ins.run(r)))();
}

afterAll(() => {
  for (const db of opened) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('campus lines', () => {
  it('a campus line is its own entry under the campus name, and never its parent line', () => {
    const q = parse(matchSchema, { province: '河南', subject_type: '物理', score: 600, year: 2026, limit: 100 });
    const plain = scratch('plain.db');
    const before = matchByScore(plain, q);
    const parent = before.items.find((i) => i.university_id !== null && i.probability! < 0.6)!;
    expect(parent).toBeTruthy();
    const db = scratch('campus.db');
    const line = db.prepare('SELECT * FROM score_lines WHERE id = ?').get(parent.lines[0].id) as Record<string, any>;
    const campus = `${parent.university_name}（测试分校）`;
    const id = (db.prepare('SELECT MAX(id) FROM score_lines').pluck().get() as number) + 1;
    const row = { ...line, id, campus, school_name: campus, min_rank: line.min_rank + 3000, min_score: line.min_score - 5, source_ref: 'campus-test' };
    const cols = Object.keys(row);
    db.prepare(`INSERT INTO score_lines (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);

    const targets = yearTargets(db, '河南', 2025, '物理', before.bases[0].basis);
    expect(targets.lines.get(targetKey(parent.university_id, parent.school_name, null))!.id).toBe(line.id);
    expect(targets.lines.get(targetKey(parent.university_id, campus, campus))!.id).toBe(id);
    expect(targets.info.get(targetKey(parent.university_id, campus, campus))!.name).toBe(campus);

    const after = matchByScore(db, q);
    const p = after.items.find((i) => i.university_id === parent.university_id && i.campus === null)!;
    expect(p.lines.map((l) => l.id)).toEqual([line.id]);
    expect(p.probability).toBe(parent.probability);
    const c = after.items.find((i) => i.campus === campus)!;
    expect(c).toMatchObject({ university_id: parent.university_id, university_name: campus });
    expect(c.lines.map((l) => l.id)).toEqual([id]);
    expect(c.probability!).toBeGreaterThan(p.probability!);
  });
});
