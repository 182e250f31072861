// Understanding a conversation: the last user message is split into its questions, each is read (numbers,
// entities, constraints), given an intent and planned as a tool call with arguments, a question back, a choice
// between candidates, or "the site cannot answer this" — with the earlier turns replayed into a memory so
// follow-ups ("那历史类呢", "它的计算机专业呢", "第二所", "能上什么大学？" after a rank) carry what was said.
import type { DB } from '../../db/open.ts';
import type { SiteTool } from '../../../tools/types.ts';
import { missingFields, toolEntity, toolFields } from '../extract.ts';
import { messageText, type ChatMessage } from '../request.ts';
import { routeAll } from '../router.ts';
import { argsFor, calculatorFollowUp } from './arguments.ts';
import { askedIntent, INTENT_CUES, INTENT_TOOL, intentsOf, type Intent } from './intents.ts';
import { batchesIn } from '../mentions.ts';
import { emptyMemory, remember, type Memory } from './memory.ts';
import type { PartPlan, Plan, ToolState, Understanding } from './plan.ts';
import { readText, type Reading } from './reading.ts';
import { asksIdentity, greetingKind, languageOf, otherAssistantName } from './smalltalk.ts';
import { sentences } from './split.ts';
import { nearestNames } from './universities.ts';

export interface UnderstandDeps {
  tools: readonly SiteTool[];
  db: DB | null;
  /** the rows of a previous call's result (from the tool-call cache), for ordinal references */
  itemsOf(state: ToolState): Promise<Array<Record<string, unknown>>>;
  /** the clock (tests); 今年 is read in Asia/Shanghai */
  now?: Date;
}

const FOLLOW_UP = /^(只看|只要|只考虑|只想|不要|不考虑|排除|其中|那|那么|那如果|如果是|要是|换成|换|改成|改为|改|再|还有|它|该校|这所|这个|同样|同一|and|what about|how about)|呢\s*[？?]?\s*$|换成|改成|改为|换一下|换(?=\s*[A-Za-z0-9])|[加减降调]到|提高到|增加到|改(?=\s*[@\d])/i;
const REFERS_BACK = /它|该校|这所|这个学校|这学校|那所|他们学校|他家|its?\b|this (?:university|school)/i;

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

/** A plan for `tool` with these arguments: run it, or ask for what its schema still needs. */
export function finish(tool: SiteTool, args: Record<string, unknown>, notes: string[] = []): Plan {
  let missing = missingFields(tool, args);
  // Requirements across fields ("score or rank", "name or id", "province+year or a university") show only when
  // parsing; they are asked together with the required fields.
  // (zod runs cross-field checks only once the fields parse, so the missing required ones are probed with a value)
  const probe = { ...args };
  for (const f of missing) probe[f.name] = f.kind === 'number' ? 1 : f.kind === 'enum' ? f.values[0] : f.kind === 'boolean' ? true : '北京';
  const parsed = tool.inputSchema.safeParse(probe);
  if (!parsed.success && parsed.error.issues.every((i) => i.path.length === 0 || probe[String(i.path[0])] === undefined)) {
    const text = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join(' ');
    const named = toolFields(tool).filter((f) => new RegExp(`\\b${f.name}\\b`).test(text) && !missing.includes(f));
    missing = [...missing, ...named];
    if (!missing.length) missing = toolFields(tool).filter((f) => !f.required);
  }
  const n = notes.length ? { notes } : {};
  const yearIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'year' && (i.code === 'too_small' || i.code === 'too_big'));
  if (yearIssue && typeof args.year === 'number') {
    // 郑州大学1990年…: a year no data can have is said, not sent to the tool as a field error
    return { kind: 'clarify', candidates: [], notes: [...notes, `数据中没有 ${args.year} 年的数据（${yearIssue.message.replace(/^Too (small|big): expected number to be /, '可查询的年份须 ')}），不做推测。`] };
  }
  if (missing.length) return { kind: 'ask', tool, missing, args, ...n };
  return { kind: 'tools', calls: [{ tool, args }], ...n };
}

function itemEntity(item: Record<string, unknown>, prev: SiteTool): 'university' | 'major' | 'other' {
  if (item.university_id !== undefined || item.university_name !== undefined || item.school_name !== undefined) return 'university';
  return toolEntity(prev);
}

/** Arguments naming one row of a previous result, for `tool`. */
function argsFromItem(tool: SiteTool, item: Record<string, unknown>, prev: SiteTool): Record<string, unknown> {
  const fields = new Set(toolFields(tool).map((f) => f.name));
  const kind = itemEntity(item, prev);
  const args: Record<string, unknown> = {};
  const id = kind === 'university' ? (item.university_id ?? (toolEntity(prev) === 'university' ? item.id : undefined)) : item.id;
  const name = kind === 'university' ? (item.university_name ?? item.school_name ?? item.name) : (item.name ?? item.major_name);
  if (fields.has('id') && id !== undefined && id !== null && toolEntity(tool) === kind) args.id = id;
  else if (fields.has('name') && name !== undefined && toolEntity(tool) === kind) args.name = name;
  if (fields.has('university_id') && kind === 'university' && id !== undefined && id !== null) args.university_id = id;
  else if (fields.has('university_name') && kind === 'university' && name !== undefined) args.university_name = name;
  for (const k of ['slug']) if (fields.has(k) && item[k] !== undefined) args[k] = item[k];
  // a major row of a list (计算机类有哪些专业 → 第二个专业哪些学校是A+)
  if (kind === 'major' && typeof item.name === 'string') for (const k of ['major_name', 'discipline_name']) if (fields.has(k)) args[k] = item.name;
  return args;
}

/** Arguments a same-tool follow-up keeps from the previous call ("换成 2023 年" keeps everything else). */
function carryOver(tool: SiteTool, prev: ToolState, args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = new Set(toolFields(tool).map((f) => f.name));
  if (tool !== prev.tool) return args;
  for (const [k, v] of Object.entries(prev.args)) if (fields.has(k) && args[k] === undefined) out[k] = v;
  // a new score replaces the old rank and the other way round; a new university its id
  if (args.score !== undefined) delete out.rank;
  if (args.rank !== undefined) delete out.score;
  if (args.university_name !== undefined) delete out.university_id;
  if (args.name !== undefined) delete out.id;
  return { ...out, ...args };
}

const PAGING = new Set(['page', 'page_size', 'limit', 'order', 'raw']);

/** Content words of the question left after the recognised entities: what a search would look for. */
function contentWords(r: Reading): string {
  return r.text
    .replace(/请|帮我|帮忙|给我|麻烦|一下|查一查|查查|查询|告诉我|我想知道|想问|问一下|有哪些|哪些|什么|怎么样|怎么|如何|多少|吗|呢|吧|啊|的|了|是|有|[，。！？、,.!?:：；;\s]+/g, '')
    .trim();
}

type PartResult = { plan: Plan; intent: Intent | null };

/** What the reading leads to before any tool is chosen: the intent, the tool, and how it relates to the last turn. */
interface Choice {
  intent: Intent | null;
  tool: SiteTool | null;
  /** only an entity was named ("那清华大学呢？"): the previous question is kept */
  entityOnly: boolean;
  followUp: boolean;
  /** a follow-up means the university (and major) talked about */
  refersBack: boolean;
}

async function planPart(r: Reading, mem: Memory, deps: UnderstandDeps, forced: SiteTool | null): Promise<PartResult> {
  const ambiguous = clarifyAmbiguous(r);
  if (ambiguous) return { plan: ambiguous, intent: null };
  const notes = typoNotes(r, deps.db);
  const badDay = impossibleDate(r);
  if (badDay && !forced) return { plan: { kind: 'clarify', candidates: [], notes: [...notes, badDay] }, intent: null };
  if (r.unknownPlace && !forced) {
    // 「清华大学2024年在火星的录取线」: the data covers the 31 provinces of the mainland; nothing else is guessed
    const place = r.unknownPlace;
    return { plan: { kind: 'clarify', candidates: [], notes: [...notes, r.language === 'en' ? `The data holds nothing for "${place}": it covers the 31 provinces of mainland China; nothing is guessed.` : `数据中没有“${place}”的数据：本站的录取、计划与一分一段数据只覆盖内地 31 个省份，不做推测。`] }, intent: null };
  }
  const c = choose(r, mem, deps, forced);
  if (r.m.ordinal !== null && mem.last) {
    const row = await rowOfPrevious(r, mem, deps, c, notes);
    if (row) return row;
  }
  // 「只看计算机类专业」「只看广州的 不要民办」 after a match: a filter added to it, not a new question
  const narrows = mem.lastIntent === 'match' && /^(只看|只要|只考虑|只想|不要|不考虑|排除|换成|改成)/.test(r.text.trim()) && !r.m.provinces.filter((p) => p !== mem.province).length;
  if (narrows) c.intent = 'match';
  if (mem.last && (c.followUp || !c.tool) && (!c.intent || c.entityOnly || c.intent === mem.lastIntent || c.tool === mem.last.tool)) {
    const prev = mem.last;
    // a calculator's or chart's input changed: everything else the user gave stays
    const changedInput = c.followUp ? calculatorFollowUp(prev, r) : null;
    if (changedInput) return { plan: finish(prev.tool, changedInput, notes), intent: mem.lastIntent };
    const { args, notes: more } = argsFor(prev.tool, mem.lastIntent, r, mem, c.refersBack, deps.db);
    const changed = Object.keys(args).some((k) => JSON.stringify(args[k]) !== JSON.stringify(prev.args[k]));
    if (c.followUp || changed) return { plan: finish(prev.tool, carryOver(prev.tool, prev, args), [...notes, ...more]), intent: mem.lastIntent };
  }
  if (!c.tool && !mem.last && profileOnly(r)) {
    // 「河南理科排名3.5万」「河南物理600分，想学法学，想留在省内」: a candidate describing themselves wants a match
    c.intent = 'match';
    c.tool = findTool(deps.tools, c.intent);
  }
  // No intent of ours: the tools' own keywords (notes, forum, pages, the daily brief, tools added later)
  c.tool ??= routeAll(r.text.trim(), deps.tools).find((x) => x.score >= WEAK_ROUTE || x.tool.inputSchema.safeParse({}).success || Object.keys(argsFor(x.tool, null, r, mem, false, deps.db).args).length)?.tool ?? null;
  if (!c.tool) return { plan: { kind: 'none', ...(notes.length ? { notes } : {}) }, intent: null };
  const { args, notes: more } = argsFor(c.tool, c.intent, r, mem, c.refersBack, deps.db);
  const plan = guardEmpty(c.tool, args, r, deps.tools, [...notes, ...more], forced !== null);
  companions(plan, c.intent, r, deps.tools);
  return { plan, intent: c.intent };
}

/** 「2001年2月30日」: a date no calendar has is said (with the month's length), never sent on or guessed. */
function impossibleDate(r: Reading): string | null {
  const b = r.m.birth;
  if (!b || b.month < 1 || b.month > 12) return null;
  const days = new Date(Date.UTC(b.year, b.month, 0)).getUTCDate();
  if (b.day >= 1 && b.day <= days) return null;
  return r.language === 'en'
    ? `${b.year}-${String(b.month).padStart(2, '0')}-${b.day} does not exist: that month has ${days} days. Please check the date.`
    : `${b.year} 年 ${b.month} 月 ${b.day} 日不存在：该月只有 ${days} 天，请核对日期。`;
}

/** A question naming only a shared short name (华师): which one is meant is asked. */
function clarifyAmbiguous(r: Reading): Plan | null {
  const ambiguous = r.universities.find((u) => u.how === 'ambiguous');
  if (!ambiguous || !r.universities.every((u) => u.how === 'ambiguous')) return null;
  const list = ambiguous.candidates.join('、');
  const notes = [r.language === 'en' ? `"${ambiguous.written}" can mean ${list}. Which one do you mean?` : `“${ambiguous.written}”可能指${list}，请问是哪一所？`];
  return { kind: 'clarify', candidates: ambiguous.candidates, notes };
}

function typoNotes(r: Reading, db: DB | null): string[] {
  // a name that matches none: said, with the real names nearest to it (never one of them silently)
  const unknown = r.universities
    .filter((u) => u.how === 'unknown')
    .map((u) => [u, nearestNames(u.written, db)] as const)
    .filter(([, near]) => near.length)
    .map(([u, near]) =>
      r.language === 'en' ? `"${u.written}" is not a university in the data; the nearest names are ${near.join(', ')}.` : `本站院校名单中没有“${u.written}”，名称最接近的有：${near.join('、')}。`,
    );
  return unknown.concat(r.universities
    .filter((u) => u.how === 'typo')
    .map((u) =>
      r.language === 'en'
        ? `Read "${u.written}" as ${u.official}${u.candidates.length ? ` (or ${u.candidates.join(', ')})` : ''}.`
        : `按“${u.official}”理解“${u.written}”${u.candidates.length ? `（也可能是${u.candidates.join('、')}）` : ''}。`,
    ));
}

function choose(r: Reading, mem: Memory, deps: UnderstandDeps, forced: SiteTool | null): Choice {
  const text = r.text.trim();
  const intents = forced ? [] : intentsOf(r);
  const c: Choice = {
    intent: intents[0] ?? null,
    tool: null,
    entityOnly: intents.length === 1 && (intents[0] === 'university' || intents[0] === 'major') && !/介绍|怎么样|详情|是什么/.test(text),
    followUp: mem.last !== null && FOLLOW_UP.test(text),
    refersBack: mem.university !== undefined && REFERS_BACK.test(text),
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
  c.tool = forced ?? (c.intent ? findTool(deps.tools, c.intent) : null);
  return c;
}

/** "第二所学校的详情" / "第二所的分数线": a row of the previous answer, for the tool asked or its detail tool. */
async function rowOfPrevious(r: Reading, mem: Memory, deps: UnderstandDeps, c: Choice, notes: string[]): Promise<PartResult | null> {
  const prev = mem.last!;
  const item = (await deps.itemsOf(prev))[r.m.ordinal! - 1];
  if (!item) {
    notes.push(r.language === 'en' ? `The previous answer has no row ${r.m.ordinal}.` : `上一条回答中没有第 ${r.m.ordinal} 项。`);
    return null;
  }
  const kind = itemEntity(item, prev.tool);
  const detail = deps.tools.find((t) => toolEntity(t) === kind && toolFields(t).some((f) => f.name === 'id' || f.name === 'name') && !toolFields(t).some((f) => f.required));
  const target = c.tool && c.tool !== prev.tool && !c.entityOnly ? c.tool : (detail ?? c.tool);
  if (!target) return null;
  const { args, notes: more } = argsFor(target, c.intent, r, mem, false, deps.db);
  return { plan: finish(target, { ...args, ...argsFromItem(target, item, prev.tool) }, [...notes, ...more]), intent: c.intent };
}

/** Calls that go with the planned one: a school's own lines next to a match, one call per university or batch named. */
function companions(plan: Plan, intent: Intent | null, r: Reading, tools: readonly SiteTool[]): void {
  if (plan.kind === 'tools' && intent === 'match') {
    // 「600分能上郑州大学吗」: the school's own past lines next to the match
    const lines = tools.find((t) => t.name === 'query_score_lines');
    const uni = r.universities.find((u) => u.how !== 'ambiguous');
    if (lines && uni) {
      const a = plan.calls[0]!.args;
      plan.calls.push({ tool: lines, args: { university_name: uni.name, ...(a.province ? { province: a.province } : {}), ...(a.subject_type ? { subject_type: a.subject_type } : {}) } });
    }
  } else if (plan.kind === 'tools') {
    eachUniversity(plan.calls, r);
    eachBatch(plan.calls, r);
  }
  const other = intent === 'identity' ? otherAssistantName(r.text) : null;
  if (other) (plan.notes ??= []).unshift(r.language === 'en' ? `I am not ${other}: I am this site's assistant.` : `我不是 ${other}，是本站的助手。`);
}

/** 「清华和北大的计算机…分别排第几」: the call about the first university is repeated for each other one named. */
function eachUniversity(calls: ToolState[], r: Reading): void {
  const seen = new Set<string>();
  const names = r.universities
    .filter((u) => u.how !== 'ambiguous' && !seen.has(u.official ?? u.name) && seen.add(u.official ?? u.name))
    .map((u) => u.name);
  const first = calls[0];
  if (names.length < 2 || !first) return;
  const key = first.args.university_name === names[0] ? 'university_name' : first.args.name === names[0] ? 'name' : null;
  if (!key) return;
  for (const name of names.slice(1)) calls.push({ tool: first.tool, args: { ...first.args, [key]: name } });
}

/** 「河南2024一本线和二本线」: one call per batch named. */
function eachBatch(calls: ToolState[], r: Reading): void {
  const first = calls[0];
  const batches = batchesIn(r.text);
  if (!first || batches.length < 2 || first.args.batch !== batches[0]) return;
  for (const b of batches.slice(1)) calls.push({ tool: first.tool, args: { ...first.args, batch: b } });
}

/** A route scoring below this (one short generic keyword) does not run a tool on its own. */
const WEAK_ROUTE = 4;

/**
 * A list tool with no arguments would answer another question (search_majors({}) lists 哲学…): when the message
 * has content words the tool ignores, search the site for them instead, else ask.
 */
function guardEmpty(tool: SiteTool, args: Record<string, unknown>, r: Reading, tools: readonly SiteTool[], notes: string[], forced: boolean): Plan {
  const selective = Object.keys(args).filter((k) => !PAGING.has(k));
  const dataList = /^(search_universities|search_majors|query_)/.test(tool.name);
  if (forced || selective.length || !dataList) return finish(tool, args, notes);
  const words = contentWords(r);
  const search = tools.find((t) => t.name === 'search_site');
  if (search && words.length >= 2) return finish(search, { q: words.slice(0, 50) }, notes);
  const optional = toolFields(tool).filter((f) => !PAGING.has(f.name));
  return { kind: 'ask', tool, missing: optional.slice(0, 3), args, ...(notes.length ? { notes } : {}) };
}

/** The plan of one message: a greeting, or each of its questions planned in order, sharing the memory. */
async function understandMessage(raw: string, mem: Memory, deps: UnderstandDeps, forced: SiteTool | null): Promise<PartPlan[]> {
  const greeting = forced ? null : greetingKind(raw);
  if (greeting) return [{ kind: 'greeting', greeting, text: raw }];
  const pieces = forced ? [raw] : sentences(raw.slice(0, 2000)).flatMap((s) => clauses(s, deps));
  const parts: PartPlan[] = [];
  for (const piece of pieces.length ? pieces : [raw]) {
    // 「Hello! What can you help me with?」: the greeting before a question is answered by answering the question
    if (pieces.length > 1 && greetingKind(piece)) continue;
    const r = readText(piece, deps.db, deps.now);
    const { plan, intent } = await planPart(r, mem, deps, forced);
    // A piece that only states facts ("我是河南考生，物理类。") adds to the memory and asks nothing itself.
    if (plan.kind === 'none' && pieces.length > 1 && statesFacts(r)) {
      absorb(mem, r);
      continue;
    }
    parts.push({ ...plan, text: piece, ...(r.m.topN ? { count: Math.min(r.m.topN, 100) } : {}) });
    if (plan.kind === 'tools') for (const call of plan.calls.slice(0, 1)) remember(mem, call, intent);
    else if (plan.kind === 'ask') remember(mem, { tool: plan.tool, args: plan.args }, intent);
    absorb(mem, r);
  }
  if (!parts.length) {
    // only statements: the whole message as one question (it may still be a follow-up)
    const r = readText(raw, deps.db, deps.now);
    const { plan, intent } = await planPart(r, mem, deps, forced);
    parts.push({ ...plan, text: raw });
    if (plan.kind === 'tools') remember(mem, plan.calls[0]!, intent);
  }
  return parts;
}

/** A province with a score or rank and nothing else asked. */
function profileOnly(r: Reading): boolean {
  return r.m.provinces.length > 0 && (r.m.scores.length > 0 || r.m.rank !== null) && !r.universities.length && r.m.scoreRange === null;
}

/**
 * 「北京2026本科线多少，620分排多少名」: a sentence whose comma-separated clauses ask different things is two
 * questions; clauses that ask nothing of their own (我是河南考生，…) stay with the clause after them.
 */
function clauses(sentence: string, deps: UnderstandDeps): string[] {
  const bits = sentence.split(/(?<=[，,])|(?<=[吗呢])\s+/);
  if (bits.length < 2) return [sentence];
  const asked = bits.map((b) => askedIntent(readText(b, deps.db, deps.now)));
  const distinct = new Set(asked.filter((a) => a !== null));
  if (distinct.size < 2) return [sentence];
  const out: string[] = [];
  let pending = '';
  bits.forEach((b, i) => {
    pending += b;
    if (asked[i] !== null) {
      out.push(pending.replace(/[，,]\s*$/, ''));
      pending = '';
    }
  });
  if (pending) out[out.length - 1] += pending;
  return out;
}

function statesFacts(r: Reading): boolean {
  const m = r.m;
  return m.provinces.length > 0 || m.scores.length > 0 || m.rank !== null || m.subjectType !== null || Object.keys(r.constraints).length > 0;
}

/** Profile facts the candidate stated, kept even when no tool used them yet. */
function absorb(mem: Memory, r: Reading): void {
  const m = r.m;
  if (m.provinces.length && !/有哪些|哪些/.test(r.text)) mem.province ??= m.provinces[0];
  if (m.subjectType) mem.subjectType = m.subjectType;
  if (m.rank !== null) {
    mem.rank = m.rank;
    mem.score = undefined;
  } else if (m.scores.length) {
    mem.score = m.scores[0];
    mem.rank = undefined;
  }
  mem.constraints = { ...mem.constraints, ...r.constraints };
  const u = r.universities.find((x) => x.how !== 'ambiguous' && x.how !== 'unknown');
  if (u) mem.university = u.name;
}

/** The understanding of the last user message, with the memory replayed from the earlier turns. */
export async function understandConversation(messages: ChatMessage[], deps: UnderstandDeps, forced: SiteTool | null = null): Promise<Understanding> {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  if (lastUser < 0) return { language: 'zh', parts: [{ kind: 'none', text: '' }] };
  const mem = emptyMemory();
  for (let i = 0; i < lastUser; i++) {
    const msg = messages[i]!;
    if (msg.role === 'user') await understandMessage(messageText(msg), mem, deps, null);
    else if (msg.role === 'assistant' && msg.tool_calls?.length) {
      for (const call of msg.tool_calls) {
        const tool = deps.tools.find((t) => t.name === call.function.name);
        if (!tool) continue;
        try {
          const args = JSON.parse(call.function.arguments || '{}');
          if (args && typeof args === 'object' && !Array.isArray(args)) remember(mem, { tool, args }, null);
        } catch {
          // a client's malformed history entry: keep the replayed memory
        }
      }
    }
  }
  const text = messageText(messages[lastUser]!);
  const parts = await understandMessage(text, mem, deps, forced);
  return { language: languageOf(text), parts };
}

/** All parts as one plan (the tool calls of every part, in order), for callers that take a single plan. */
export function mergedPlan(u: Understanding): Plan {
  if (u.parts.length === 1) return u.parts[0]!;
  const calls = u.parts.flatMap((p) => (p.kind === 'tools' ? p.calls : []));
  if (calls.length) return { kind: 'tools', calls };
  return u.parts[0]!;
}

export { asksIdentity };
