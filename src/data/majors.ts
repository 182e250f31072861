// Majors: catalogue search (name incl. 1–2 character queries, 门类, 专业类) and detail (introduction where the data
// has one, how many universities offer it, top universities by discipline evaluation; interface 2.6).
import { z } from 'zod';
import type { DB } from '../db/open.ts';
import { NotFoundError } from '../errors.ts';
import { cleanText } from './normalize.ts';
import { pageFields, pageQuery, prepared, type Page } from './paging.ts';

const TOP_N = 10;

export const majorSearchSchema = z
  .object({
    q: z.string().trim().min(1).max(50).optional().describe('专业名称关键词或专业代码（计算机、法学、080901）· major name or code'),
    category: z.string().trim().min(1).max(20).optional().describe('门类，名称或代码（工学 / 08）· discipline category, name or code'),
    sub_category: z.string().trim().min(1).max(30).optional().describe('专业类，名称或代码（计算机类 / 计算机 / 0809）· sub-category, name or code'),
    ...pageFields,
  })
  .strict();
export type MajorSearch = z.output<typeof majorSearchSchema>;

const majorIdField = z.coerce.number().int().min(1).max(1_000_000).describe('专业 id · major id');
export const majorIdSchema = z.object({ id: majorIdField }).strict();

export const majorLookupSchema = z
  .object({
    id: majorIdField.optional(),
    name: z.string().trim().min(1).max(50).optional().describe('专业名称或代码（计算机科学与技术、080901）· major name or code'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.id === undefined && v.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: 'required: give name or id' });
  });
export type MajorLookup = z.output<typeof majorLookupSchema>;

const MAX_CANDIDATES = 10;

/** One major by id, exact name or code; a partial name that fits several majors returns the candidates. */
export function lookupMajor(db: DB, q: MajorLookup):
  | { found: true; major: ReturnType<typeof majorDetail> }
  | { found: false; candidates: MajorItem[]; more: boolean } {
  if (q.id !== undefined) {
    if (!prepared(db, 'SELECT 1 FROM majors WHERE id = ?').get(q.id)) return { found: false, candidates: [], more: false };
    return { found: true, major: majorDetail(db, q.id) };
  }
  const name = cleanText(q.name);
  const exact = prepared(db, 'SELECT id FROM majors WHERE name = @name OR code = upper(@name) ORDER BY code LIMIT 1').pluck().get({ name }) as number | undefined;
  if (exact !== undefined) return { found: true, major: majorDetail(db, exact) };
  const page = searchMajors(db, { q: name, page: 1, page_size: MAX_CANDIDATES });
  if (page.items.length === 1) return { found: true, major: majorDetail(db, page.items[0].id) };
  return { found: false, candidates: page.items, more: page.has_more };
}

export interface MajorItem {
  id: number;
  code: string;
  name: string;
  category: string;
  subcategory: string;
  special_flag: string | null;
}

const LIST_COLUMNS = 'id, code, name, category, subcategory, special_flag';

export function searchMajors(db: DB, f: MajorSearch): Page<MajorItem> {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  let relevance = '';
  if (f.q) {
    params.q = cleanText(f.q);
    where.push('(instr(name, @q) > 0 OR code = upper(@q))');
    relevance = 'name <> @q AND code <> upper(@q), ';
  }
  if (f.category) {
    where.push('(category = @category OR category_code = @category)');
    params.category = cleanText(f.category);
  }
  if (f.sub_category) {
    // "计算机" and "计算机类" both mean 计算机类.
    where.push('(subcategory = @sub OR subcategory = @sub || \'类\' OR subcategory_code = @sub)');
    params.sub = cleanText(f.sub_category);
  }
  const sql = `SELECT ${LIST_COLUMNS} FROM majors ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${relevance}code, id LIMIT @limit OFFSET @offset`;
  return pageQuery(db, sql, params, f);
}

/** The 第四轮 disciplines a major belongs to: its 专业类 stem (计算机类 → 计算机) inside a discipline name, or the major's own name. */
function matchedDisciplines(db: DB, m: { name: string; subcategory: string }): string[] {
  const stem = m.subcategory.replace(/类$/, '');
  return prepared(
    db,
    `SELECT DISTINCT discipline_name FROM discipline_evaluations
     WHERE round = 4 AND cleaned = 0 AND (discipline_name = @name OR instr(discipline_name, @stem) > 0 OR instr(@stem, discipline_name) > 0)
     ORDER BY discipline_name`,
  )
    .pluck()
    .all({ name: m.name, stem }) as string[];
}

/** Major detail (interface 2.6). */
export function majorDetail(db: DB, id: number) {
  const m = prepared(db, 'SELECT * FROM majors WHERE id = ?').get(id) as any;
  if (!m) throw new NotFoundError(`no major with id ${id} in the data`, 'id');

  const rankingYear = prepared(db, 'SELECT MAX(year) FROM major_rankings WHERE (major_id = @id OR major_name = @name) AND cleaned = 0').pluck().get({ id, name: m.name }) as number | null;
  const offering = rankingYear
    ? (prepared(
        db,
        'SELECT COUNT(DISTINCT COALESCE(university_id, school_name)) FROM major_rankings WHERE (major_id = @id OR major_name = @name) AND year = @year AND cleaned = 0',
      )
        .pluck()
        .get({ id, name: m.name, year: rankingYear }) as number)
    : 0;
  const topRanked = rankingYear
    ? prepared(
        db,
        `SELECT university_id, school_name, rank, grade FROM major_rankings
         WHERE (major_id = @id OR major_name = @name) AND year = @year AND cleaned = 0 ORDER BY rank IS NULL, rank, id LIMIT ${TOP_N}`,
      ).all({ id, name: m.name, year: rankingYear })
    : [];

  const disciplines = matchedDisciplines(db, m);
  const topEvaluated = disciplines.length
    ? prepared(
        db,
        `SELECT discipline_name, university_id, school_name, grade FROM discipline_evaluations
         WHERE round = 4 AND cleaned = 0 AND discipline_name IN (SELECT value FROM json_each(@d)) AND grade_order IS NOT NULL
         ORDER BY grade_order, discipline_name, school_name, id LIMIT ${TOP_N}`,
      ).all({ d: JSON.stringify(disciplines) })
    : [];

  return {
    id: m.id,
    code: m.code,
    name: m.name,
    category: m.category,
    category_code: m.category_code,
    subcategory: m.subcategory,
    subcategory_code: m.subcategory_code,
    special_flag: m.special_flag,
    in_catalog_2026: m.in_catalog_2026 === 1,
    introduction: m.introduction,
    introduction_note: m.introduction ? null : '数据中没有该专业的介绍（附带数据不含专业详细目录）',
    universities_offering: {
      count: offering,
      year: rankingYear,
      basis: '软科中国大学专业排名中该专业上榜的院校数（未上榜的开设院校不计）',
    },
    top_universities_by_ranking: { year: rankingYear, source: '软科中国大学专业排名', items: topRanked },
    top_universities_by_evaluation: {
      round: 4,
      disciplines,
      basis: disciplines.length
        ? '第四轮学科评估中与该专业所属专业类对应的一级学科（按名称对应），按等级排序'
        : '没有与该专业所属专业类按名称对应的第四轮评估学科',
      items: topEvaluated,
    },
    source: { file: m.source_file, ref: m.source_ref },
  };
}

export interface MajorCategory {
  code: string;
  name: string;
  majors: number;
  subcategories: Array<{ code: string; name: string; majors: number }>;
}

/** The catalogue as a tree: 门类 → 专业类, with the number of majors in each (the catalogue's own codes and order). */
/** A 门类 or 专业类 of the catalogue by its name or code (as majorCategoryTree lists them), with its majors; null when none. */
export function findMajorCategory(db: DB, nameOrCode: string): { level: '门类' | '专业类'; code: string; name: string; major_ids: number[] } | null {
  const q = cleanText(nameOrCode);
  for (const [level, codeCol, nameCol] of [['门类', 'category_code', 'category'], ['专业类', 'subcategory_code', 'subcategory']] as const) {
    const ids = prepared(db, `SELECT id FROM majors WHERE ${nameCol} = @q OR ${codeCol} = @q ORDER BY code`).pluck().all({ q }) as number[];
    if (ids.length) {
      const head = prepared(db, `SELECT ${codeCol} AS code, ${nameCol} AS name FROM majors WHERE id = ?`).get(ids[0]) as { code: string; name: string };
      return { level, code: head.code, name: head.name, major_ids: ids };
    }
  }
  return null;
}

export function majorCategoryTree(db: DB): MajorCategory[] {
  const rows = prepared(
    db,
    'SELECT category_code, category, subcategory_code, subcategory, COUNT(*) AS n FROM majors GROUP BY category_code, category, subcategory_code, subcategory ORDER BY category_code, subcategory_code',
  ).all() as Array<{ category_code: string; category: string; subcategory_code: string; subcategory: string; n: number }>;
  const out: MajorCategory[] = [];
  for (const r of rows) {
    let c = out[out.length - 1];
    if (!c || c.code !== r.category_code) out.push((c = { code: r.category_code, name: r.category, majors: 0, subcategories: [] }));
    c.subcategories.push({ code: r.subcategory_code, name: r.subcategory, majors: r.n });
    c.majors += r.n;
  }
  return out;
}
