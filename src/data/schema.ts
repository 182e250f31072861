// The one schema of the gaokao data database. The import builds it from the bundle (src/data/import), the query
// modules only read it. Tables and columns are described as data (not only as DDL) so that the docs travel with
// the schema: every column carries its meaning, and the DDL is generated from the same list.
//
// Conventions shared by every dataset table:
// - `id` is assigned in bundle order (file order, then row order), so an import of the same bundle gives the same ids.
// - `province` is the canonical short name (河北, 内蒙古, 广西 …; see normalize.ts PROVINCES); `year` an integer.
// - `subject_type` / `batch` keep the label as published; `subject_family` / `batch_family` / `data_type` are the
//   folded values the API filters on (normalize.ts documents the folding).
// - `university_id` points to universities.id when the school name resolved, else NULL; `school_name` keeps the
//   published name so unresolved rows stay searchable; `name_match` says how the match was made (NAME_MATCH).
// - `source_file` is the bundle file (path relative to the bundle's gaokao/ folder), `source_ref` the upstream id,
//   record id or row number (`row:<n>`, 1-based data row) that lets a user trace the row; `source_url` where the
//   source gives one.
// - `cleaned` is 0 for rows served by default and 1 for rows kept only for `raw=true`; `clean_reason` says why
//   (CLEAN_REASONS), NULL when cleaned = 0.

export type SqlType = 'INTEGER' | 'TEXT' | 'REAL';

export interface ColumnDef {
  name: string;
  type: SqlType;
  notNull?: boolean;
  primaryKey?: boolean;
  doc: string;
}

export interface IndexDef {
  name: string;
  columns: string[];
  unique?: boolean;
  /** the filter combination(s) of interface.md 4.7 this index serves */
  doc: string;
}

export interface TableDef {
  name: string;
  doc: string;
  columns: ColumnDef[];
  indexes: IndexDef[];
}

/** Bumped whenever the schema or the import rules change; setup rebuilds a database built by another version. */
export const IMPORTER_VERSION = 13;

/** Why a row is kept but not served by default (score lines, plans, rank tables, batch lines, evaluations). */
export const CLEAN_REASONS = {
  no_score: 'the score is blank or zero (upstream uses 0 for "unknown")',
  score_out_of_range: "the score lies outside the province's score range for that year",
  censored_score: 'the score is published as a bound (">580", "580分及以上"): min_score holds the bound',
  misaligned_subject: 'the subject column holds a province, a discipline or a total (misaligned source row)',
  duplicate: 'the same natural key already came from a more authoritative source or an earlier row',
  derived_rank_superseded: 'a published rank exists for the same key; this row only has a rank derived from the score',
  broken_table: 'the rank table is documented as broken (non-monotone or OCR/digit errors) in the bundle README',
  synthetic_rows: 'rows the upstream invented (e.g. 750→1, 749→2 above the official top bracket)',
  implausible: 'values the bundle README documents as implausible or copied (e.g. 广东 2026 plans = 2025, 福建 2026 misaligned)',
  no_plan_count: 'the plan row has no plan count',
  same_source_variant: 'the same source lists this line again with another value and nothing in the row tells the two apart: the served row holds the lowest value and score_range the range (importer 9; importer 10 serves none of them: unattributable_repeat)',
  unattributable_repeat: 'the source lists this line several times with different values and nothing tells which unit (main, 专项, 预科, 中外合作 …) each belongs to: not the line, never used for 最低 or chances; score_range holds the file\'s range',
  spread_over_units: 'the source gives two admission units of the school (its own line and a 定向/预科/专项 code, a campus) this same score and rank: it spread one value over them and nothing says whose it is (importer 13)',
  rank_of_another_unit: "the rank lies outside its score's band and is the rank another unit of the school has at another score: score and rank are not one line (importer 13)",
  copied_across_years: 'the source gives this unit the same line as in another year (a copy, not a published line): kept, not used without another source confirming it',
  ocr_fragment: 'the school name is a fragment of an OCR-read short name ("大学", "理工", "师大"): no school can be told from it',
  later_round: 'a later round (征集/征求志愿, 补录) of a line: the regular round is the line a student plans with',
  family_not_examined: 'the line is filed under a subject family (综合) the province did not examine that year: which family it belongs to is unknown',
  not_filled: 'the unit was not filled in this round (浙江 2026: blank rank and the table\'s lowest value 494): the value is not an admitted minimum',
} as const;
export type CleanReason = keyof typeof CLEAN_REASONS;

const ID: ColumnDef = { name: 'id', type: 'INTEGER', primaryKey: true, doc: 'row id, assigned in bundle order (stable for the same bundle)' };
const SOURCE: ColumnDef[] = [
  { name: 'source_file', type: 'TEXT', notNull: true, doc: 'bundle file the row came from, relative to gaokao/ (e.g. score_lines/liuguanghui_score_lines.csv.gz)' },
  { name: 'source_ref', type: 'TEXT', notNull: true, doc: 'upstream record id / row id, or `row:<n>` (1-based data row of the file) when the source has none' },
];
const SOURCE_URL: ColumnDef = { name: 'source_url', type: 'TEXT', doc: 'upstream page the value was published on, when the source gives one' };
const CLEAN: ColumnDef[] = [
  { name: 'cleaned', type: 'INTEGER', notNull: true, doc: '0 = served by default; 1 = kept but served only with raw=true' },
  { name: 'clean_reason', type: 'TEXT', doc: 'key of CLEAN_REASONS when cleaned = 1 (may carry a detail after ":"), else NULL' },
];
/** The served row a duplicate lost to: a duplicate is only ever judged against a row that is served (cleaned = 0). */
const DUPLICATE_OF: ColumnDef = {
  name: 'duplicate_of',
  type: 'INTEGER',
  doc: "when clean_reason is duplicate or derived_rank_superseded: the id of the served row of the same line (same unit, province, year, subject family, batch and kind) that won by source precedence; NULL otherwise",
};
const PROVINCE_YEAR_SUBJECT: ColumnDef[] = [
  { name: 'province', type: 'TEXT', notNull: true, doc: 'canonical short province name (河北, 内蒙古, 广西 …)' },
  { name: 'year', type: 'INTEGER', notNull: true, doc: 'admission / exam year' },
  { name: 'subject_type', type: 'TEXT', doc: "subject type as the province used it that year: as published (物理类, 物理, 理科, 不分文理, 艺术类, …), except where the published label does not fit the province-year exam system, which shows the province's own label for the family (河南 2023 published 物理类 → 理科); subject_type_raw keeps the published one" },
  { name: 'subject_type_raw', type: 'TEXT', doc: 'subject type exactly as published' },
  { name: 'subject_family', type: 'TEXT', doc: "folded family: '物理' (物理类/物理/理科), '历史' (历史类/历史/文科), '综合', '艺术', '体育', '其他'; NULL when the label is misaligned junk" },
  { name: 'subject_fit', type: 'INTEGER', doc: "1 when the published label (subject_type_raw) fits the province-year exam system (data/README.md table), 0 when it does not (e.g. 河南 2024 物理类), NULL for families the table does not cover (艺术, 体育, 其他)" },
];
const SCHOOL: ColumnDef[] = [
  { name: 'university_id', type: 'INTEGER', doc: 'universities.id when the school name resolved, else NULL' },
  { name: 'school_name', type: 'TEXT', notNull: true, doc: 'school name as published (kept for unresolved rows so they stay searchable)' },
  { name: 'name_match', type: 'TEXT', notNull: true, doc: 'how school_name was matched to the university list (NAME_MATCH in normalize.ts: exact, normalized, alias, campus, renamed, abbreviation, moe_code, unresolved)' },
];
/** Rows of a branch campus or joint institute that admits under its own name carry the parent's university_id and
 * the campus here, so a campus line is never read as the parent's (the data-truth rules fill it). */
const CAMPUS: ColumnDef = {
  name: 'campus',
  type: 'TEXT',
  doc: "branch campus or joint institute the row belongs to (e.g. 东北大学秦皇岛分校), with university_id = the parent; NULL for the parent's own rows",
};

export const TABLES: TableDef[] = [
  {
    name: 'meta',
    doc: 'Facts about the import: importer_version, completed_at, bundle file hashes, row counts (for /v1/data/overview and /api/v1/sync/status).',
    columns: [
      { name: 'key', type: 'TEXT', primaryKey: true, doc: 'importer_version | status (\'complete\') | completed_at | duration_ms | bundle_sha256 (JSON {file: sha256}) | counts (JSON {table: served rows}) | content_hash' },
      { name: 'value', type: 'TEXT', notNull: true, doc: 'the value (JSON for structured values)' },
    ],
    indexes: [],
  },
  {
    name: 'import_files',
    doc: 'One row per bundle file imported: what the per-dataset summary prints.',
    columns: [
      { name: 'file', type: 'TEXT', primaryKey: true, doc: 'bundle file, relative to gaokao/' },
      { name: 'dataset', type: 'TEXT', notNull: true, doc: 'target table (universities, score_lines, …)' },
      { name: 'sha256', type: 'TEXT', notNull: true, doc: 'sha256 of the compressed file' },
      { name: 'rows_read', type: 'INTEGER', notNull: true, doc: 'data rows read from the file' },
      { name: 'rows_kept', type: 'INTEGER', notNull: true, doc: 'rows inserted and served by default (cleaned = 0)' },
      { name: 'rows_cleaned', type: 'INTEGER', notNull: true, doc: 'rows inserted with cleaned = 1 (served only with raw=true)' },
      { name: 'rows_merged', type: 'INTEGER', notNull: true, doc: 'rows not inserted on their own because they were folded into another row (a jsoneft group line repeated per major becomes one group line) or joined into another table (city tiers, the flag cross-check copy)' },
      { name: 'rows_rejected', type: 'INTEGER', notNull: true, doc: 'rows not inserted because they cannot be used (no province, no year, no school …)' },
      { name: 'reasons', type: 'TEXT', notNull: true, doc: 'JSON {"cleaned": {reason: count}, "merged": {…}, "rejected": {…}}' },
    ],
    indexes: [],
  },
  {
    name: 'universities',
    doc: 'The 2,919 institutions of the 2025 national list (universities/universities.csv.gz) with city tiers joined in.',
    columns: [
      { name: 'id', type: 'INTEGER', primaryKey: true, doc: 'university id = the 10-digit 学校标识码 (moe_code) as an integer: stable across bundles' },
      { name: 'moe_code', type: 'TEXT', notNull: true, doc: '10-digit 学校标识码 as text' },
      { name: 'name', type: 'TEXT', notNull: true, doc: 'official name' },
      { name: 'name_key', type: 'TEXT', notNull: true, doc: 'normalizeSchoolName(name): the key other sources are matched on' },
      { name: 'province', type: 'TEXT', notNull: true, doc: 'canonical short province name' },
      { name: 'city', type: 'TEXT', doc: 'city as published (北京市, 南京市 …)' },
      { name: 'city_tier', type: 'INTEGER', doc: 'city tier 1–5 from universities/city_tiers.csv.gz, NULL when the city is not listed' },
      { name: 'level', type: 'TEXT', doc: '本科 | 专科' },
      { name: 'nature', type: 'TEXT', doc: '公办 | 民办 | 中外合作办学及内地与港澳合作办学 | …' },
      { name: 'affiliation', type: 'TEXT', doc: '主管部门 (教育部, 北京市 …)' },
      { name: 'type', type: 'TEXT', doc: '院校类型 (综合, 理工, 师范 …), NULL when unknown' },
      { name: 'type_source', type: 'TEXT', doc: 'where type came from (ruanke2026 | name_keyword_heuristic)' },
      { name: 'is_985', type: 'INTEGER', notNull: true, doc: '1 for 985 universities' },
      { name: 'is_211', type: 'INTEGER', notNull: true, doc: '1 for 211 universities' },
      { name: 'is_double_first_class', type: 'INTEGER', notNull: true, doc: '1 for 双一流 universities' },
      { name: 'is_qiangji', type: 'INTEGER', notNull: true, doc: '1 for 强基计划 universities' },
      { name: 'is_buxing_hejian', type: 'INTEGER', notNull: true, doc: '1 for 部省合建 universities' },
      { name: 'is_vice_ministerial', type: 'INTEGER', notNull: true, doc: '1 for 副部级 universities' },
      { name: 'ranking', type: 'INTEGER', doc: '软科中国大学排名 2026 主榜 rank (NULL when unranked); max_ranking filters on it' },
      { name: 'ranking_score', type: 'REAL', doc: '软科 2026 主榜 score' },
      { name: 'ranking_total', type: 'INTEGER', doc: '软科 2026 总榜 rank' },
      { name: 'dfc_disciplines', type: 'TEXT', doc: '第二轮双一流建设学科, "|"-separated' },
      { name: 'eval4_a_disciplines', type: 'TEXT', doc: '第四轮学科评估 A+/A/A- disciplines, "|"-separated "学科(A+)"' },
      { name: 'website', type: 'TEXT', doc: 'official website' },
      { name: 'admission_url', type: 'TEXT', doc: 'admission office website' },
      ...SOURCE,
    ],
    indexes: [
      { name: 'universities_moe_code', columns: ['moe_code'], unique: true, doc: 'lookup by moe_code' },
      { name: 'universities_name_key', columns: ['name_key'], unique: true, doc: 'name resolution, q exact' },
      { name: 'universities_province', columns: ['province', 'city'], doc: 'province / city filter' },
      { name: 'universities_ranking', columns: ['ranking'], doc: 'max_ranking, order=ranking' },
    ],
  },
  {
    name: 'university_aliases',
    doc: 'Every name string that resolves to a university: short names (北大, 上海交大), former names, campus names and every school-name string seen in the bundle that resolved. Serves university_name / q searches on short names.',
    columns: [
      { name: 'alias_key', type: 'TEXT', primaryKey: true, doc: 'normalizeSchoolName(alias)' },
      { name: 'alias', type: 'TEXT', notNull: true, doc: 'the alias as written' },
      { name: 'university_id', type: 'INTEGER', notNull: true, doc: 'universities.id' },
      { name: 'kind', type: 'TEXT', notNull: true, doc: 'name_match value that produced it (alias, renamed, campus, abbreviation, normalized …)' },
    ],
    indexes: [{ name: 'university_aliases_university', columns: ['university_id'], doc: 'aliases of one university' }],
  },
  {
    name: 'school_names',
    doc: 'Every distinct school-name string of the dataset tables, resolved or not, with its row count: a small table to search unresolved names by substring before looking rows up by school_name.',
    columns: [
      { name: 'school_name', type: 'TEXT', primaryKey: true, doc: 'name as published' },
      { name: 'name_key', type: 'TEXT', notNull: true, doc: 'normalizeSchoolName(school_name)' },
      { name: 'university_id', type: 'INTEGER', doc: 'universities.id or NULL' },
      { name: 'name_match', type: 'TEXT', notNull: true, doc: 'NAME_MATCH value' },
      { name: 'campus', type: 'TEXT', doc: 'the campus label when the name is a branch campus of university_id (see score_lines.campus)' },
      { name: 'unit', type: 'TEXT', doc: "the programme the name stands for within its university and campus (programmeUnit in normalize.ts: 与开封大学联合办学/就读地…, 中外合作办学, 较高收费 …), NULL for the university's own line: rows of different units are different lines and never duplicates of each other" },
      { name: 'rows', type: 'INTEGER', notNull: true, doc: 'rows carrying this name across all dataset tables' },
    ],
    indexes: [
      { name: 'school_names_key', columns: ['name_key'], doc: 'normalised name lookup' },
      { name: 'school_names_university', columns: ['university_id'], doc: 'all spellings of one university' },
    ],
  },
  {
    name: 'name_conflicts',
    doc: 'Every published name whose 学校标识码 (given by the source next to it) points to another university than the name does. The name decides; these rows are listed in the data report (resolve.ts says why the codes disagree).',
    columns: [
      { name: 'school_name', type: 'TEXT', notNull: true, doc: 'name as published' },
      { name: 'school_code', type: 'TEXT', notNull: true, doc: '学校标识码 as published next to it' },
      { name: 'code_university_id', type: 'INTEGER', notNull: true, doc: 'the university the code points to (not used)' },
      { name: 'university_id', type: 'INTEGER', doc: 'the university the name resolves to (NULL: unresolved)' },
      { name: 'rows', type: 'INTEGER', notNull: true, doc: 'rows carrying this name and code' },
      { name: 'source_file', type: 'TEXT', notNull: true, doc: 'bundle file' },
    ],
    indexes: [],
  },
  {
    name: 'majors',
    doc: 'Undergraduate major catalogue: the 2026 MOE catalogue (majors/majors_catalog_2026.csv.gz) united with the 软科 2025 major tree (15 codes only there).',
    columns: [
      { name: 'id', type: 'INTEGER', primaryKey: true, doc: 'major id, assigned in major_code order' },
      { name: 'code', type: 'TEXT', notNull: true, doc: 'major code (e.g. 080901, 010103K)' },
      { name: 'name', type: 'TEXT', notNull: true, doc: 'major name' },
      { name: 'category_code', type: 'TEXT', notNull: true, doc: '门类 code (01 … 14)' },
      { name: 'category', type: 'TEXT', notNull: true, doc: '门类 (哲学, 工学 …)' },
      { name: 'subcategory_code', type: 'TEXT', notNull: true, doc: '专业类 code (0101 …)' },
      { name: 'subcategory', type: 'TEXT', notNull: true, doc: '专业类 (哲学类, 计算机类 …)' },
      { name: 'special_flag', type: 'TEXT', doc: 'T (特设) / K (国家控制) / TK, NULL otherwise' },
      { name: 'in_catalog_2026', type: 'INTEGER', notNull: true, doc: '1 when listed in the 2026 MOE catalogue' },
      { name: 'in_ruanke_tree', type: 'INTEGER', notNull: true, doc: '1 when listed in the 软科 2025 major tree' },
      { name: 'introduction', type: 'TEXT', doc: 'introduction text; NULL: the bundle holds none (the detailed catalogue was not staged)' },
      ...SOURCE,
    ],
    indexes: [
      { name: 'majors_code', columns: ['code'], unique: true, doc: 'lookup by code' },
      { name: 'majors_name', columns: ['name'], doc: 'lookup by exact name (joins from rankings / plans)' },
      { name: 'majors_category', columns: ['category', 'subcategory'], doc: 'category / sub_category filter' },
    ],
  },
  {
    name: 'score_lines',
    doc: 'Admission score lines (历年录取分数线) of every source: per-major lines, 专业组 lines, institution lines and special-path lines.',
    columns: [
      ID,
      ...PROVINCE_YEAR_SUBJECT,
      { name: 'batch', type: 'TEXT', doc: 'batch as published (998 spellings upstream: 本科批, 本科一批, 高职(专科)批 …)' },
      { name: 'batch_family', type: 'TEXT', doc: 'folded batch (BATCH_FAMILIES in normalize.ts: 本科提前批, 本科一批, 本科二批, 本科三批, 本科批, 专科提前批, 专科批, 专项, 艺术体育, 其他)' },
      { name: 'data_type', type: 'TEXT', notNull: true, doc: "folded line kind: '专业线' (per major), '专业组线' (院校专业组 line), '院校线' (institution line), '特殊招生线' (专项/艺体/预科/中外合作/对口/单招 …). API data_type=院校线 matches 院校线 and 专业组线 (dataTypeValues in normalize.ts)" },
      { name: 'data_type_raw', type: 'TEXT', doc: 'line kind as published, or the source granularity marker (e.g. jsoneft score_granularity)' },
      ...SCHOOL,
      CAMPUS,
      { name: 'school_code', type: 'TEXT', doc: 'school code as published (provincial codes differ by province)' },
      { name: 'major_group', type: 'TEXT', doc: '院校专业组 code or name as published' },
      { name: 'major_name', type: 'TEXT', doc: 'major name as published (NULL on group / institution lines)' },
      { name: 'major_code', type: 'TEXT', doc: 'major code as published' },
      { name: 'major_note', type: 'TEXT', doc: 'remarks on the major (包含 …, 学制, 校区)' },
      { name: 'group_majors', type: 'TEXT', doc: 'on group lines folded from per-major repeats (jsoneft): the majors of the group, joined by "、"' },
      { name: 'elective', type: 'TEXT', doc: 'elective subject requirement (选科要求) as published' },
      { name: 'min_score', type: 'REAL', doc: 'lowest admitted score (NULL when unknown); for censored rows the published bound' },
      { name: 'min_score_raw', type: 'TEXT', doc: 'the published score text when it was not a plain number (">580", "580分及以上", "按")' },
      { name: 'min_rank', type: 'INTEGER', doc: 'rank (位次) of the lowest admitted score, NULL when unknown' },
      { name: 'rank_is_derived', type: 'INTEGER', doc: '1 when min_rank was derived from the score via a 一分一段 table (upstream flag), 0 when published, NULL without rank' },
      { name: 'score_is_derived', type: 'INTEGER', doc: "1 when min_score was not published but derived from the published min_rank with that year's official 一分一段 table (山东 专业+院校 lines publish ranks only), NULL when the score is published" },
      { name: 'max_score', type: 'REAL', doc: 'highest admitted score, when published' },
      { name: 'avg_score', type: 'REAL', doc: 'average admitted score, when published' },
      { name: 'plan_count', type: 'INTEGER', doc: 'planned places, when published' },
      { name: 'admitted_count', type: 'INTEGER', doc: 'admitted students, when published' },
      { name: 'granularity', type: 'TEXT', notNull: true, doc: "what the score describes: 'major' | 'group' | 'institution'" },
      { name: 'admission_unit', type: 'TEXT', doc: "what makes the line its own admission unit or round beyond school, group and major, '/'-joined (征集志愿, 国家专项, 预科, 定向:<region>, 中外合作办学, <campus>校区, 科类:<label>, 第N组 on an institution line, and the programme of the school name); NULL for the school's ordinary line. Rows of different units are never each other's duplicates" },
      { name: 'rank_off_table', type: 'INTEGER', doc: "1 when the published min_rank lies more than 500 places outside the band the served 一分一段 table gives its score (that rank is shown but never used for matching); 0 when it was checked and fits; NULL when there is no table or no published rank" },
      { name: 'credit', type: 'TEXT', doc: 'the attribution the source licence asks for wherever the row is served (e.g. CC BY 4.0), NULL when none' },
      { name: 'score_range', type: 'TEXT', doc: "when the source lists the same line several times with different values and nothing tells the rows apart: 'lowest–highest' of that file's values, on each of those rows (kept cleaned as unattributable_repeat unless another source confirms the value)" },
      { name: 'scope', type: 'TEXT', doc: 'upstream scope marker (school-official-only, special-path-only …)' },
      { name: 'source_quality', type: 'TEXT', doc: 'upstream source quality / source id' },
      { name: 'authority', type: 'INTEGER', notNull: true, doc: 'source rank used to resolve duplicates: 1 official exam-authority page … 5 third-party summary (lower wins)' },
      ...SOURCE,
      SOURCE_URL,
      ...CLEAN,
      DUPLICATE_OF,
    ],
    indexes: [
      { name: 'score_lines_py_score', columns: ['province', 'year', 'min_score'], doc: 'province+year, ordered / windowed by score' },
      { name: 'score_lines_pyf_score', columns: ['province', 'year', 'subject_family', 'min_score'], doc: 'province+year+subject_family (+score window)' },
      { name: 'score_lines_pyfbd_score', columns: ['province', 'year', 'subject_family', 'batch_family', 'data_type', 'min_score'], doc: 'province+year+subject_family+batch+data_type (+score window)' },
      { name: 'score_lines_py_rank', columns: ['province', 'year', 'min_rank'], doc: 'province+year rank window' },
      { name: 'score_lines_pyf_rank', columns: ['province', 'year', 'subject_family', 'min_rank'], doc: 'province+year+subject_family rank window' },
      { name: 'score_lines_university', columns: ['university_id', 'year', 'province'], doc: 'university_id (+year, +province)' },
      { name: 'score_lines_school', columns: ['school_name', 'year'], doc: 'university_name via school_names → school_name IN (…)' },
    ],
  },
  {
    name: 'admission_plans',
    doc: 'Enrolment plans (招生计划). The weakest dataset: see admission_plans/README.txt; implausible sources are kept cleaned.',
    columns: [
      ID,
      ...PROVINCE_YEAR_SUBJECT,
      { name: 'batch', type: 'TEXT', doc: 'batch as published' },
      { name: 'batch_family', type: 'TEXT', doc: 'folded batch (see score_lines.batch_family)' },
      ...SCHOOL,
      CAMPUS,
      { name: 'school_code', type: 'TEXT', doc: 'school code as published' },
      { name: 'major_group', type: 'TEXT', doc: '院校专业组 code or name as published' },
      { name: 'major_name', type: 'TEXT', doc: 'major name as published (广东 immaotianyi: "<校名>组<代码>", i.e. a group)' },
      { name: 'major_code', type: 'TEXT', doc: 'major code as published' },
      { name: 'elective', type: 'TEXT', doc: 'elective subject requirement as published' },
      { name: 'plan_count', type: 'INTEGER', doc: 'planned places (NULL when not given)' },
      { name: 'tuition', type: 'TEXT', doc: 'tuition as published (e.g. "5200(元/年)", "6000")' },
      { name: 'scope', type: 'TEXT', doc: 'upstream scope (vacancy-plan-only = 征集志愿 vacancies …)' },
      { name: 'prev_min_score', type: 'REAL', doc: "lowest admitted score the source lists next to the plan (immaotianyi: of the previous year for the 2025/2026 files, of 2024 itself for the 2024 files), when given" },
      { name: 'prev_min_rank', type: 'INTEGER', doc: 'rank of that lowest score, when given' },
      ...SOURCE,
      SOURCE_URL,
      ...CLEAN,
      DUPLICATE_OF,
    ],
    indexes: [
      { name: 'admission_plans_pyfb', columns: ['province', 'year', 'subject_family', 'batch_family'], doc: 'province+year(+subject_family+batch)' },
      { name: 'admission_plans_university', columns: ['university_id', 'year', 'province'], doc: 'university_id' },
      { name: 'admission_plans_school', columns: ['school_name', 'year'], doc: 'university_name via school_names' },
    ],
  },
  {
    name: 'rank_tables',
    doc: '一分一段 tables: score → candidates at that score and cumulative rank (candidates at or above the score). One authoritative table per (province, year, subject_type, table_kind); copies from other sources are kept cleaned as duplicates.',
    columns: [
      ID,
      ...PROVINCE_YEAR_SUBJECT,
      { name: 'table_kind', type: 'TEXT', notNull: true, doc: "'' for the ordinary table; otherwise the published variant (rank_usage such as 本科加分, 区外, or an art/PE batch)" },
      { name: 'score', type: 'INTEGER', notNull: true, doc: 'score (lower end of a merged top bracket)' },
      { name: 'score_max', type: 'INTEGER', doc: 'upper end of a merged bracket ("666-750"), NULL for a single score' },
      { name: 'count_at_score', type: 'INTEGER', doc: 'candidates at this score (or in this bracket)' },
      { name: 'cumulative_rank', type: 'INTEGER', doc: 'candidates at or above this score (= the rank of the last candidate at it)' },
      { name: 'rank_start', type: 'INTEGER', doc: 'rank of the first candidate at this score, when published or derivable' },
      { name: 'source_quality', type: 'TEXT', doc: 'upstream quality marker / verified flag' },
      { name: 'credit', type: 'TEXT', doc: 'the attribution the source licence asks for wherever the row is served, NULL when none' },
      ...SOURCE,
      SOURCE_URL,
      ...CLEAN,
    ],
    indexes: [
      { name: 'rank_tables_pyf_score', columns: ['province', 'year', 'subject_family', 'score'], doc: 'province+year(+subject_family), score exact or range' },
    ],
  },
  {
    name: 'batch_lines',
    doc: 'Provincial batch control lines (批次线 / 省控线), 2014–2026.',
    columns: [
      ID,
      ...PROVINCE_YEAR_SUBJECT,
      { name: 'batch', type: 'TEXT', notNull: true, doc: 'batch / line name as published (fuzzy-matched by the API)' },
      { name: 'batch_family', type: 'TEXT', doc: 'folded batch (see score_lines.batch_family)' },
      { name: 'line_name', type: 'TEXT', doc: 'longer line name or line type when the source gives one (总分, 普通类本科文化课录取控制分数线 …)' },
      { name: 'category', type: 'TEXT', doc: 'candidate category when given (普通类, 艺术类 …)' },
      { name: 'score', type: 'REAL', notNull: true, doc: 'control line score' },
      ...SOURCE,
      SOURCE_URL,
      ...CLEAN,
    ],
    indexes: [
      { name: 'batch_lines_pyf', columns: ['province', 'year', 'subject_family'], doc: 'province(+year+subject_family)' },
      { name: 'batch_lines_year', columns: ['year'], doc: 'year only' },
    ],
  },
  {
    name: 'major_rankings',
    doc: '软科中国大学专业排名 2025 and 2026: one row per (year, major, school).',
    columns: [
      ID,
      { name: 'year', type: 'INTEGER', notNull: true, doc: 'ranking edition' },
      { name: 'major_name', type: 'TEXT', notNull: true, doc: 'major name as published' },
      { name: 'major_code', type: 'TEXT', doc: 'major code when published, else the catalogue code found by name' },
      { name: 'major_id', type: 'INTEGER', doc: 'majors.id when the code or name is in the catalogue' },
      ...SCHOOL,
      { name: 'rank', type: 'INTEGER', doc: 'rank within the major' },
      { name: 'grade', type: 'TEXT', doc: '软科 grade / tier (A+, A, B+, B), NULL when blank' },
      { name: 'score', type: 'REAL', doc: '软科 score when published (2025 only)' },
      ...SOURCE,
      ...CLEAN,
    ],
    indexes: [
      { name: 'major_rankings_major', columns: ['major_name', 'year', 'rank'], doc: 'major_name (+year), ordered by rank' },
      { name: 'major_rankings_university', columns: ['university_id', 'year'], doc: 'university_id' },
      { name: 'major_rankings_school', columns: ['school_name', 'year'], doc: 'university_name via school_names' },
      { name: 'major_rankings_major_id', columns: ['major_id'], doc: 'major detail: universities offering it' },
    ],
  },
  {
    name: 'discipline_evaluations',
    doc: '学科评估: 第四轮 official grades (round 4, canmou copy authoritative; jamesbong10 copy kept cleaned as duplicates) and 第五轮 self-announcements (round 5, not official).',
    columns: [
      ID,
      { name: 'round', type: 'INTEGER', notNull: true, doc: '4 (第四轮, 2017, official) or 5 (第五轮 self-announcements by universities)' },
      { name: 'discipline_code', type: 'TEXT', doc: '一级学科 code (0101 …), when given' },
      { name: 'discipline_name', type: 'TEXT', notNull: true, doc: '一级学科 name' },
      ...SCHOOL,
      { name: 'grade', type: 'TEXT', doc: 'A+ … C- for round 4; the announced result text for round 5 (e.g. A+, 前2%, 跨越式进步)' },
      { name: 'grade_order', type: 'INTEGER', doc: 'A+ = 1 … C- = 9 for sorting; NULL when the grade is not on that scale' },
      { name: 'note', type: 'TEXT', doc: 'round 5: the guessed / previous grade and remarks as published' },
      ...SOURCE,
      SOURCE_URL,
      ...CLEAN,
    ],
    indexes: [
      { name: 'discipline_evaluations_university', columns: ['university_id', 'round'], doc: 'university_id' },
      { name: 'discipline_evaluations_discipline', columns: ['discipline_name', 'round', 'grade_order'], doc: 'discipline_name (+grade), top universities' },
      { name: 'discipline_evaluations_school', columns: ['school_name'], doc: 'university_name via school_names' },
      { name: 'discipline_evaluations_grade', columns: ['grade', 'round'], doc: 'grade only' },
    ],
  },
  {
    name: 'university_rankings',
    doc: '软科中国大学排名 2026: 主榜, 总榜, 民办 and the type lists (医药, 财经 …). Ranks like "500+" are bands.',
    columns: [
      ID,
      { name: 'list', type: 'TEXT', notNull: true, doc: 'list name as published' },
      ...SCHOOL,
      { name: 'school_type', type: 'TEXT', doc: 'type as published' },
      { name: 'province', type: 'TEXT', doc: 'canonical short province name' },
      { name: 'score', type: 'REAL', doc: 'score, when published' },
      { name: 'rank', type: 'INTEGER', doc: 'rank; for a band the lower bound (500 for "500+")' },
      { name: 'rank_text', type: 'TEXT', notNull: true, doc: 'rank as published ("12", "500+", "政30+")' },
      ...SOURCE,
    ],
    indexes: [
      { name: 'university_rankings_university', columns: ['university_id'], doc: 'rankings of one university' },
      { name: 'university_rankings_list', columns: ['list', 'rank'], doc: 'one list in order' },
    ],
  },
  {
    name: 'subject_rankings',
    doc: '软科中国最好学科排名 (best subjects; edition not labelled upstream, 2025 per commit date).',
    columns: [
      ID,
      { name: 'subject', type: 'TEXT', notNull: true, doc: 'subject (一级学科) name' },
      ...SCHOOL,
      { name: 'score', type: 'REAL', doc: 'score' },
      { name: 'tier', type: 'TEXT', doc: 'tier as published (前3%, 前7% …)' },
      ...SOURCE,
    ],
    indexes: [
      { name: 'subject_rankings_subject', columns: ['subject'], doc: 'by subject' },
      { name: 'subject_rankings_university', columns: ['university_id'], doc: 'by university' },
    ],
  },
  {
    name: 'dfc_disciplines',
    doc: '第二轮"双一流"建设学科 (教研函〔2022〕1号), 147 schools.',
    columns: [
      ID,
      ...SCHOOL,
      { name: 'discipline_name', type: 'TEXT', doc: 'discipline; NULL for 北大/清华 (自主确定)' },
      { name: 'note', type: 'TEXT', doc: 'note as published' },
      ...SOURCE,
    ],
    indexes: [{ name: 'dfc_disciplines_university', columns: ['university_id'], doc: 'by university' }],
  },
  {
    name: 'first_class_majors',
    doc: '一流本科专业建设点 (国家级 / 省级, "双万计划").',
    columns: [
      ID,
      ...SCHOOL,
      { name: 'major_name', type: 'TEXT', notNull: true, doc: 'major (with the school\'s class label when published)' },
      { name: 'tier', type: 'TEXT', notNull: true, doc: 'national | provincial' },
      { name: 'batch', type: 'TEXT', doc: 'announcement batch, when known' },
      { name: 'batch_year', type: 'INTEGER', doc: 'announcement year, when known' },
      ...SOURCE,
    ],
    indexes: [
      { name: 'first_class_majors_university', columns: ['university_id'], doc: 'by university' },
      { name: 'first_class_majors_major', columns: ['major_name'], doc: 'by major' },
    ],
  },
];

export const TABLE_BY_NAME: ReadonlyMap<string, TableDef> = new Map(TABLES.map((t) => [t.name, t]));

/** The dataset tables counted on /v1/data/overview (rows with cleaned = 0 where the table has that column). */
export const DATASET_TABLES = [
  'universities', 'majors', 'score_lines', 'admission_plans', 'rank_tables', 'batch_lines', 'major_rankings',
  'discipline_evaluations', 'university_rankings', 'subject_rankings', 'dfc_disciplines', 'first_class_majors',
] as const;
export type DatasetTable = (typeof DATASET_TABLES)[number];

function columnSql(c: ColumnDef): string {
  return `${c.name} ${c.type}${c.primaryKey ? ' PRIMARY KEY' : ''}${c.notNull && !c.primaryKey ? ' NOT NULL' : ''}`;
}

/** CREATE TABLE statements (no indexes: the import creates those after the bulk insert). */
export function createTablesSql(): string {
  return TABLES.map((t) => `CREATE TABLE ${t.name} (\n  ${t.columns.map(columnSql).join(',\n  ')}\n);`).join('\n');
}

/** CREATE INDEX statements for every table. */
export function createIndexesSql(): string {
  return TABLES.flatMap((t) =>
    t.indexes.map((i) => `CREATE ${i.unique ? 'UNIQUE ' : ''}INDEX ${i.name} ON ${t.name} (${i.columns.join(', ')});`),
  ).join('\n');
}

/** Column names of a table, in DDL order (for INSERT statements). */
export function columnNames(table: string): string[] {
  const t = TABLE_BY_NAME.get(table);
  if (!t) throw new Error(`unknown table ${table}`);
  return t.columns.map((c) => c.name);
}
