// A tool's arguments for one question: the fields the tool declares, filled from the reading by field name
// (extract.ts), then what the intent knows better (the discipline of an evaluation, the constraints of a match,
// 前10 as the page size) and what the conversation established (the candidate's province, subject type, score
// or rank; the university or major a follow-up points at).
import type { DB } from '../../db/open.ts';
import type { SiteTool } from '../../../tools/types.ts';
import { extractArgs } from '../extract.ts';
import { toolFields } from '../tool-fields.ts';
import { longitudinalBars, momentFromLoads, oldGradeNote, readConcrete } from './concrete.ts';
import { steelParams } from '../steel-args.ts';
import { frameFromWords, frameLoadsChanged } from './frame-words.ts';
import { say } from '../voice.ts';
import { PROVINCE_NAMES } from '../../data/normalize.ts';
import { INTENT_CUES, siteTopic } from './cues.ts';
import type { Intent } from './intents.ts';
import { searchSite } from '../../site/search.ts';
import type { Memory } from './memory.ts';
import { siteContent } from '../../site/content.ts';
import type { Reading } from './reading.ts';

/** Tools whose province is the candidate's (where the exam is taken), so the conversation's province carries. */
const CANDIDATE_TOOLS = new Set(['match_by_score', 'query_rank_table', 'query_batch_lines', 'query_score_lines', 'query_admission_plans']);
/** Tools anchored on a university when the question names none (a follow-up's university fills it). */
const UNIVERSITY_ANCHORED = new Set(['query_score_lines', 'query_admission_plans', 'query_major_rankings', 'query_discipline_evaluations', 'get_university']);

export interface ArgsResult {
  args: Record<string, unknown>;
  notes: string[];
}

const latestRankYear = new WeakMap<DB, Map<string, number | null>>();

/** The latest year with a rank table for a province (the candidate's exam year when none is said). */
function rankTableYear(db: DB | null, province: string): number | null {
  if (!db) return null;
  let cache = latestRankYear.get(db);
  if (!cache) latestRankYear.set(db, (cache = new Map()));
  if (!cache.has(province)) {
    let y: number | null = null;
    try {
      y = (db.prepare('SELECT max(year) FROM rank_tables WHERE province = ?').pluck().get(province) as number | null) ?? null;
    } catch {
      y = null;
    }
    cache.set(province, y);
  }
  return cache.get(province) ?? null;
}

const latestFamilies = new WeakMap<DB, Map<string, Set<string>>>();

/** The subject families of a province's latest rank table (山东: 综合; 河南: 物理, 历史), empty when unknown. */
function provinceFamilies(db: DB | null, province: string): Set<string> {
  if (!db) return new Set();
  let cache = latestFamilies.get(db);
  if (!cache) latestFamilies.set(db, (cache = new Map()));
  let families = cache.get(province);
  if (!families) {
    try {
      const rows = db
        .prepare('SELECT DISTINCT subject_family FROM rank_tables WHERE province = ? AND cleaned = 0 AND year = (SELECT max(year) FROM rank_tables WHERE province = ? AND cleaned = 0)')
        .pluck()
        .all(province, province) as Array<string | null>;
      families = new Set(rows.filter((x): x is string => !!x));
    } catch {
      families = new Set();
    }
    cache.set(province, families);
  }
  return families;
}

const FAMILY: Record<string, string> = { 物理: '物理', 理科: '物理', 历史: '历史', 文科: '历史', 综合: '综合' };

/**
 * A subject type carried from earlier turns into a province that does not examine it (物理 from a 河南 question
 * into 「那山东呢」: 山东 is 综合) is dropped, and that is said; a subject the turn itself names is kept. The note,
 * or null when nothing was dropped.
 */
export function dropForeignSubject(args: Record<string, unknown>, r: Reading, db: DB | null): string | null {
  const subject = typeof args.subject_type === 'string' ? args.subject_type : null;
  const province = typeof args.province === 'string' ? args.province : null;
  if (!subject || !province || r.m.subjectType) return null;
  const family = FAMILY[subject.replace(/类$/, '')];
  const families = provinceFamilies(db, province);
  if (!family || !families.size || families.has(family)) return null;
  delete args.subject_type;
  const has = [...families].filter((f) => FAMILY[f]).join('/');
  return r.language === 'en'
    ? `${province} does not examine a ${subject} stream (its stream: ${has}); the earlier ${subject} is not carried over.`
    : `${province}考生的科类是${has}，没有${subject}，未沿用前面的“${subject}”。`;
}

/** Sets a field the tool declares, when the value says something. */
type Setter = (field: string, value: unknown) => void;

export function argsFor(tool: SiteTool, intent: Intent | null, r: Reading, mem: Memory, refersBack: boolean, db: DB | null): ArgsResult {
  const fields = new Set(toolFields(tool).map((f) => f.name));
  const notes: string[] = [];
  // A calculator's {kind, params}: extract.ts reads them with the reader its kinds call for (steel or concrete); a
  // frame's tables come through the ordinary path (its fields are not kind/params).
  if (intent === 'concrete' || intent === 'steel' || (fields.has('kind') && fields.has('params'))) {
    const args = extractArgs(tool, r.m);
    if (args.kind === 'beam') notes.push(...beamNotes(r.m.text, args.params as Record<string, unknown> | undefined, r.language));
    return { args, notes };
  }
  const args = extractArgs(tool, r.m);
  // a frame described in words (门式刚架 跨度18m 柱高6m …, 三跨连续梁 每跨5m …): the model built from it, shown
  if (tool.name === 'calc_steel_frame' && args.nodes === undefined) {
    const built = frameFromWords(r.m.text);
    if (built) {
      Object.assign(args, built.model);
      notes.push(built.described);
    }
  }
  const set: Setter = (k, v) => {
    if (fields.has(k) && v !== undefined && v !== null && v !== '') args[k] = v;
  };
  intentArgs(tool.name, intent, r, mem, args, set, notes);
  // 前10 is a page size; 前5000名 is a rank (a candidate's place), never a list of 5000 rows
  if (r.m.topN && r.m.topN <= 100 && fields.has('page_size') && tool.name !== 'search_universities') set('page_size', r.m.topN);
  conversationArgs(tool.name, r, mem, refersBack, args, set);
  // 「河南师大2024理科最低分」: no province said but the school's name starts with one — that province, said
  if (tool.name === 'query_score_lines' && args.province === undefined && fields.has('province')) {
    const named = r.universities.find((u) => u.how !== 'ambiguous' && u.how !== 'unknown');
    const home = named && PROVINCE_NAMES.find((p) => named.written.startsWith(p));
    if (home) {
      args.province = home;
      notes.push(r.language === 'en' ? `No province given: using ${home}, the province in the university's name.` : `未说明省份，按校名中的${home}查询。`);
    }
  }
  if (tool.name === 'query_rank_table' && args.year === undefined && typeof args.province === 'string') {
    const y = rankTableYear(db, args.province);
    if (y) {
      args.year = y;
      notes.push(r.language === 'en' ? `No year given: using ${y}, the latest rank table of ${args.province}.` : `未说明年份，按${args.province}最新的 ${y} 年一分一段表。`);
    }
  }
  return { args, notes };
}

/** What the intent knows better than field names: the discipline, match filters, list filters, site topics. */
function intentArgs(tool: string, intent: Intent | null, r: Reading, mem: Memory, args: Record<string, unknown>, set: Setter, notes: string[]): void {
  const m = r.m;
  const major = r.majors[0];
  switch (tool) {
    case 'query_discipline_evaluations':
      set('discipline_name', major?.name);
      break;
    case 'search_majors':
      delete args.q;
      if (major?.how === 'subcategory') set('sub_category', major.name);
      else set('q', major?.how === 'code' ? major.code : (major?.written ?? m.quoted[0]));
      break;
    case 'get_major':
      set('name', major?.name ?? m.quoted[0]);
      break;
    case 'search_universities': {
      // a university's name is not a search filter of a list question (北京有哪些985)
      if (args.q && r.universities.length === 0) delete args.q;
      if (m.topN && /软科|排名|前/.test(r.text)) set('max_ranking', m.topN);
      if (m.topN) set('page_size', m.topN);
      if (r.city && args.province === undefined) set('city', r.city);
      const type = /(师范|理工|财经|医药|医科|农业|林业|政法|艺术|体育|民族|语言|外语)(?:类)?(?:大学|院校|学校|高校)/.exec(r.text)?.[1];
      if (type) set('type', type === '医科' ? '医药' : type === '外语' ? '语言' : type);
      break;
    }
    case 'match_by_score': {
      if (m.rank !== null) delete args.score;
      const c = { ...mem.constraints, ...r.constraints };
      set('major', c.major);
      set('type', args.type ?? c.type);
      // 「985 211都行」: what the constraints read (the wider level) over the first number written
      set('level', c.level ?? args.level);
      if (c.universityProvince) set('university_province', c.universityProvince);
      if (c.city) set('city', c.city);
      if (c.region) set('region', c.region);
      if (c.majorCategory) set('major_category', c.majorCategory);
      if (c.nature) set('nature', c.nature);
      // 想去成都读大学 / 想在武汉上学: a city of the data named as the place to study
      if (!c.city && r.city && /想去|想在|去|在|到|只看/.test(r.text) && /读|上学|上大学|念书|读书|想去|只看|建议|的/.test(r.text)) set('city', r.city);
      if (m.topN) set('limit', Math.min(m.topN, 100));
      // 「想留在福建」 then 「那去广东呢」: a province to go to, after the candidate's own was said, is where to study
      const place = m.provinces.length === 1 ? m.provinces[0]! : null;
      if (place && mem.province && place !== mem.province && new RegExp(`(?:去|到|留在|在)${place}`).test(r.text) && !/考生|户籍|高考|考的/.test(r.text)) {
        args.province = mem.province;
        set('university_province', place);
      }
      break;
    }
    case 'query_admission_plans': {
      // 「其中计算机相关的招几个」: a major written as a field of study filters the plans by that keyword
      const related = /(?:其中|里面)?([\u4e00-\u9fff]{2,6}?)(?:相关|方面|方向)(?:的)?(?:专业)?/.exec(r.text)?.[1];
      if (args.major_name === undefined && related) set('major_name', r.majors[0]?.name ?? related);
      break;
    }
    case 'query_rank_table':
      // a score asks for its rank; a rank alone asks for its score
      if (args.score !== undefined || args.score_from !== undefined) delete args.rank;
      break;
    case 'search_site':
    case 'search_forum':
      if (intent === 'site_search' || intent === 'forum') set('q', siteTopic(r.text));
      break;
    case 'read_page':
      // 「打开关于本站那个页面」: the page whose title the question names; a rules question: the note that explains it
      if (args.slug === undefined) set('slug', siteContent().pages.find((p) => r.text.includes(p.title))?.slug);
      if (intent === 'rules' && args.slug === undefined) set('slug', ruleNote(r.text));
      break;
    case 'read_notes':
      if (intent === 'notes') delete args.q;
      break;
    case 'yijing':
      // a hexagram named and its text asked (卦辞, 爻辞, 什么意思), not a cast: the tool reads it from the book
      if (r.hexagram && !/起.?卦|算.?卦|占.?卦|卜.?卦|摇卦|cast/i.test(r.text)) {
        set('hexagram', r.hexagram.name);
        delete args.question;
        delete args.seed;
      }
      break;
    case 'sizhu':
      if (r.lunar) notes.push(lunarNote(r));
      break;
  }
}

/** The site's note that best explains a rules question (search over the notes, the topic words first). */
function ruleNote(text: string): string | undefined {
  const topics = [...text.matchAll(new RegExp(INTENT_CUES.rulesTopic.source, 'gi'))].map((m) => m[0]).filter((w) => /^[\u4e00-\u9fff+\d]+$/.test(w));
  const english = /parallel|assigned|admitted/i.test(text) ? '平行志愿 投档' : '';
  for (const q of [english, topics.join(' '), siteTopic(text)].filter(Boolean)) {
    const hit = searchSite(siteContent(), { q: q!.slice(0, 100), scope: 'notes', limit: 1 })[0];
    if (hit) return hit.slug;
  }
  return undefined;
}

/**
 * What the understanding worked out for a concrete beam before the calculator runs, said so the engineer can check
 * it: a moment derived from the span and load (M = qL²/8 …), and the area of the bars the question offers (3C25 =
 * 1473 mm²) to compare with the As the calculator finds.
 */
function beamNotes(text: string, params: Record<string, unknown> | undefined, lang: 'zh' | 'en'): string[] {
  const out: string[] = [];
  const derived = /弯矩|(?<![A-Za-z])M\s*[=＝:：]?\s*\d/.test(text) ? null : momentFromLoads(text.normalize('NFKC'));
  if (derived && (params?.moment === derived.moment || params?.Mx === derived.moment)) out.push(say(lang, `弯矩按荷载求得：${derived.formula}。`, `Moment from the load: ${derived.formula.replace(/（.*）/, '')}.`));
  const old = oldGradeNote(text.normalize('NFKC'), lang);
  if (old && params?.steel_grade === 300) out.push(old);
  const bars = longitudinalBars(text.normalize('NFKC'));
  if (bars) {
    out.push(
      say(
        lang,
        `所给钢筋 ${bars.written}：${bars.groups.map((g) => `${g.count} 根直径 ${g.dia} mm`).join(' + ')}，As = ${bars.groups.map((g) => `${g.count}×π×${g.dia}²/4`).join(' + ')} = ${bars.area} mm²；与下面算得的所需 As 比较，前者不小于后者即满足。`,
        `The bars given, ${bars.written}: ${bars.groups.map((g) => `${g.count} of ${g.dia} mm`).join(' + ')}, As = ${bars.area} mm²; they suffice when this is at least the As required below.`,
      ),
    );
  }
  return out;
}

function lunarNote(r: Reading): string {
  const l = r.lunar!;
  const solar = `${l.year}-${String(l.month).padStart(2, '0')}-${String(l.day).padStart(2, '0')}`;
  return r.language === 'en' ? `The lunar date ${l.lunar} is ${solar} in the Gregorian calendar; the chart uses that.` : `${l.lunar}即公历 ${solar}，按公历排盘。`;
}

/** What the conversation established: the candidate's profile, and the university or major a follow-up means. */
function conversationArgs(tool: string, r: Reading, mem: Memory, refersBack: boolean, args: Record<string, unknown>, set: Setter): void {
  if (CANDIDATE_TOOLS.has(tool)) {
    if (args.province === undefined) set('province', mem.province);
    if (args.subject_type === undefined) set('subject_type', mem.subjectType);
    if (tool === 'match_by_score' && args.score === undefined && args.rank === undefined) set(mem.rank !== undefined ? 'rank' : 'score', mem.rank ?? mem.score);
    if (tool === 'query_rank_table' && args.score === undefined && args.score_from === undefined && args.rank === undefined) set('score', mem.score);
    // the candidate's exam year also dates the batch lines asked beside it (「…580分排多少名 本科线是多少」)
    if ((tool === 'match_by_score' || tool === 'query_rank_table' || tool === 'query_batch_lines') && args.year === undefined) set('year', mem.year);
  }
  if (tool === 'match_by_score' && (r.constraints.inProvince || mem.constraints.inProvince) && args.university_province === undefined) set('university_province', args.province);
  const anchorless = args.university_name === undefined && args.university_id === undefined && args.name === undefined && args.id === undefined;
  if (anchorless && mem.university && (refersBack || (UNIVERSITY_ANCHORED.has(tool) && needsAnchor(tool, args)))) {
    set('university_name', mem.university);
    if (tool === 'get_university') set('name', mem.university);
  }
  if (refersBack && mem.major && args.major_name === undefined && args.discipline_name === undefined && tool !== 'get_university') set('major_name', mem.major);
}

/** The tool would have nothing to select by without a university (a province and year are another anchor). */
function needsAnchor(tool: string, args: Record<string, unknown>): boolean {
  if (tool === 'get_university') return true;
  if (tool === 'query_major_rankings' || tool === 'query_discipline_evaluations') return args.major_name === undefined && args.discipline_name === undefined;
  return args.province === undefined || args.year === undefined;
}

/** 「弯矩改成240」「轴力加到1200」「混凝土换C35」: a change written as an assignment, so the readers see 弯矩=240. */
export function changesAsAssignments(text: string): string {
  return text.replace(/\s*(?:改成|改为|换成|换为|变成|调成|调到|加到|增加到|增大到|提高到|降到|降低到|减到|减小到|改|换)\s*(?=[@A-Za-z0-9ΦφＣ晚早上下中凌傍])/g, '=');
}

/**
 * A follow-up that changes a calculator's input (「弯矩改成240呢」「改成@100呢」「c类呢」, a chart's 「时间改成晚上7点半」):
 * the previous call's arguments with only what this turn writes replaced; null when the previous tool is no
 * calculator or chart, or the turn changes nothing it reads.
 */
export function calculatorFollowUp(prev: { tool: SiteTool; args: Record<string, unknown> }, r: Reading): Record<string, unknown> | null {
  const fields = toolFields(prev.tool);
  const names = new Set(fields.map((f) => f.name));
  const text = changesAsAssignments(r.m.text.normalize('NFKC'));
  if (names.has('kind') && names.has('params')) {
    const kind = prev.args.kind as string | undefined;
    const steel = fields.some((f) => f.name === 'kind' && f.values.includes('beam_column'));
    const before = (prev.args.params ?? {}) as Record<string, any>;
    // 「跨中加一道侧向支撑再算」: the bracing changes on the span the last call had (its l1 with no intermediate support)
    const span = steel && /侧向支[撑承]/.test(text) && !/跨度|跨长/.test(text) && before.ltb?.item <= 4 ? ` 跨度${before.ltb.l1}m` : '';
    const fresh = steel ? steelParams(text + span, kind) : (readConcrete(text, kind as never)?.params ?? {});
    if (!Object.keys(fresh).length) return null;
    return { ...prev.args, params: mergeDeep((prev.args.params ?? {}) as Record<string, unknown>, fresh) };
  }
  if (prev.tool.name === 'calc_steel_frame' && Array.isArray(prev.args.members)) return frameLoadsChanged(prev.args, text);
  if (names.has('month') && names.has('day') && names.has('hour')) {
    const clock = /(凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|半夜)?\s*(\d{1,2})\s*(?:[:：]\s*(\d{1,2})|[点时]\s*(?:(\d{1,2})\s*分?|(半))?)/.exec(text);
    if (!clock) return null;
    let hour = Number(clock[2]);
    if (clock[1] && /下午|傍晚|晚上|夜里/.test(clock[1]) && hour < 12) hour += 12;
    const minute = clock[3] ? Number(clock[3]) : clock[4] ? Number(clock[4]) : clock[5] ? 30 : 0;
    return { ...prev.args, hour, minute };
  }
  return null;
}

function mergeDeep(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const old = out[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && old && typeof old === 'object' && !Array.isArray(old) ? mergeDeep(old as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}
