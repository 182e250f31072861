// The shapes the data engine answers with, as zod schemas: the data tools' outputSchema (MCP) and the /v1/data
// routes' OpenAPI responses come from here. Row schemas are generated from the table definitions in schema.ts,
// so every served column carries its type and its documentation without being written a second time.
import { z } from 'zod';
import { TABLE_BY_NAME, type SqlType } from './schema.ts';
import { COVERAGE_TABLES } from './overview.ts';

const SQL_TO_ZOD: Record<SqlType, () => z.ZodType> = { INTEGER: () => z.number().int(), REAL: () => z.number(), TEXT: () => z.string() };

/** A served row of `table` with these columns; null columns are left out of served rows (compactRow). */
export function rowSchema(table: string, columns: readonly string[]) {
  const def = TABLE_BY_NAME.get(table);
  if (!def) throw new Error(`no table ${table}`);
  const shape: Record<string, z.ZodType> = {};
  for (const name of columns) {
    const col = def.columns.find((c) => c.name === name);
    if (!col) throw new Error(`no column ${table}.${name}`);
    shape[name] = SQL_TO_ZOD[col.type]().describe(col.doc).optional();
  }
  return z.object(shape);
}

const pageMembers = {
  page: z.number().int().describe('this page, from 1'),
  page_size: z.number().int().describe('rows per page'),
  has_more: z.boolean().describe('true while another page follows'),
};

/** A /v1/data list: {items, page, page_size, has_more}. */
export function pageSchema(row: z.ZodType) {
  return z.object({ items: z.array(row), ...pageMembers });
}

/** A data tool's list result: the Tool-list shape {count, summary, items} plus where the page stands. */
export function toolPageSchema(row: z.ZodType) {
  return z.object({ count: z.number().int().describe('items on this page'), summary: z.string().describe('one Chinese sentence'), items: z.array(row), ...pageMembers });
}

const nullableString = z.string().nullable();
const nullableInt = z.number().int().nullable();

export const universityItemSchema = z.object({
  id: z.number().int().describe('10-digit MOE code as a number'),
  name: z.string(),
  province: z.string(),
  city: nullableString,
  level: nullableString.describe('本科 / 专科'),
  nature: nullableString,
  type: nullableString,
  is_985: z.boolean(),
  is_211: z.boolean(),
  is_double_first_class: z.boolean(),
  ranking: nullableInt.describe('软科 2026 main ranking'),
});

/** What a served score-line / plan row without a university link carries (markUnlisted in unlisted.ts). */
export const unlistedMarkShape = {
  listed: z.literal(false).optional().describe('false: the row is linked to no university of the national list (absent on linked rows)'),
  listed_note: z.string().optional().describe('why: 不在教育部全国高等学校名单中（军队院校等）, or that the name matched no listed university'),
  institution: z.string().optional().describe('the institution outside the national list the published spelling means (海医大 in 上海 code 126 → 海军军医大学)'),
};

/** A search hit outside the national list: its name and what the data holds for it, nothing invented (no ranking, no city). */
export const outsideListItemSchema = z.object({
  name: z.string().describe('the institution (maintained list) or the published spelling'),
  listed: z.literal(false),
  note: z.string(),
  kind: nullableString.describe('军队院校 / 香港院校 for a maintained institution, null for a spelling on no list'),
  aliases: z.array(z.string()),
  spellings: z.array(z.string()).describe('every spelling its served rows are filed under'),
  score_lines: z.number().int().describe('served score lines'),
  admission_plans: z.number().int().describe('served plan rows'),
  provinces: z.array(z.string()).describe('provinces that published its lines or plans'),
  years: z.array(z.number().int()),
});

const outsideListMember = {
  outside_national_list: z
    .array(outsideListItemSchema)
    .optional()
    .describe('institutions outside the national list (军队院校 …) whose name matches q: unlinked rows, found by name (first page, q without other filters)'),
};

/** /v1/data/universities: the page plus the matching institutions outside the national list. */
export const universitySearchPageSchema = pageSchema(universityItemSchema).extend(outsideListMember);
/** search_universities: the tool page plus the matching institutions outside the national list. */
export const universitySearchToolSchema = toolPageSchema(universityItemSchema).extend(outsideListMember);

export const majorItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  subcategory: z.string(),
  special_flag: nullableString,
});

export const universityDetailSchema = z.looseObject({
  id: z.number().int(),
  moe_code: nullableString,
  name: z.string(),
  aliases: z.array(z.string()),
  province: z.string(),
  city: nullableString,
  city_tier: z.number().nullable(),
  level: nullableString,
  nature: nullableString,
  affiliation: nullableString,
  type: nullableString,
  flags: z.record(z.string(), z.boolean()),
  ranking: z.looseObject({ ruanke_2026_main: nullableInt, ruanke_2026_main_score: z.number().nullable(), ruanke_2026_total: nullableInt, lists: z.array(z.looseObject({})) }),
  website: nullableString,
  admission_url: nullableString,
  majors_offered: z.looseObject({ ranked_majors: z.number().int(), ranked_majors_year: nullableInt, basis: z.string(), first_class_national: z.number().int(), first_class_provincial: z.number().int() }),
  strong_disciplines: z.looseObject({ double_first_class: z.array(z.string()), eval4_a: z.array(z.looseObject({ discipline_name: z.string(), grade: z.string() })), eval4_graded: z.number().int() }),
  recent_admission_lines: z.array(z.looseObject({ province: z.string() })),
  source: z.object({ file: z.string(), ref: z.string() }),
});

export const majorDetailSchema = z.looseObject({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  category_code: nullableString,
  subcategory: z.string(),
  subcategory_code: nullableString,
  special_flag: nullableString,
  introduction: nullableString,
  introduction_note: nullableString,
  universities_offering: z.looseObject({ count: z.number().int(), year: nullableInt, basis: z.string() }),
  top_universities_by_ranking: z.looseObject({ items: z.array(z.looseObject({})) }),
  top_universities_by_evaluation: z.looseObject({ items: z.array(z.looseObject({})) }),
});

const candidate = z.looseObject({ id: z.number().int(), name: z.string() });

/** get_university / get_major: the item when the lookup is unambiguous, else candidates (possibly none). */
export function lookupResultSchema(key: 'university' | 'major', detail: z.ZodType) {
  return z.object({
    found: z.boolean(),
    summary: z.string(),
    [key]: detail.optional().describe('present when found'),
    candidates: z.array(candidate).optional().describe('present when not found: the names that matched, none when nothing did'),
    ...(key === 'university'
      ? {
          outside_national_list: z
            .array(outsideListItemSchema.extend({ recent_admission_lines: z.array(z.looseObject({ province: z.string() })).optional() }))
            .optional()
            .describe('present when the name means an institution outside the national list (军队院校 …): what the data holds under its name'),
        }
      : {}),
  });
}

const countsSchema = z.object({ dataset: z.string(), rows: z.number().int(), cleaned: nullableInt });

const agreementCounts = z.object({ lines: z.number().int(), exact: z.number().int(), within_2: z.number().int(), larger: z.number().int() });

const coverageMatrix = z.object({
  years: z.array(z.number().int()),
  provinces: z.array(z.object({ province: z.string(), rows: z.array(z.number().int()).describe('served rows per entry of years (0 = none)') })),
});

export const overviewSchema = z.object({
  datasets: z.array(countsSchema).describe('served (and cleaned, where the dataset has cleaning) rows per dataset'),
  score_lines: z.object({
    years: z.array(z.object({ year: z.number().int(), rows: z.number().int() })),
    provinces: z.array(z.object({ province: z.string(), years: z.array(z.number().int()), rows: z.number().int() })),
    basis: z.array(z.object({ data_type: z.string(), rows: z.number().int() })),
    province_years: z.array(z.object({ province: z.string(), year: z.number().int(), rows: z.record(z.string(), z.number().int()) })),
  }),
  // one named property per table (a record over an enum required keys it never defined in properties)
  coverage: z
    .object(Object.fromEntries(COVERAGE_TABLES.map((t) => [t, coverageMatrix])) as Record<(typeof COVERAGE_TABLES)[number], typeof coverageMatrix>)
    .strict()
    .describe('served rows per province and year of each coverage table'),
  agreement: z
    .object({
      basis: z.string(),
      total: agreementCounts,
      pairs: z.array(agreementCounts.extend({ sources: z.tuple([z.string(), z.string()]).describe('the two source files') })),
    })
    .describe('cross-source agreement of score lines: per pair of sources the lines both give, exact, within 2 points, larger'),
  imported_at: nullableString,
  importer_version: nullableInt,
});
