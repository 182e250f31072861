// Stage 2 of the understanding — DECIDE: from the readings (stage 1) and what the conversation established, which
// pieces of the message are questions and what each asks: an intent with the tool that answers it, whether it
// changes the last question (a follow-up), names a row of the last answer (第二所), names only a shared short name,
// an impossible date or a place the data does not cover. Nothing here reads text again or fills an argument: the
// router's candidates for a question no intent covers are passed on, and the next stage (fill.ts) takes the first
// one it can fill.
import type { SiteTool } from '../../../tools/types.ts';
import { toolFields } from '../tool-fields.ts';
import { routeAll } from '../router.ts';
import { INTENT_CUES } from './cues.ts';
import { askedIntent, INTENT_TOOL, intentsOf, type Intent } from './intents.ts';
import type { Memory } from './memory.ts';
import type { MessageReading } from './read.ts';
import type { Reading } from './reading.ts';

const FOLLOW_UP = /^(只看|只要|只考虑|只想|不要|不考虑|排除|其中|那|那么|那如果|如果是|要是|换成|换|改成|改为|改|再|还有|它|该校|这所|这个|同样|同一|and|what about|how about)|呢\s*[？?]?\s*$|换成|改成|改为|换一下|换(?=\s*[A-Za-z0-9])|[加减降调]到|提高到|增加到|改(?=\s*[@\d])|^(?:不对|搞错了|弄错了|说错了|写错了|打错了|记错了|更正|纠正|应该是|其实是)|再算|重新算/i;
const REFERS_BACK = /它|该校|这所|这个学校|这学校|那所|他们学校|他家|its?\b|this (?:university|school)/i;
const CALCULATOR = new Set<string>(['steel', 'steel_frame', 'concrete', 'chart', 'hexagram']);
/** A route scoring below this (one short generic keyword) does not run a tool unless it can be given arguments. */
const WEAK_ROUTE = 4;

/** The pieces of a message that may each ask something, in order. */
export function piecesOf(message: MessageReading): Reading[] {
  const all = message.sentences.flatMap((s) => (clauseGroups(s.whole, s.clauses) ?? [s.whole]).map((p) => ({ p, greeting: p === s.whole ? s.greeting : null })));
  // 「Hello! What can you help me with?」: the greeting before a question is answered by answering the question
  return (all.length > 1 ? all.filter((x) => !x.greeting) : all).map((x) => x.p);
}

/**
 * 「北京2026本科线多少，620分排多少名」: a sentence whose clauses ask different things is that many questions; clauses
 * that ask nothing of their own (我是河南考生，…) go with the clause after them. null: the sentence is one question.
 */
function clauseGroups(whole: Reading, clauses: Reading[]): Reading[] | null {
  if (clauses.length < 2) return null;
  // a calculator's or chart's inputs are a list written with commas (「Q355 HN450×200, M = 250 kN·m, 跨度 5 m」):
  // one question, never split into its inputs
  if (CALCULATOR.has(intentsOf(whole)[0] ?? 'none')) return null;
  // a request refused as a whole is one answer
  if (whole.refusal) return null;
  const asked = clauses.map(askedIntent);
  if (new Set(asked.filter((a) => a !== null)).size < 2) return null;
  const groups: Reading[][] = [];
  let pending: Reading[] = [];
  clauses.forEach((c, i) => {
    pending.push(c);
    if (asked[i] !== null) {
      groups.push(pending);
      pending = [];
    }
  });
  if (pending.length) groups[groups.length - 1]!.push(...pending);
  return groups.map((g) => joinReadings(trimComma(g)));
}

/** The comma a clause ends with is not part of the question when it ends a group. */
function trimComma(group: Reading[]): Reading[] {
  const last = group[group.length - 1]!;
  if (!/[，,]\s*$/.test(last.text)) return group;
  const cut = (s: string) => s.replace(/[，,]\s*$/, '');
  return [...group.slice(0, -1), { ...last, raw: cut(last.raw), text: cut(last.text), m: { ...last.m, text: cut(last.m.text) } }];
}

/**
 * Clauses read apart, taken together as one piece (「我是河南考生，物理类，600分能上什么学校」 after the next clause
 * asks something else): the texts joined, the entities of each kept in order, positions shifted to the joined
 * text. Nothing is read again: the readings of stage 1 are combined.
 */
export function joinReadings(parts: Reading[]): Reading {
  if (parts.length === 1) return parts[0]!;
  const first = parts[0]!;
  let offset = 0;
  const universities = parts.flatMap((p) => {
    const shifted = p.universities.map((u) => ({ ...u, start: u.start + offset, end: u.end + offset }));
    offset += p.text.length;
    return shifted;
  });
  const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];
  const firstOf = <K extends keyof Reading['m']>(k: K): Reading['m'][K] => (parts.find((p) => p.m[k] !== null && p.m[k] !== undefined)?.m[k] ?? first.m[k]);
  const text = parts.map((p) => p.text).join('');
  const m: Reading['m'] = {
    ...first.m,
    text,
    universities: uniq(parts.flatMap((p) => p.m.universities)),
    majors: uniq(parts.flatMap((p) => p.m.majors)),
    provinces: uniq(parts.flatMap((p) => p.m.provinces)),
    years: uniq(parts.flatMap((p) => p.m.years)),
    scores: uniq(parts.flatMap((p) => p.m.scores)),
    quoted: parts.flatMap((p) => p.m.quoted),
  };
  for (const k of ['scoreRange', 'rank', 'subjectType', 'batch', 'level', 'grade', 'universityId', 'birth', 'sex', 'longitude', 'seed', 'ordinal', 'date', 'topN'] as const) {
    (m as unknown as Record<string, unknown>)[k] = firstOf(k);
  }
  return {
    raw: parts.map((p) => p.raw).join(''),
    text,
    language: parts.every((p) => p.language === 'en') ? 'en' : 'zh',
    universities,
    majors: parts.flatMap((p) => p.majors),
    m,
    lunar: parts.find((p) => p.lunar)?.lunar ?? null,
    constraints: Object.assign({}, ...parts.map((p) => p.constraints)),
    city: parts.find((p) => p.city)?.city ?? null,
    unknownPlace: parts.find((p) => p.unknownPlace)?.unknownPlace ?? null,
    batches: uniq(parts.flatMap((p) => p.batches)),
    otherAssistant: parts.find((p) => p.otherAssistant)?.otherAssistant ?? null,
    refusal: parts.find((p) => p.refusal)?.refusal ?? null,
    hexagram: parts.find((p) => p.hexagram)?.hexagram ?? null,
  };
}

/** What a piece asks, decided before any argument is filled. */
export type Decision =
  /** 「教我黑进考试院」「做一份以假乱真的录取通知书」: refused, saying why */
  | { kind: 'refuse'; r: Reading; why: NonNullable<Reading['refusal']> }
  /** only a shared short name (华师): which one is asked */
  | { kind: 'ambiguous'; r: Reading }
  /** 「2001年2月30日」: a date no calendar has */
  | { kind: 'bad_date'; r: Reading; year: number; month: number; day: number; days: number }
  /** 「在火星的录取线」: a place the data has no province for */
  | { kind: 'unknown_place'; r: Reading; place: string }
  | ({ kind: 'ask'; r: Reading } & Choice);

export interface Choice {
  intent: Intent | null;
  /** the tool the intent names (or the one the client forced); null: see `candidates` */
  tool: SiteTool | null;
  /** the router's tools for a question no intent covers, best first; `sure`: run it even without arguments */
  candidates: Array<{ tool: SiteTool; sure: boolean }>;
  /** only an entity was named ("那清华大学呢？"): the previous question is kept */
  entityOnly: boolean;
  /** the turn changes or continues the last question (the memory's last call) */
  followUp: boolean;
  /** try the last call with this turn's changes before anything else */
  continuesLast: boolean;
  /** a follow-up means the university (and major) talked about */
  refersBack: boolean;
  /** 「第二所的分数线」: the row of the previous answer it names */
  row: number | null;
  /** the client forced the tool: no guard against empty lists */
  forced: boolean;
}

/** What a turn with no entity of its own continues, by the cue it asks with. */
const FOLLOW_CUES: Array<[Intent, RegExp]> = [
  ['rank_table', INTENT_CUES.rankTable],
  ['university', /排第几|排名第?几|排名多少|软科|是(?:不是)?(?:985|211|双一流)|在哪|哪个城市|公办|民办|几本|校区|官网|ranking|ranked/i],
  ['hexagram', /卦辞|爻辞|变卦|本卦|之卦|彖|象辞|动爻|什么意思/],
];

function findTool(tools: readonly SiteTool[], intent: Intent): SiteTool | null {
  const named = tools.find((t) => t.name === INTENT_TOOL[intent]);
  if (named) return named;
  if (intent === 'concrete') {
    return tools.find((t) => {
      const f = toolFields(t).map((x) => x.name);
      return f.includes('kind') && f.includes('params');
    }) ?? null;
  }
  return null;
}

/** The decision for one piece, given what the conversation established so far. */
export function decide(r: Reading, mem: Memory, tools: readonly SiteTool[], forced: SiteTool | null): Decision {
  if (r.refusal && !forced) return { kind: 'refuse', r, why: r.refusal };
  if (r.universities.length && r.universities.every((u) => u.how === 'ambiguous')) return { kind: 'ambiguous', r };
  const b = r.m.birth;
  if (!forced && b && b.month >= 1 && b.month <= 12) {
    const days = new Date(Date.UTC(b.year, b.month, 0)).getUTCDate();
    if (b.day < 1 || b.day > days) return { kind: 'bad_date', r, year: b.year, month: b.month, day: b.day, days };
  }
  // 「清华大学2024年在火星的录取线」: the data covers the 31 provinces of the mainland; nothing else is guessed
  if (r.unknownPlace && !forced) return { kind: 'unknown_place', r, place: r.unknownPlace };
  return { kind: 'ask', r, ...choose(r, mem, tools, forced) };
}

function choose(r: Reading, mem: Memory, tools: readonly SiteTool[], forced: SiteTool | null): Choice {
  const text = r.text.trim();
  const intents = forced ? [] : intentsOf(r);
  const c: Choice = {
    intent: intents[0] ?? null,
    tool: null,
    candidates: [],
    entityOnly: intents.length === 1 && (intents[0] === 'university' || intents[0] === 'major') && !/介绍|怎么样|详情|是什么/.test(text),
    followUp: mem.last !== null && FOLLOW_UP.test(text),
    continuesLast: false,
    refersBack: mem.university !== undefined && REFERS_BACK.test(text),
    row: r.m.ordinal !== null && mem.last ? r.m.ordinal : null,
    forced: forced !== null,
  };
  if (c.refersBack && r.majors.length && (!c.intent || c.intent === 'major')) {
    // "它的计算机专业呢": a major of the university being talked about
    c.intent = mem.lastIntent === 'score_lines' || mem.lastIntent === 'match' ? 'score_lines' : 'major_rankings';
    c.entityOnly = false;
  } else if (!c.intent && mem.university && INTENT_CUES.scoreLines.test(text) && !r.m.scores.length) {
    // 「郑州大学是211吗 2024年在河南理科多少分」: a score question about the university just talked about
    c.intent = 'score_lines';
    c.refersBack = true;
  }
  if (!c.intent && !forced && mem.last) {
    // a follow-up asking for another figure of what was just answered, by its cue alone: 「跟我同分的有多少人」 after a
    // rank, 「软科排第几」 after a university, 「变卦的卦辞是什么」 after a cast
    const carried = FOLLOW_CUES.find(([intent, re]) => (mem.lastIntent === intent || (intent === 'university' && mem.university)) && re.test(text))?.[0];
    if (carried) {
      c.intent = carried;
      c.followUp = true;
      if (carried === 'university') c.refersBack = true;
    }
  }
  c.tool = forced ?? (c.intent ? findTool(tools, c.intent) : null);
  // 「只看计算机类专业」「只看广州的 不要民办」 after a match: a filter added to it, not a new question
  if (mem.lastIntent === 'match' && /^(只看|只要|只考虑|只想|不要|不考虑|排除|换成|改成)/.test(text) && !r.m.provinces.filter((p) => p !== mem.province).length) c.intent = 'match';
  c.continuesLast = mem.last !== null && (c.followUp || !c.tool) && (!c.intent || c.entityOnly || c.intent === mem.lastIntent || c.tool === mem.last.tool);
  if (!c.tool && !mem.last && profileOnly(r)) {
    // 「河南理科排名3.5万」「河南物理600分，想学法学，想留在省内」: a candidate describing themselves wants a match
    c.intent = 'match';
    c.tool = findTool(tools, c.intent);
  }
  // No intent of ours: the tools' own keywords (notes, forum, pages, the daily brief, tools added later)
  if (!c.tool) c.candidates = routeAll(text, tools).map((x) => ({ tool: x.tool, sure: x.score >= WEAK_ROUTE || x.tool.inputSchema.safeParse({}).success }));
  return c;
}

/** A province with a score or rank and nothing else asked. */
function profileOnly(r: Reading): boolean {
  return r.m.provinces.length > 0 && (r.m.scores.length > 0 || r.m.rank !== null) && !r.universities.length && r.m.scoreRange === null;
}
