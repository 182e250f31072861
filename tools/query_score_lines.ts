import { z } from 'zod';
import { describeFilters, firstNames, pageSummary } from '../src/data/describe.ts';
import { dataTypeValues } from '../src/data/normalize.ts';
import { allRows, pageInfo } from '../src/data/paging.ts';
import { queryScoreLines, scoreLineQuerySchema, scoreLinesSql, type ScoreLine, type ScoreLineQuery } from '../src/data/score-lines.ts';
import { col, fmt, say, where } from '../src/agent/voice.ts';
import { defineTool, READ_ONLY, toolList, type AnswerContext } from './types.ts';
import { toolPageSchema } from '../src/data/responses.ts';
import { scoreLineRow } from '../src/data/score-lines.ts';

type Line = Record<string, any>;
type Result = { items: Line[]; school_lines?: Line[]; lowest_lines?: Line[]; has_more: boolean; count: number };

const rankText = (l: Line, lang: 'zh' | 'en') => (l.min_rank !== undefined && l.min_rank !== null ? fmt(l.min_rank) : say(lang, '未公布', 'not published'));
const schoolOf = (l: Line, lang: 'zh' | 'en' = 'zh') => `${l.school_name ?? ''}${l.campus ? (lang === 'en' ? ` (${l.campus})` : `（${l.campus}）`) : ''}`;

/** "郑州大学 2024 年在河南理科本科一批的院校线最低分 601 分、最低位次 22963" for one line. */
function lineSentence(l: Line, lang: 'zh' | 'en'): string {
  const group = l.data_type === '专业组线' && l.major_group ? l.major_group : '';
  const what = l.data_type === '专业线' ? say(lang, `${l.major_name ?? ''}专业`, `${l.major_name ?? ''}`) : say(lang, `${l.data_type}${group ? `（${group}）` : ''}`, `${l.data_type === '院校线' ? 'institution line' : 'group line'}${group ? ` (${group})` : ''}`);
  return say(
    lang,
    `${schoolOf(l)} ${l.year} 年在${l.province}${l.subject_type ?? ''}${l.batch ?? ''}的${what}最低分 ${fmt(l.min_score)} 分、最低位次 ${rankText(l, lang)}`,
    `${schoolOf(l, 'en')} in ${l.province} ${l.year} (${l.subject_type ?? ''}, ${l.batch ?? ''}), ${what}: lowest score ${fmt(l.min_score)}, lowest rank ${rankText(l, lang)}`,
  );
}

/**
 * The unit a line is for, when it is not the university's ordinary line: the data's admission_unit (中外合作办学,
 * 国家专项, 预科, 医护类 …) or a campus. A 「科类:…」 unit is a note on the subject, not a programme.
 */
function unitOf(l: Line): string | null {
  const unit = String(l.admission_unit ?? '')
    .split('/')
    .filter((u) => u && !u.startsWith('科类:'))
    .join('/');
  if (unit) return unit;
  if (l.campus) return String(l.campus);
  // a major line whose unit the source left empty but whose published name carries the marker (建筑学(中外合作办学))
  const marked = /[(（]([^()（）]*)[)）]/.exec(String(l.major_name ?? ''))?.[1];
  return marked && UNIT_WORDS.test(marked) ? marked : null;
}

/**
 * 「X 大学最低多少分」 over every matching row, not one page: per year and subject, the lowest ordinary line, then the
 * lowest line of each programme (unit). The school's own lines (院校线 / 专业组线) when it has any, else every line
 * (山东 and 浙江 publish 专业线 only).
 */
function lowestLines(db: Parameters<typeof queryScoreLines>[0], args: ScoreLineQuery): Line[] {
  const query = (data_type: ScoreLineQuery['data_type']) => {
    const { sql, params } = scoreLinesSql(db, { ...args, data_type, page: 1, page_size: 1 } as ScoreLineQuery);
    return allRows<Line>(db, sql, params).filter((l) => typeof l.min_score === 'number');
  };
  let rows = query(dataTypeValues('院校线')!);
  if (!rows.length) rows = query(args.data_type);
  const best = new Map<string, Line>();
  for (const l of rows) {
    const k = `${l.year}|${l.province}|${l.subject_type}|${unitOf(l) ?? ''}`;
    const b = best.get(k);
    if (!b || l.min_score < b.min_score || (l.min_score === b.min_score && (l.min_rank ?? Infinity) > (b.min_rank ?? Infinity))) best.set(k, l);
  }
  const out = [...best.values()];
  // newest year first; the ordinary line before the programmes of its year and subject
  return out.sort((a, b) => b.year - a.year || String(a.subject_type).localeCompare(String(b.subject_type)) || Number(unitOf(a) !== null) - Number(unitOf(b) !== null) || a.min_score - b.min_score);
}

/** Programme words a question can name (国家专项的最低呢): that unit's line leads. */
const UNIT_WORDS = /国家专项|地方专项|高校专项|专项|中外合作|合作办学|预科|民族班|定向|公费师范|医护|联合培养|协同培养|较高收费|校区/;

/** The lowest line of each (year, province, subject, batch), in the order the rows come (newest first). */
function lowestPerGroup(lines: Line[]): Line[] {
  const best = new Map<string, Line>();
  for (const l of lines) {
    if (typeof l.min_score !== 'number') continue;
    const k = `${l.year}|${l.province}|${l.subject_type}|${l.batch}|${l.school_name}|${l.campus ?? ''}`;
    const b = best.get(k);
    if (!b || l.min_score < b.min_score) best.set(k, l);
  }
  return [...best.values()];
}

/** A university's own lines before its programmes' (…(中外合作办学), …(医护类)), otherwise as the rows come. */
const programmeLast = (a: Line, b: Line) => Number(/[(（]/.test(String(a.school_name))) - Number(/[(（]/.test(String(b.school_name)));

function lead(r: Result, c: AnswerContext): string {
  const { lang } = c;
  if (r.lowest_lines?.length) return lowestLead(r.lowest_lines, c);
  const heads = lowestPerGroup(r.school_lines ?? []).sort(programmeLast);
  const stop = say(lang, '。', '.');
  if (heads.length) {
    const main = heads.filter((l) => !/[(（]/.test(String(l.school_name))).slice(0, 3);
    const first = (main.length ? main : heads.slice(0, 1)).map((l) => lineSentence(l, lang));
    const others = heads.filter((l) => !main.includes(l) && l !== (main.length ? null : heads[0]));
    const rest = others.slice(0, 4).map((l) => say(lang, `${schoolOf(l)} ${l.year} ${l.subject_type ?? ''} ${fmt(l.min_score)} 分 / 位次 ${rankText(l, lang)}`, `${schoolOf(l, 'en')} ${l.year}: ${fmt(l.min_score)} / rank ${rankText(l, lang)}`));
    return first.join(say(lang, '；', '; ')) + stop + (rest.length ? say(lang, `另有单列的招生：${rest.join('；')}${others.length > 4 ? ' 等' : ''}。`, ` Separately listed programmes: ${rest.join('; ')}${others.length > 4 ? ' …' : ''}.`) : '');
  }
  const scored = r.items.filter((l) => typeof l.min_score === 'number');
  if (!scored.length) return say(lang, `找到 ${r.items.length} 条录取线，但都没有公布最低分。`, `Found ${r.items.length} lines, none with a published lowest score.`);
  const low = scored.reduce((a, b) => (b.min_score < a.min_score ? b : a));
  const high = scored.reduce((a, b) => (b.min_score > a.min_score ? b : a));
  const asked = c.args.university_name ?? c.args.university_id;
  const scope = say(lang, `${where(c.args, lang)}${c.args.subject_type ?? ''}`, `${where(c.args, lang)} ${c.args.subject_type ?? ''}`.trim());
  if (asked !== undefined && scored.length === 1) return lineSentence(low, lang) + stop;
  return say(
    lang,
    `${asked !== undefined ? `${schoolOf(low)}` : scope}${r.has_more ? `列出的 ${r.items.length} 条录取线（还有更多未列出）` : `共 ${r.items.length} 条录取线`}：最高为${lineSentence(high, lang)}；${r.has_more ? '列出的最低为' : '最低为'}${lineSentence(low, lang)}。`,
    `${r.items.length} admission lines${r.has_more ? ' listed (more exist)' : ''} for ${asked !== undefined ? schoolOf(low) : scope}: highest — ${lineSentence(high, lang)}; lowest${r.has_more ? ' listed' : ''} — ${lineSentence(low, lang)}.`,
  );
}

/** The first sentence over every matching row: the ordinary lowest lines first, the programmes named beside them. */
function lowestLead(lines: Line[], c: AnswerContext): string {
  const { lang } = c;
  const stop = say(lang, '。', '.');
  // 「国家专项的最低呢」: the unit the question names leads; 「不要盘锦校区」: a unit the question excludes is left out
  const named = UNIT_WORDS.exec(c.question ?? '')?.[0];
  const excluded = /(?:不要|除了|不含|不算|排除|去掉)([\u4e00-\u9fff]{2,8}?)(?:的|校区|$|[，,。\s])/.exec(c.question ?? '')?.[1];
  const kept = lines.filter((l) => !(excluded && unitOf(l)?.includes(excluded.replace(/校区$/, ''))));
  const asked = named && !/^(?:不要|除了)/.test(named) && !(excluded && named.includes(excluded)) ? kept.filter((l) => unitOf(l)?.includes(named) || String(l.school_name).includes(named)) : [];
  const ordinary = kept.filter((l) => unitOf(l) === null);
  const main = (asked.length ? asked : ordinary.length ? ordinary : kept).slice(0, 3);
  const labelled = (l: Line) => {
    const unit = unitOf(l);
    const sentence = lineSentence(l, lang);
    return unit && !String(l.school_name).includes(unit) && !String(l.campus ?? '').includes(unit) ? say(lang, `${sentence}（${unit}）`, `${sentence} (${unit})`) : sentence;
  };
  const others = kept.filter((l) => !main.includes(l) && (asked.length || unitOf(l) !== null));
  const rest = others.slice(0, 4).map((l) => say(lang, `${unitOf(l) ?? schoolOf(l)} ${l.year} ${l.subject_type ?? ''} ${fmt(l.min_score)} 分 / 位次 ${rankText(l, lang)}`, `${unitOf(l) ?? schoolOf(l, 'en')} ${l.year}: ${fmt(l.min_score)} / rank ${rankText(l, lang)}`));
  const head = main.length ? main.map(labelled).join(say(lang, '；', '; ')) + stop : '';
  return head + (rest.length ? say(lang, `另有单列的招生（最低）：${rest.join('；')}${others.length > 4 ? ' 等' : ''}。`, ` Separately listed programmes (lowest): ${rest.join('; ')}${others.length > 4 ? ' …' : ''}.`) : '');
}

export default defineTool({
  name: 'query_score_lines',
  title: '查询录取分数线 · Query admission score lines',
  description:
    '查询历年录取分数线（专业线、院校线/院校专业组线、特殊招生线），每行带最低分、最低位次与来源。必须给出 省份+年份，或 院校 id，或院校名称（可用简称）。可再按科类（物理类/物理/理科 视为一类）、批次（模糊）、线别、专业名、分数区间、位次区间筛选；默认只返回清洗后的数据，raw=true 连同异常行一起返回。问院校时另给出该校的院校线/专业组线（school_lines）。想知道某个分数能上哪些学校请用 match_by_score。\n' +
    'Admission score lines (per major, per institution/group, special admission) with lowest score, rank and source. Requires province+year, or university_id, or university_name. Filters: subject type (physics/物理类/理科 are one family), batch (fuzzy), line kind, major name, score and rank windows; cleaned rows only unless raw=true. Asked about a university, the result also carries its institution/group lines (school_lines). For "which universities can my score reach" use match_by_score.',
  inputSchema: scoreLineQuerySchema,
  outputSchema: toolPageSchema(scoreLineRow).extend({
    school_lines: z.array(scoreLineRow).optional().describe("asked about a university (no line kind or major given): its 院校线/专业组线 for the same filters, the line 'what is its lowest score' means"),
    lowest_lines: z
      .array(scoreLineRow)
      .optional()
      .describe('asked about a university (no major given): over every matching row, per year and subject the lowest ordinary line (no admission_unit) and the lowest line of each programme (admission_unit or campus); the school\'s own 院校线/专业组线 when it has any, else all lines'),
  }),
  annotations: READ_ONLY,
  examples: ['北京大学 2024 年在河南的录取分数线', '江苏 2024 年物理类 600–620 分的院校专业组投档线', '浙江大学计算机专业历年分数'],
  tags: ['gaokao', 'score-lines'],
  keywords: ['分数线', '录取分', '录取线', '投档线', '最低分', '多少分录取', '历年分数', '录取分数', '专业线', '院校线', 'score line', 'admission score', 'cutoff', 'cut-off'],
  handler(args, ctx) {
    const db = ctx.dataDb();
    const page = queryScoreLines(db, args);
    const summary = pageSummary(page, { measure: '条', name: '录取分数线' }, describeFilters(args), args.raw, firstNames(page.items.map((l) => String(l.school_name)), 3));
    // "X 大学最低多少分" asks for the university's own line; on a page ordered by score it sits below its majors'
    // lines, so it is fetched beside them.
    const university = args.university_id !== undefined || args.university_name !== undefined;
    const school: ScoreLine[] | undefined =
      university && !args.data_type && !args.major_name && args.page === 1
        ? queryScoreLines(db, { ...args, data_type: dataTypeValues('院校线')!, page: 1, page_size: 20 }).items
        : undefined;
    const lowest = university && !args.major_name && args.page === 1 ? lowestLines(db, args) : [];
    return { ...toolList(page.items, summary), ...pageInfo(page), ...(school ? { school_lines: school } : {}), ...(lowest.length ? { lowest_lines: lowest } : {}) };
  },
  answer: {
    lead,
    isEmpty: (r: Result) => r.items.length === 0 && !r.school_lines?.length && !r.lowest_lines?.length,
    empty: (r: Result & { summary: string }, c) =>
      say(c.lang, `${r.summary.replace(/；被清洗掉的异常行可加 raw=true 查看/, '')}（查不到即不在本站数据中，不做推测。）`, `The data holds no admission lines for this (${[where(c.args, 'en'), c.args.university_name].filter(Boolean).join(', ')}); nothing is guessed.`),
    rows(r: Result) {
      const seen = new Set<unknown>();
      return [...(r.lowest_lines ?? []), ...[...(r.school_lines ?? [])].sort(programmeLast), ...r.items].filter((l) => !seen.has(l.id) && seen.add(l.id));
    },
    columns: (_r: Result, c) => [
      col<Line>('院校', 'university', (l, lang) => schoolOf(l, lang)),
      ...(c.args.province ? [] : [col<Line>('省份', 'province', 'province')]),
      col<Line>('年份', 'year', 'year'),
      col<Line>('科类', 'subject', 'subject_type'),
      col<Line>('批次', 'batch', 'batch'),
      col<Line>('线别', 'line', 'data_type'),
      // an institution line's group column holds the published batch title, not a group the user asked about
      col<Line>('专业组/专业', 'group / major', (l) => (l.data_type === '院校线' ? l.major_name : [l.major_group, l.major_name].filter(Boolean).join(' '))),
      col<Line>('最低分', 'lowest score', 'min_score'),
      col<Line>('最低位次', 'lowest rank', (l, lang) => rankText(l, lang)),
    ],
  },
});
