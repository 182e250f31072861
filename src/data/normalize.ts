// Normalisation shared by the import (folding what the bundle publishes) and the query side (folding what a user
// types), so that both sides agree on one spelling: provinces, subject families, batches, line kinds, school names.
// Pure functions only: no database, no I/O.

// ---------------------------------------------------------------------------------------------------------------
// Provinces

export interface Province {
  /** canonical short name, the form stored in every table */
  name: string;
  /** official full name */
  full: string;
  /** pinyin without tones, lower case */
  pinyin: string;
  /** one-character abbreviation used in school short names (沪, 京 …) */
  abbr: string;
}

/** The 31 provincial-level divisions of the mainland (the bundle covers these only). */
export const PROVINCES: readonly Province[] = [
  { name: '北京', full: '北京市', pinyin: 'beijing', abbr: '京' },
  { name: '天津', full: '天津市', pinyin: 'tianjin', abbr: '津' },
  { name: '河北', full: '河北省', pinyin: 'hebei', abbr: '冀' },
  { name: '山西', full: '山西省', pinyin: 'shanxi', abbr: '晋' },
  { name: '内蒙古', full: '内蒙古自治区', pinyin: 'neimenggu', abbr: '蒙' },
  { name: '辽宁', full: '辽宁省', pinyin: 'liaoning', abbr: '辽' },
  { name: '吉林', full: '吉林省', pinyin: 'jilin', abbr: '吉' },
  { name: '黑龙江', full: '黑龙江省', pinyin: 'heilongjiang', abbr: '黑' },
  { name: '上海', full: '上海市', pinyin: 'shanghai', abbr: '沪' },
  { name: '江苏', full: '江苏省', pinyin: 'jiangsu', abbr: '苏' },
  { name: '浙江', full: '浙江省', pinyin: 'zhejiang', abbr: '浙' },
  { name: '安徽', full: '安徽省', pinyin: 'anhui', abbr: '皖' },
  { name: '福建', full: '福建省', pinyin: 'fujian', abbr: '闽' },
  { name: '江西', full: '江西省', pinyin: 'jiangxi', abbr: '赣' },
  { name: '山东', full: '山东省', pinyin: 'shandong', abbr: '鲁' },
  { name: '河南', full: '河南省', pinyin: 'henan', abbr: '豫' },
  { name: '湖北', full: '湖北省', pinyin: 'hubei', abbr: '鄂' },
  { name: '湖南', full: '湖南省', pinyin: 'hunan', abbr: '湘' },
  { name: '广东', full: '广东省', pinyin: 'guangdong', abbr: '粤' },
  { name: '广西', full: '广西壮族自治区', pinyin: 'guangxi', abbr: '桂' },
  { name: '海南', full: '海南省', pinyin: 'hainan', abbr: '琼' },
  { name: '重庆', full: '重庆市', pinyin: 'chongqing', abbr: '渝' },
  { name: '四川', full: '四川省', pinyin: 'sichuan', abbr: '川' },
  { name: '贵州', full: '贵州省', pinyin: 'guizhou', abbr: '黔' },
  { name: '云南', full: '云南省', pinyin: 'yunnan', abbr: '滇' },
  { name: '西藏', full: '西藏自治区', pinyin: 'xizang', abbr: '藏' },
  { name: '陕西', full: '陕西省', pinyin: 'shaanxi', abbr: '陕' },
  { name: '甘肃', full: '甘肃省', pinyin: 'gansu', abbr: '甘' },
  { name: '青海', full: '青海省', pinyin: 'qinghai', abbr: '青' },
  { name: '宁夏', full: '宁夏回族自治区', pinyin: 'ningxia', abbr: '宁' },
  { name: '新疆', full: '新疆维吾尔自治区', pinyin: 'xinjiang', abbr: '新' },
];

export const PROVINCE_NAMES: readonly string[] = PROVINCES.map((p) => p.name);

const PROVINCE_LOOKUP: Map<string, string> = (() => {
  const m = new Map<string, string>();
  for (const p of PROVINCES) {
    for (const form of [p.name, p.full, `${p.name}省`, `${p.name}市`, `${p.name}自治区`, p.pinyin, `${p.pinyin}sheng`, `${p.pinyin}shi`]) {
      m.set(form, p.name);
    }
  }
  return m;
})();

/** Unicode-normalises (full-width → half-width) and trims. */
export function cleanText(s: string | null | undefined): string {
  return (s ?? '').normalize('NFKC').replace(/[\s\u3000]+/g, ' ').trim();
}

/** Canonical short province name for any written form (河北 / 河北省 / hebei / Hebei), or null when unknown. */
export function normalizeProvince(input: string | null | undefined): string | null {
  const s = cleanText(input).replace(/\s+/g, '').toLowerCase();
  if (!s) return null;
  return PROVINCE_LOOKUP.get(s) ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Exam systems (data/README.md "Two measured facts", second table)

export type ExamSystem = '3+3' | '3+1+2' | '文理';

const EXAM_REFORM: Record<string, { system: Exclude<ExamSystem, '文理'>; from: number }> = {};
for (const [system, from, names] of [
  ['3+3', 2017, '上海 浙江'],
  ['3+3', 2020, '北京 天津 山东 海南'],
  ['3+1+2', 2021, '河北 辽宁 江苏 福建 湖北 湖南 广东 重庆'],
  ['3+1+2', 2024, '黑龙江 吉林 安徽 江西 贵州 广西 甘肃'],
  ['3+1+2', 2025, '山西 内蒙古 河南 四川 云南 陕西 青海 宁夏'],
] as const) {
  for (const n of names.split(' ')) EXAM_REFORM[n] = { system, from };
}

/** The exam system of a province in a year: before its first reformed year (and 新疆/西藏 throughout) 文/理. */
export function examSystem(province: string, year: number): ExamSystem {
  const r = EXAM_REFORM[province];
  return r && year >= r.from ? r.system : '文理';
}

/**
 * Highest possible total score of the ordinary (cultural) exam in a province-year: 750 nationally; 上海 660 since
 * its 2017 reform (630 in 2014–2016); 海南 900 (standardised scores); 江苏 480 under its 2008–2020 model.
 * Scores above it are anomalous for the 物理/历史/综合 families.
 */
export function maxTotalScore(province: string, year: number): number {
  if (province === '上海') return year >= 2017 ? 660 : 630;
  if (province === '海南') return 900;
  if (province === '江苏') return year <= 2020 ? 480 : 750;
  return 750;
}

// ---------------------------------------------------------------------------------------------------------------
// Subject types

/** '物理' = the science family (物理类, 物理, 理科, 理工); '历史' = 历史类, 历史, 文科, 文史; '综合' = 3+3 provinces. */
export const SUBJECT_FAMILIES = ['物理', '历史', '综合', '艺术', '体育', '其他'] as const;
export type SubjectFamily = (typeof SUBJECT_FAMILIES)[number];

const SCIENCE_LABELS = new Set(['物理类', '物理', '物理组', '首选物理', '理科', '理工', '理工类', '理', '物理/理工', '物理科目组合', 'science', 'physics', 'wuli', 'like']);
const LIBERAL_LABELS = new Set(['历史类', '历史', '历史组', '首选历史', '文科', '文史', '文史类', '文', '历史/文史', '历史科目组合', 'liberal', 'arts', 'history', 'lishi', 'wenke']);
const COMPREHENSIVE_LABELS = new Set(['综合', '综合改革', '不分文理', '文理综合', '不分科目类', '不分', '综合类', '3+3', 'zonghe']);
/** 一级学科门类 names: a subject column holding one of these is a misaligned row. */
const DISCIPLINE_LABELS = new Set(['哲学', '经济学', '法学', '教育学', '文学', '历史学', '理学', '工学', '农学', '医学', '军事学', '管理学', '艺术学', '交叉学科']);
const TOTAL_LABELS = new Set(['合计', '总计', '小计']);

export interface SubjectFold {
  /** null when the label is empty or misaligned */
  family: SubjectFamily | null;
  /** the subject column holds something that is not a subject type (a province, a discipline, a total) */
  misaligned: boolean;
  /** the label names the 3+1+2 split (物理/历史), the old split (理科/文科) or 3+3 (综合); null for other families */
  style: ExamSystem | null;
}

/** Folds a published or user-written subject type into its family. */
export function foldSubject(label: string | null | undefined): SubjectFold {
  const s = cleanText(label).replace(/\s+/g, '').toLowerCase();
  if (!s) return { family: null, misaligned: false, style: null };
  if (SCIENCE_LABELS.has(s)) return { family: '物理', misaligned: false, style: /物理/.test(s) || s === 'physics' || s === 'wuli' ? '3+1+2' : '文理' };
  if (LIBERAL_LABELS.has(s)) return { family: '历史', misaligned: false, style: /历史/.test(s) || s === 'history' || s === 'lishi' ? '3+1+2' : '文理' };
  if (COMPREHENSIVE_LABELS.has(s)) return { family: '综合', misaligned: false, style: '3+3' };
  if (normalizeProvince(s) || DISCIPLINE_LABELS.has(s) || TOTAL_LABELS.has(s)) return { family: null, misaligned: true, style: null };
  if (/^(艺术|美术|音乐|舞蹈|表演|表\(导\)演|服装表演|播音|书法|戏剧|戏曲|编导)/.test(s)) return { family: '艺术', misaligned: false, style: null };
  if (/^体育/.test(s)) return { family: '体育', misaligned: false, style: null };
  return { family: '其他', misaligned: false, style: null };
}

/** The family a user-written subject type means, or null when it is not a recognised subject type. */
export function normalizeSubjectFamily(input: string | null | undefined): SubjectFamily | null {
  const s = cleanText(input).replace(/\s+/g, '');
  if ((SUBJECT_FAMILIES as readonly string[]).includes(s)) return s as SubjectFamily;
  const f = foldSubject(s);
  // A user asking for "蒙授理科" gets nothing rather than every "其他" row.
  return f.family === '其他' ? null : f.family;
}

/**
 * 1 when a published label fits the province's exam system in that year, 0 when it does not (河南 2024 物理类),
 * null when the table does not say (art / PE / other families, or an empty label).
 */
/**
 * The label a province used for a subject family in a year: 理科/文科 before its reform, 物理类/历史类 after (综合 in
 * a 3+3 system); null when the family has no label of the province's system (艺术, 体育, 其他, or 物理 in a 3+3 year).
 */
export function provinceLabel(family: SubjectFamily | null, province: string, year: number): string | null {
  const system = examSystem(province, year);
  if (family === '综合') return system === '3+3' ? '综合' : null;
  if (family !== '物理' && family !== '历史') return null;
  if (system === '文理') return family === '物理' ? '理科' : '文科';
  if (system === '3+3') return null;
  return family === '物理' ? '物理类' : '历史类';
}

export function subjectFit(province: string, year: number, label: string | null | undefined): 0 | 1 | null {
  const f = foldSubject(label);
  if (!f.style) return null;
  return f.style === examSystem(province, year) ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Batches

export const BATCH_FAMILIES = ['本科提前批', '本科一批', '本科二批', '本科三批', '本科批', '专科提前批', '专科批', '专项计划', '特殊类型', '艺术体育', '其他'] as const;
export type BatchFamily = (typeof BATCH_FAMILIES)[number];
/** The batch families of ordinary admission; 专项计划, 特殊类型 and 艺术体育 are lines of their own kind (其他: unknown). */
export const ORDINARY_BATCH_FAMILIES: ReadonlySet<BatchFamily> = new Set(['本科提前批', '本科一批', '本科二批', '本科三批', '本科批', '专科提前批', '专科批']);

const ART_PE = /艺术|艺体|体育|美术|舞蹈|表演|表\(导\)演|播音|艺考|音乐|书法|戏曲|戏剧|编导|高水平运动队/;
const SPECIAL_PLAN = /专项/;
const SPECIAL_TYPE = /预科|民族班|少数民族|内地班|内高班|新疆班|中外合作|闽台|对口|单招|分类考试|专升本|定向|公费师范|优师|军|公安|航海|综合评价|强基|高本贯通|三校生|秋季|南疆|单列|单设|马来西亚|全科教师|乡村教师|特殊类型|特殊招生|特控|职业教育|消防|司法|部队|资格线|面试|政审|\(少\)|民考|蒙授|民族语言|彝文|藏文|一类模式|技能高考|中职/;

/**
 * Folds a published batch name (998 spellings in the bundle) into a BatchFamily. 山东/浙江 一段/二段 are the
 * 本科/专科 segments of their 3+3 systems. null for an empty label.
 */
export function foldBatch(label: string | null | undefined): BatchFamily | null {
  const s = cleanText(label).replace(/\s+/g, '');
  if (!s) return null;
  if ((BATCH_FAMILIES as readonly string[]).includes(s)) return s as BatchFamily;
  if (ART_PE.test(s)) return '艺术体育';
  if (SPECIAL_PLAN.test(s)) return '专项计划';
  if (SPECIAL_TYPE.test(s)) return '特殊类型';
  const vocational = /专科|高职|高专/.test(s);
  if (/提前/.test(s)) return vocational ? '专科提前批' : '本科提前批';
  if (vocational) return '专科批';
  // 山东 普通类常规批 is its 本科 ordinary batch; 浙江 普通类第一段 its first (本科) segment.
  if (s === '一段' || /第一段$|常规批/.test(s)) return '本科批';
  if (s === '二段') return '专科批';
  if (/第一批|一批|一本|本一|本科一段/.test(s)) return '本科一批';
  if (/第二批|二批|二本|本二|^二A/.test(s)) return '本科二批';
  if (/第三批|三批|三本/.test(s)) return '本科三批';
  if (/本科|普通批|^普通类$|统招|普通高考/.test(s)) return '本科批';
  return '其他';
}

/** The batch family a user-written batch means (fuzzy: "一批", "本一", "专科" all fold), or null when unknown. */
export function normalizeBatchFamily(input: string | null | undefined): BatchFamily | null {
  const f = foldBatch(input);
  return f === '其他' ? null : f;
}

// ---------------------------------------------------------------------------------------------------------------
// Line kinds (score_lines.data_type)

/** Stored values of score_lines.data_type. */
export const DATA_TYPES = ['专业线', '专业组线', '院校线', '特殊招生线'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** Values the API accepts for data_type (interface.md 4.7 lists 专业线, 院校线, 特殊招生线; 专业组线 is also taken). */
export const API_DATA_TYPES = ['专业线', '院校线', '专业组线', '特殊招生线'] as const;

/**
 * Stored data_type values an API data_type means: 院校线 covers institution lines and 院校专业组 lines (both are
 * the line for entering the school/group, not a major); null when the input is not a known kind.
 */
export function dataTypeValues(input: string | null | undefined): DataType[] | null {
  const s = cleanText(input).replace(/\s+/g, '');
  if (s === '专业线' || s === '专业' || s === 'major') return ['专业线'];
  if (s === '院校线' || s === '院校' || s === '投档线' || s === 'school' || s === 'institution') return ['院校线', '专业组线'];
  if (s === '专业组线' || s === '专业组' || s === 'group') return ['专业组线'];
  if (s === '特殊招生线' || s === '特殊' || s === 'special') return ['特殊招生线'];
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// School names

/** How a published school name was matched to the university list (score_lines.name_match etc.). */
export const NAME_MATCH = {
  exact: 'identical to the official name',
  normalized: 'identical after folding width, brackets, spaces and tags such as (民办)',
  alias: 'a recorded short name or spelling variant (北大, 上海交大, OCR typo listed in the README; reviewed table src/data/import/school-names.csv)',
  renamed: "the school's recorded former name (year and source in the reviewed table)",
  campus: 'a branch campus or institute admitting under its own name (…(威海), 东北大学秦皇岛分校, 北京大学医学部): the row carries the parent as university_id and the campus in `campus`',
  programme: 'a programme or location suffix removed to reach the university (…(国家专项), …(中外合作办学), …(较高收费), …(<its own city>)); not a campus',
  truncated: 'the source cut the final 院 off the name (文华学 → 文华学院); accepted only when the completed name is an official name',
  abbreviation: 'a short name (上海 official short names) whose characters appear in order in exactly one university name',
  unresolved: 'no university matched: the row keeps its name and stays searchable',
} as const;
export type NameMatch = keyof typeof NAME_MATCH;

/**
 * The key school names are compared on: NFKC (full-width brackets and letters → half-width), every bracket
 * style → (), no spaces or quotes, tags such as (民办) / [民办] / 民办 prefix removed, Latin letters lower-cased.
 */
export function normalizeSchoolName(name: string | null | undefined): string {
  let s = (name ?? '').normalize('NFKC');
  s = s.replace(/[\s\u3000"'“”‘’`]+/g, '');
  s = s.replace(/[【\[〔［{｛〈《]/g, '(').replace(/[】\]〕］}｝〉》]/g, ')');
  s = s.replace(/\((民办|公办|独立学院|中外合作办学|中外合作|原[^()]*)\)/g, '');
  s = s.replace(/^民办/, '').replace(/\*+$/, '');
  s = s.replace(/\(\)/g, '');
  return s.toLowerCase();
}

/**
 * Parent-university keys to try for a campus or branch name, most specific first: "山东大学(威海)" → 山东大学;
 * "北京师范大学珠海校区" → 北京师范大学; "中国石油大学(华东)青岛校区" → 中国石油大学(华东) then 中国石油大学.
 */
export function campusParents(key: string): string[] {
  const out: string[] = [];
  const push = (k: string): void => {
    if (k.length >= 2 && !out.includes(k)) out.push(k);
  };
  let s = key;
  // "…第01组" (湖北 group names) and a bracket the source never closed ("…(地方专项") are cut first.
  const cut = s.replace(/第\d+组$/, '').replace(/\([^()]*$/, '');
  if (cut !== s) {
    push(cut);
    s = cut;
  }
  for (let i = 0; i < 3; i++) {
    const bracket = s.replace(/\([^()]*\)$/, '');
    if (bracket !== s) {
      push(bracket);
      s = bracket;
      continue;
    }
    // "<parent><place>校区": the place name has 2–4 characters, the shortest reading first.
    const suffix = /(校区|分校|校本部|本部)$/.exec(s);
    if (!suffix) break;
    const stem = s.slice(0, -suffix[0].length);
    for (let n = 2; n <= 4 && n < stem.length; n++) push(stem.slice(0, -n));
    push(stem);
    break;
  }
  return out;
}

/**
 * What the part of a name after its parent university says, when it names a place of study: "(威海)", "威海分校",
 * "(宣城校区)", "(保定市)", "(医学部)", "(中德学院)" → the place ("威海", "宣城", "保定", "医学部", "中德学院");
 * null for programme tags ("(国家专项)", "(中外合作办学)", "(较高收费)", "第01组"). `cities` holds the city names
 * of the university list without 市, so a bare "(保定)" is read as a place and "(面向厦门)" is not.
 */
export function campusPlace(suffix: string, cities: ReadonlySet<string>): string | null {
  const pieces = suffix.split(/[()]/).map((p) => p.trim()).filter(Boolean);
  for (const p of pieces) {
    const site = /^(.+?)(?:校区|分校|办学点)/.exec(p);
    if (site) return site[1];
    if (/(学院|医学部)$/.test(p) && !/^(独立|民办)学院$/.test(p)) return p;
    const city = p.replace(/市$/, '');
    if (cities.has(city)) return city;
  }
  return null;
}

/** Bracket tags that describe a school rather than name an admission unit of it (民办/公办, a former name). */
const DESCRIPTOR_TAG = /^(民办|公办|独立学院|原.*)$/;

/** The bracketed pieces of a name ("(a)(b)", a bracket the source never closed counts too), folded like keys. */
function bracketPieces(name: string): string[] {
  let s = (name ?? '').normalize('NFKC').replace(/[\s\u3000"'“”‘’`]+/g, '');
  s = s.replace(/[【\[〔［{｛〈《]/g, '(').replace(/[】\]〕］}｝〉》]/g, ')').toLowerCase();
  return [...s.matchAll(/\(([^()]*)(?:\)|$)/g)].map((m) => m[1]).filter(Boolean);
}

/**
 * The admission unit (投档单位) a published name stands for beyond its university and campus: its programme tags
 * ("河南大学(与开封大学联合办学)(就读地…" → "与开封大学联合办学/就读地…", "…(中外合作办学专业)" → "中外合作办学",
 * "…(较高收费)", "…(医护类)"), '' for the university's own line. Tags that only describe the school (民办/公办, a
 * former name), places (its own city, the campus the row already carries) and the brackets of the official name
 * itself (中国石油大学(华东)) are not units. A programme line and its parent's line are different lines, so the
 * unit is part of the duplicate key: they never compete.
 */
export function programmeUnit(name: string, officialName: string | null, cities: ReadonlySet<string>): string {
  const own = new Set(officialName ? bracketPieces(officialName) : []);
  const out: string[] = [];
  for (const piece of bracketPieces(name)) {
    if (own.has(piece) || DESCRIPTOR_TAG.test(piece) || campusPlace(`(${piece})`, cities) !== null) continue;
    const unit = piece.startsWith('中外合') ? '中外合作办学' : piece;
    if (!out.includes(unit)) out.push(unit);
  }
  return out.join('/');
}

/** True when every character of `short` occurs in `full` in order (the way Chinese short names are formed). */
export function isOrderedSubsequence(short: string, full: string): boolean {
  let j = 0;
  for (let i = 0; i < full.length && j < short.length; i++) if (full[i] === short[j]) j++;
  return j === short.length;
}

/**
 * Expansions of a short name whose first character is a province abbreviation (赣应科院 → 江西应科院) so that the
 * subsequence test can see the province part of the full name.
 */
export function abbreviationForms(short: string): string[] {
  const forms = [short];
  const p = PROVINCES.find((x) => x.abbr === short[0]);
  if (p && short.length >= 3) forms.push(p.name + short.slice(1));
  return forms;
}

/**
 * Well-known short names (common usage, e.g. the ones stack.md asks to resolve) and former names. Values are
 * official names from universities.csv (compared through normalizeSchoolName); ambiguous ones
 * (交大, 山大, 中大 …) are left out on purpose. The import verifies each target exists and drops (and reports) any that does not.
 */
export const SCHOOL_ALIASES: Readonly<Record<string, string>> = {
  北大: '北京大学', 清华: '清华大学', 人大: '中国人民大学', 复旦: '复旦大学', 上海交大: '上海交通大学',
  浙大: '浙江大学', 南大: '南京大学', 中科大: '中国科学技术大学', 国科大: '中国科学院大学', 哈工大: '哈尔滨工业大学',
  哈工程: '哈尔滨工程大学', 北航: '北京航空航天大学', 北理工: '北京理工大学', 北师大: '北京师范大学', 北邮: '北京邮电大学',
  北外: '北京外国语大学', 北交大: '北京交通大学', 北京交大: '北京交通大学', 北科大: '北京科技大学', 中国农大: '中国农业大学',
  同济: '同济大学', 华东师大: '华东师范大学', 上财: '上海财经大学', 上海财大: '上海财经大学', 上外: '上海外国语大学',
  南开: '南开大学', 天大: '天津大学', 东南: '东南大学', 武大: '武汉大学', 华科: '华中科技大学', 华中大: '华中科技大学',
  华南理工: '华南理工大学', 厦大: '厦门大学', 川大: '四川大学', 电子科大: '电子科技大学',
  成电: '电子科技大学', 西交: '西安交通大学', 西安交大: '西安交通大学', 西工大: '西北工业大学', 西电: '西安电子科技大学',
  吉大: '吉林大学', 大工: '大连理工大学', 东北大: '东北大学', 湖大: '湖南大学', 重大: '重庆大学', 兰大: '兰州大学',
  央财: '中央财经大学', 贸大: '对外经济贸易大学', 外经贸大: '对外经济贸易大学',
  中国人大: '中国人民大学', 南航: '南京航空航天大学', 南理工: '南京理工大学', 港中深: '香港中文大学(深圳)',
  // documented in rankings_evaluations/README.txt (OCR typo of eval4_jamesbong10)
  安黴师范大学: '安徽师范大学',
};

/** Former names → current official names (universities/README.txt: 上海体育学院 renamed 上海体育大学). */
export const SCHOOL_RENAMES: Readonly<Record<string, string>> = {
  上海体育学院: '上海体育大学',
};

// ---------------------------------------------------------------------------------------------------------------
// Numbers as published

export interface ParsedScore {
  value: number | null;
  /** the published text when it was not a plain number */
  raw: string | null;
  /** published as a bound (">580", "580分及以上") */
  censored: boolean;
}

/** Parses a published score: "605", "605.0", ">580", "580分及以上", "", "按". */
export function parseScore(text: string | null | undefined): ParsedScore {
  const s = cleanText(text);
  if (!s) return { value: null, raw: null, censored: false };
  if (/^-?\d+(\.\d+)?$/.test(s)) return { value: Number(s), raw: null, censored: false };
  const bound = /^(?:>=?|≥|＞)\s*(\d+(?:\.\d+)?)$/.exec(s) ?? /^(\d+(?:\.\d+)?)\s*分?\s*(?:及以上|以上)$/.exec(s);
  if (bound) return { value: Number(bound[1]), raw: s, censored: true };
  return { value: null, raw: s, censored: false };
}

/** Parses an integer count or rank ("85", "85.0", "1,234"); null for blank or non-numeric text. */
export function parseIntLoose(text: string | null | undefined): number | null {
  const s = cleanText(text).replace(/,/g, '');
  if (!/^-?\d+(\.0+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
}

/** Parses a decimal ("1036.3"); null for blank or non-numeric text. */
export function parseNumber(text: string | null | undefined): number | null {
  const s = cleanText(text).replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  return Number(s);
}

/** 第四轮 grade order: A+ = 1 … C- = 9; null for anything else. */
export function gradeOrder(grade: string | null | undefined): number | null {
  const i = ['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-'].indexOf(cleanText(grade).toUpperCase());
  return i < 0 ? null : i + 1;
}
