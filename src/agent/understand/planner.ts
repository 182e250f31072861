// Stage 4 of the understanding — PLAN: the decision and its filled arguments become what the loop runs and the
// writer says: tool calls (with the calls that go with them: a school's own lines next to a match, one call per
// university or batch named), a question back for the fields still missing, a choice between candidates, or
// "the site cannot answer this" — with the sentences the understanding itself must say (a name read as another,
// a name that matches none, a date no calendar has). Nothing here reads text or calls an earlier stage.
import type { SiteTool } from '../../../tools/types.ts';
import { missingFields, toolFields } from '../tool-fields.ts';
import type { Decision } from './decide.ts';
import type { Filled } from './fill.ts';
import type { Intent } from './intents.ts';
import type { Plan, ToolState } from './plan.ts';
import type { Reading } from './reading.ts';

/** The plan of one piece. `filled` is null for decisions that need no arguments (a clarification). */
export function planOf(d: Decision, filled: Filled | null, tools: readonly SiteTool[]): Plan {
  const r = d.r;
  if (d.kind === 'refuse') return { kind: 'clarify', candidates: [], notes: [refusalSaid(d.why, r.language)] };
  if (d.kind === 'ambiguous') {
    const ambiguous = r.universities.find((u) => u.how === 'ambiguous')!;
    const list = ambiguous.candidates.join('、');
    return { kind: 'clarify', candidates: ambiguous.candidates, notes: [r.language === 'en' ? `"${ambiguous.written}" can mean ${list}. Which one do you mean?` : `“${ambiguous.written}”可能指${list}，请问是哪一所？`] };
  }
  const names = nameNotes(r);
  if (d.kind === 'bad_date') {
    const said =
      r.language === 'en'
        ? `${d.year}-${String(d.month).padStart(2, '0')}-${d.day} does not exist: that month has ${d.days} days. Please check the date.`
        : `${d.year} 年 ${d.month} 月 ${d.day} 日不存在：该月只有 ${d.days} 天，请核对日期。`;
    return { kind: 'clarify', candidates: [], notes: [...names, said] };
  }
  if (d.kind === 'unknown_place') {
    const said = r.language === 'en' ? `The data holds nothing for "${d.place}": it covers the 31 provinces of mainland China; nothing is guessed.` : `数据中没有“${d.place}”的数据：本站的录取、计划与一分一段数据只覆盖内地 31 个省份，不做推测。`;
    return { kind: 'clarify', candidates: [], notes: [...names, said] };
  }
  const notes = [...names, ...(filled?.notes ?? [])];
  if (!filled || filled.via === 'nothing') return { kind: 'none', ...(notes.length ? { notes } : {}) };
  if (filled.via !== 'fresh') return finish(filled.tool, filled.args, notes);
  const plan = guardEmpty(filled.tool, filled.args, r, tools, notes, d.forced);
  companions(plan, filled.intent, r, tools);
  return plan;
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

const PAGING = new Set(['page', 'page_size', 'limit', 'order', 'raw']);

/** Content words of the question left after the recognised entities: what a search would look for. */
function contentWords(r: Reading): string {
  return r.text
    .replace(/请|帮我|帮忙|给我|麻烦|一下|查一查|查查|查询|告诉我|我想知道|想问|问一下|有哪些|哪些|什么|怎么样|怎么|如何|多少|吗|呢|吧|啊|的|了|是|有|[，。！？、,.!?:：；;\s]+/g, '')
    .trim();
}

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
  const other = intent === 'identity' ? r.otherAssistant : null;
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
  const batches = r.batches;
  if (!first || batches.length < 2 || first.args.batch !== batches[0]) return;
  for (const b of batches.slice(1)) calls.push({ tool: first.tool, args: { ...first.args, batch: b } });
}

function nameNotes(r: Reading): string[] {
  // a name that matches none: said, with the real names nearest to it (never one of them silently)
  const unknown = r.universities
    .filter((u) => u.how === 'unknown')
    .map((u) => [u, u.nearest ?? []] as const)
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

const REFUSAL_SAID: Record<NonNullable<Reading['refusal']>, [string, string]> = {
  intrusion: ['这个请求我不能帮忙：入侵考试院或任何系统、篡改分数或录取结果是违法行为。分数与录取以省级招生考试机构公布的为准；对成绩有疑问可按本省规定申请成绩复核。', 'I cannot help with that: breaking into an exam authority\'s or any system, or altering scores, is illegal. Scores are those the provincial exam authority publishes; a candidate who doubts a score can apply for the official re-check.'],
  forgery: ['这个请求我不能帮忙：伪造录取通知书、证书或成绩单是违法行为。录取结果请以高校和省级招生考试机构的官方查询为准。', 'I cannot help with that: forging an admission letter, certificate or transcript is illegal. Admission results are those the university and the provincial exam authority publish.'],
  cheating: ['这个请求我不能帮忙：替考、作弊、买卖试题都违反《教育法》和《刑法》的相关规定。', 'I cannot help with that: impersonation, cheating and trading exam papers are crimes under Chinese law.'],
  distress: ['先别太难过，一次考试不是全部，分数出来后的每一个分数段都还有路可走：同样的分数，不同省份、院校和专业的机会差别很大，本科之外还有专科（高职）、专项计划和征集志愿。告诉我你的省份、科类和分数（或位次），我帮你查一分一段的位次，再按往年的录取线看看哪些院校和专业能上。', 'I am sorry it went badly; one exam is not everything, and every score still has options: chances differ a lot between provinces, universities and majors, and besides bachelor programmes there are vocational colleges, special plans and later rounds. Tell me your province, subject track and score (or rank), and I will look up your rank and the universities and majors within reach from past admission lines.'],
  instructions: ['我不会公开或改变自己的工作说明。我是本站的助手，只根据本站的数据与工具回答；可以问我院校、分数线、位次、志愿规则或本站的计算器。', 'I do not reveal or change my working instructions. I am this site\'s assistant and answer from the site\'s data and tools: ask about universities, score lines, ranks, the rules of 志愿 filling or the site\'s calculators.'],
};

function refusalSaid(why: NonNullable<Reading['refusal']>, lang: 'zh' | 'en'): string {
  return REFUSAL_SAID[why][lang === 'en' ? 1 : 0];
}
