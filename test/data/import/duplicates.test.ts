// Duplicates over the whole built database: a row is only ever a duplicate of a served row of the same admission
// unit (university, campus, programme), province, year, subject family, batch and line kind, so every duplicate
// group has exactly one served row and no two served rows are the same line. And the case the forum reported
// (data/site/forum/posts.json, p027): the 河南 2024 理科本科一批 line of 河南大学(与开封大学联合办学) is served.
import { describe, expect, it } from 'vitest';
import { queryScoreLines, scoreLineQuerySchema } from '../../../src/data/score-lines.ts';
import { parse, realDb } from '../helpers.ts';

const LIUGUANGHUI = 'score_lines/liuguanghui_score_lines.csv.gz';
const 河南大学 = 4141010475;

describe('河南 2024 理科本科一批: 河南大学 and its 联合办学 line are two lines', () => {
  // score_lines/liuguanghui_score_lines.csv.gz, line 316994 (line 1 = header): 河南,2024,理科,本科一批,院校线,
  // 河南大学（与开封大学联合办学）（就读地综合, 院校代码 6007, min_score 525, min_rank 108197,
  // record_id 2024-henan-undergraduate1-science-filing-f7b78c879c9788971b.
  const JOINT = '2024-henan-undergraduate1-science-filing-f7b78c879c9788971b';
  // Same file, line 316657: 河南,2024,理科,本科一批,院校线,河南大学, 院校代码 6005, min_score 582, min_rank 37744,
  // record_id 2024-henan-undergraduate1-science-filing-ec1552020d24acaab8.
  const PARENT = '2024-henan-undergraduate1-science-filing-ec1552020d24acaab8';

  it('the 联合办学 line is served as a programme row of 河南大学, next to the parent line it used to be hidden behind', () => {
    const get = realDb().prepare('SELECT * FROM score_lines WHERE source_file = ? AND source_ref = ?');
    const joint = get.get(LIUGUANGHUI, JOINT) as Record<string, unknown>;
    expect(joint).toMatchObject({
      school_name: '河南大学(与开封大学联合办学)(就读地综合', university_id: 河南大学, name_match: 'programme', campus: null,
      min_score: 525, min_rank: 108197, data_type: '院校线', batch: '本科一批', cleaned: 0, clean_reason: null, duplicate_of: null,
    });
    expect(get.get(LIUGUANGHUI, PARENT)).toMatchObject({ school_name: '河南大学', university_id: 河南大学, min_score: 582, min_rank: 37744, cleaned: 0 });
    const unit = realDb().prepare('SELECT unit FROM school_names WHERE school_name = ?').pluck();
    expect(unit.get(joint.school_name)).toBe('与开封大学联合办学/就读地综合');
    expect(unit.get('河南大学')).toBeNull();
  });

  it('the data API serves it with the filters a user would use for it, without raw=true', () => {
    const page = queryScoreLines(realDb(), parse(scoreLineQuerySchema, {
      province: '河南', year: '2024', university_id: String(河南大学), subject_type: '理科', batch: '本科一批', data_type: '院校线', page_size: '100',
    }));
    const byName = new Map(page.items.map((r) => [r.school_name, r]));
    expect(byName.get('河南大学(与开封大学联合办学)(就读地综合')).toMatchObject({ min_score: 525, min_rank: 108197, source_ref: JOINT });
    expect(byName.get('河南大学')).toMatchObject({ min_score: 582, min_rank: 37744, source_ref: PARENT });
    expect(page.items.every((r) => r.cleaned === 0 && r.duplicate_of === undefined)).toBe(true);
    // raw=true: each copy cleaned as a duplicate names the served row it lost to
    const raw = queryScoreLines(realDb(), parse(scoreLineQuerySchema, { province: '河南', year: '2024', university_id: String(河南大学), raw: 'true', page_size: '100' }));
    const served = new Set(raw.items.filter((r) => r.cleaned === 0).map((r) => r.id));
    const copies = raw.items.filter((r) => r.clean_reason === 'duplicate' || r.clean_reason === 'same_source_variant');
    // importer 10: jsoneft's per-major repeats of the school's several lines are kept as unattributable, not copies
    expect(copies.length + raw.items.filter((r) => r.clean_reason === 'unattributable_repeat').length).toBeGreaterThan(0);
    for (const c of copies) expect(served.has(c.duplicate_of as number) || realDb().prepare('SELECT cleaned FROM score_lines WHERE id = ?').pluck().get(c.duplicate_of) === 0).toBe(true);
  });
});

describe('duplicate groups over the whole database', () => {
  for (const table of ['score_lines', 'admission_plans'] as const) {
    it(`${table}: every duplicate points to a served row of the same line; no group is left without a served row`, () => {
      const db = realDb();
      const losers = db.prepare(`SELECT COUNT(*) FROM ${table} WHERE clean_reason IN ('duplicate', 'derived_rank_superseded', 'same_source_variant')`).pluck().get() as number;
      expect(losers).toBeGreaterThan(1000);
      const bad = db
        .prepare(
          `SELECT d.id, d.school_name, w.id AS winner, w.school_name AS winner_name, w.cleaned AS winner_cleaned
           FROM ${table} d LEFT JOIN ${table} w ON w.id = d.duplicate_of
           LEFT JOIN school_names ln ON ln.school_name = d.school_name LEFT JOIN school_names wn ON wn.school_name = w.school_name
           WHERE d.clean_reason IN ('duplicate', 'derived_rank_superseded', 'same_source_variant') AND (
             w.id IS NULL OR w.cleaned <> 0
             OR w.province <> d.province OR w.year <> d.year OR w.subject_family IS NOT d.subject_family OR w.batch_family IS NOT d.batch_family
             OR w.university_id IS NOT d.university_id OR w.campus IS NOT d.campus
             ${table === 'score_lines' ? 'OR w.data_type <> d.data_type' : ''}
             -- another programme unit only where two files give the same value under different labels (a copy)
             OR (${table === 'score_lines' ? "COALESCE(d.admission_unit, '') <> COALESCE(w.admission_unit, '')" : "COALESCE(ln.unit, '') <> COALESCE(wn.unit, '')"} AND (w.source_file = d.source_file OR ${table === 'score_lines' ? 'w.min_score IS NOT d.min_score' : '1'})))
           LIMIT 20`,
        )
        .all();
      expect(bad).toEqual([]);
      // A winner is never itself a loser (no chains), and nothing is cleaned as a duplicate without its winner.
      expect(db.prepare(`SELECT COUNT(*) FROM ${table} d JOIN ${table} w ON w.id = d.duplicate_of WHERE w.duplicate_of IS NOT NULL`).pluck().get()).toBe(0);
      expect(db.prepare(`SELECT COUNT(*) FROM ${table} WHERE (duplicate_of IS NULL) = (clean_reason IN ('duplicate', 'derived_rank_superseded', 'same_source_variant'))`).pluck().get()).toBe(0);
    });
  }

  it('score_lines: no two served rows from different files are the same unit, province, year, subject, batch and kind', () => {
    const db = realDb();
    const unitKey = `s.province, s.year, s.subject_family, s.batch_family, s.data_type, s.university_id, COALESCE(s.campus, ''), COALESCE(s.admission_unit, '')`;
    // Institution lines: one line per unit, whatever the score.
    const institution = db
      .prepare(
        `SELECT ${unitKey}, COUNT(*) AS rows FROM score_lines s LEFT JOIN school_names n ON n.school_name = s.school_name
         WHERE s.cleaned = 0 AND s.university_id IS NOT NULL AND s.granularity = 'institution'
         GROUP BY ${unitKey} HAVING COUNT(DISTINCT s.source_file) > 1 LIMIT 10`,
      )
      .all();
    expect(institution).toEqual([]);
    // Group and major lines: the same group / major published with the same score by two files is one line.
    const finer = db
      .prepare(
        `SELECT ${unitKey}, s.major_group, s.major_name, s.min_score, COUNT(*) AS rows FROM score_lines s LEFT JOIN school_names n ON n.school_name = s.school_name
         WHERE s.cleaned = 0 AND s.university_id IS NOT NULL AND s.granularity <> 'institution'
         GROUP BY ${unitKey}, s.granularity, COALESCE(s.major_group, ''), COALESCE(s.major_name, ''), s.min_score HAVING COUNT(DISTINCT s.source_file) > 1 LIMIT 10`,
      )
      .all();
    expect(finer).toEqual([]);
  });
});
