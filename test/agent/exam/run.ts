// Runs the exam against a listening app: each case's conversation goes through POST /v1/chat/completions with the
// real `openai` client, each check's canonical call goes to the same app (POST /v1/tools/{name} or
// POST /v1/calc/concrete), and the last answer is graded (grade.ts). A case whose canonical call fails or finds no
// row is reported as broken: the exam itself is wrong there, not the assistant.
import OpenAI from 'openai';
import { gradeAnswer, NOT_IN_DATA, SMALL_NUMBER, type Fact, type Verdict } from './grade.ts';
import { DOMAINS, type Check, type Domain, type ExamCase, type Source } from './types.ts';

export interface CaseResult {
  case: ExamCase;
  answer: string;
  tools: string[];
  verdict: Verdict | null;
  /** why the case could not be graded (its canonical call failed or found nothing) */
  broken?: string;
}

export interface ExamTarget {
  /** the app's base URL (http://127.0.0.1:port) */
  url: string;
  key: string;
  /** every university name in the data, longest first (for the invented check) */
  universities: readonly string[];
  /** the site's own name: Chinese an English answer may keep, like the data's names */
  siteName: string;
}

type Json = Record<string, unknown>;
type Called = { tool: string; args: Record<string, unknown> };

/** Served results of canonical calls, memoised per call (several cases ask the same thing). */
class Canon {
  private memo = new Map<string, Promise<Json>>();
  constructor(private target: ExamTarget) {}

  get(source: Source, page = 1): Promise<Json> {
    const key = JSON.stringify([source, page]);
    let p = this.memo.get(key);
    if (!p) {
      p = this.fetch(source, page);
      this.memo.set(key, p);
    }
    return p;
  }

  private async fetch(source: Source, page: number): Promise<Json> {
    const [path, body] =
      'calc' in source ? ['/v1/calc/concrete', source.body] : [`/v1/tools/${source.tool}`, page > 1 ? { ...source.args, page } : source.args];
    const res = await fetch(this.target.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.target.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Json;
    if (res.status !== 200) throw new Error(`${path} ${JSON.stringify(body)} → ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    return json;
  }

  /** Every row of a list result, page after page. */
  async allItems(source: Source): Promise<Json[]> {
    const rows: Json[] = [];
    for (let page = 1; page <= 50; page++) {
      const r = await this.get(source, page);
      rows.push(...((r.items as Json[]) ?? []));
      if (!r.has_more) break;
    }
    return rows;
  }
}

function at(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Json)[k] : undefined), obj);
}

function describeSource(s: Source): string {
  return 'calc' in s ? `concrete ${s.body.kind}` : s.tool;
}

/**
 * A fact from a served value: numbers as numbers (601.0 is matched as 601), text as text. A small whole number is
 * tied to `owner` (the school of the row or profile) when there is one.
 */
function factOf(label: string, v: unknown, tolerance?: number, owner?: unknown): Fact | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') {
    const near = Number.isInteger(v) && Math.abs(v) < SMALL_NUMBER && typeof owner === 'string' && owner ? owner : undefined;
    return { label: near ? `${label}（与“${near}”同句）` : label, value: v, tolerance, ...(near ? { near } : {}) };
  }
  if (typeof v === 'boolean') return null;
  return { label, value: String(v) };
}

/** The facts a check requires, from the canonical result; throws when the result cannot carry them. */
async function factsOf(check: Check, canon: Canon): Promise<{ facts: Fact[]; known: string }> {
  if ('says' in check) return { facts: [{ label: check.label, value: check.says }], known: '' };
  if ('notInData' in check) return { facts: [{ label: '说明数据中没有', value: NOT_IN_DATA }], known: '' };
  const src = describeSource(check.from);
  if ('sum' in check) {
    const rows = await canon.allItems(check.from);
    if (!rows.length) throw new Error(`${src}: no rows to sum`);
    const total = rows.reduce((s, r) => s + (Number(r[check.sum]) || 0), 0);
    return { facts: [{ label: `${check.sum} 合计 ${total}`, value: total }], known: JSON.stringify(rows) };
  }
  const result = await canon.get(check.from);
  const known = JSON.stringify(result);
  const items = (result.items as Json[] | undefined) ?? [];
  if ('top' in check) {
    if (items.length < check.top) throw new Error(`${src}: ${items.length} rows, fewer than the ${check.top} the case asks for`);
    const facts = items.slice(0, check.top).map((r, i) => factOf(`第${i + 1}行 ${check.field}=${String(r[check.field])}`, r[check.field]));
    return { facts: facts.filter((f): f is Fact => f !== null), known };
  }
  if ('firstPer' in check) {
    const firsts = new Map<string, Json>();
    for (const r of items) if (!firsts.has(String(r[check.firstPer]))) firsts.set(String(r[check.firstPer]), r);
    if (!firsts.size) throw new Error(`${src}: no rows`);
    // The group's word alone (冲, 稳) is no evidence — "没有院校落在冲稳保范围内" has all three — so each group is its school.
    const facts = [...firsts].map(([group, r]) => factOf(`${group} 第一所 ${String(r[check.field])}`, r[check.field]));
    return { facts: facts.filter((f): f is Fact => f !== null), known };
  }
  if ('fields' in check) {
    const where = check.row ?? {};
    const row = items.find((r) => Object.entries(where).every(([k, v]) => r[k] === v));
    if (!row) throw new Error(`${src}: no row with ${JSON.stringify(where)} among ${items.length}`);
    // A field the served row does not carry (a line published without its rank) cannot be asked of the answer.
    const owner = row.school_name ?? row.name;
    const facts = check.fields.map((f) => factOf(`${f}=${String(row[f])}`, row[f], undefined, owner)).filter((f): f is Fact => f !== null);
    if (!facts.length) throw new Error(`${src}: the row has no value for ${check.fields.join('/')}`);
    return { facts, known };
  }
  const owner = at(result, 'university.name');
  const facts = check.paths.map((p) => factOf(`${p}=${String(at(result, p))}`, at(result, p), check.tolerance, owner));
  if (facts.some((f) => f === null)) throw new Error(`${src}: no value at ${check.paths.join(', ')}`);
  return { facts: facts as Fact[], known };
}

export async function runCase(c: ExamCase, client: OpenAI, canon: Canon, universities: readonly string[], siteName: string): Promise<CaseResult> {
  const facts: Fact[] = [];
  let known = siteName;
  try {
    for (const check of c.checks) {
      const f = await factsOf(check, canon);
      facts.push(...f.facts);
      known += f.known;
    }
  } catch (err) {
    return { case: c, answer: '', tools: [], verdict: null, broken: (err as Error).message };
  }
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [];
  let answer = '';
  let called: Called[] = [];
  for (const user of Array.isArray(c.ask) ? c.ask : [c.ask]) {
    messages.push({ role: 'user', content: user });
    const completion = await client.chat.completions.create({ model: 'svc', messages });
    answer = completion.choices[0]?.message.content ?? '';
    // The receipt of site tools rides beside the standard fields, under the site's brand.
    const receipt = Object.values(completion as unknown as Json).find((v): v is { tools_called: Called[] } => !!v && typeof v === 'object' && 'tools_called' in (v as Json));
    called = receipt?.tools_called ?? [];
    messages.push({ role: 'assistant', content: answer });
  }
  const tools = called.map((t) => t.tool);
  let verdict = gradeAnswer(c, answer, facts, { universities, known });
  // Invented means "from nowhere": what the served results of the assistant's own calls contain is real data (a
  // wrong answer, perhaps, but not an invention), so those results count as known too; so do their Chinese names
  // and labels, which an English answer may keep. They are fetched only when the canonical results alone leave
  // something unexplained (re-running every call would double the exam's time).
  if (verdict.invented.length || verdict.problems.includes('not in English')) {
    for (const x of called) {
      try {
        known += JSON.stringify(await canon.get({ tool: x.tool, args: x.args }));
      } catch {
        // a call the site refused carries no data
      }
    }
    verdict = gradeAnswer(c, answer, facts, { universities, known });
  }
  return { case: c, answer, tools, verdict };
}

export async function runExam(target: ExamTarget, cases: readonly ExamCase[]): Promise<CaseResult[]> {
  const client = new OpenAI({ baseURL: `${target.url}/v1`, apiKey: target.key, maxRetries: 0, timeout: 60_000 });
  const canon = new Canon(target);
  const out: CaseResult[] = [];
  for (const c of cases) out.push(await runCase(c, client, canon, target.universities, target.siteName));
  return out;
}

export interface DomainTally {
  domain: Domain;
  cases: number;
  correct: number;
  partly: number;
  wrong: number;
  refused: number;
  broken: number;
  invented: number;
}

export function tally(results: readonly CaseResult[]): { domains: DomainTally[]; total: DomainTally } {
  const empty = (domain: Domain): DomainTally => ({ domain, cases: 0, correct: 0, partly: 0, wrong: 0, refused: 0, broken: 0, invented: 0 });
  const by = new Map<Domain, DomainTally>();
  const total = empty('score');
  for (const r of results) {
    const t = by.get(r.case.domain) ?? empty(r.case.domain);
    by.set(r.case.domain, t);
    for (const x of [t, total]) {
      x.cases++;
      if (!r.verdict) x.broken++;
      else {
        x[r.verdict.grade]++;
        if (r.verdict.invented.length) x.invented++;
      }
    }
  }
  const order = Object.keys(DOMAINS) as Domain[];
  return { domains: [...by.values()].sort((a, b) => order.indexOf(a.domain) - order.indexOf(b.domain)), total };
}

export const percent = (t: DomainTally): number => (t.cases - t.broken ? Math.round((1000 * t.correct) / (t.cases - t.broken)) / 10 : 0);

/** The per-domain table and the failing cases, as plain text. */
export function report(results: readonly CaseResult[], title: string, all = false): { table: string; failures: string } {
  const { domains, total } = tally(results);
  const line = (name: string, t: DomainTally) =>
    `${name.padEnd(14)} ${String(t.cases).padStart(4)} ${String(t.correct).padStart(7)} ${String(t.partly).padStart(6)} ${String(t.wrong).padStart(5)} ${String(t.refused).padStart(7)} ${String(t.invented).padStart(8)} ${String(t.broken).padStart(6)} ${`${percent(t)}%`.padStart(7)}`;
  const head = `${'domain'.padEnd(14)} ${'cases'.padStart(4)} ${'correct'.padStart(7)} ${'partly'.padStart(6)} ${'wrong'.padStart(5)} ${'refused'.padStart(7)} ${'invented'.padStart(8)} ${'broken'.padStart(6)} ${'correct%'.padStart(7)}`;
  const leakOnly = results.filter((r) => r.verdict?.grade === 'partly' && !r.verdict.missing.length && !r.verdict.invented.length).length;
  const table = [
    title,
    head,
    ...domains.map((t) => line(t.domain, t)),
    line('TOTAL', total),
    `(${leakOnly} of the partly answers carry every fact and lose only for a file name, a page=N hint or the language)`,
  ].join('\n');
  const failures = results
    .filter((r) => all || !r.verdict || r.verdict.grade !== 'correct' || r.verdict.invented.length)
    .map((r) => {
      const ask = Array.isArray(r.case.ask) ? r.case.ask.join(' ⇒ ') : r.case.ask;
      if (!r.verdict) return `## ${r.case.id} [${r.case.domain}] BROKEN\n${ask}\n${r.broken}\n`;
      const v = r.verdict;
      return [
        `## ${r.case.id} [${r.case.domain}] ${v.grade.toUpperCase()}${v.invented.length ? ' INVENTED' : ''}`,
        `问：${ask}`,
        `tools: ${r.tools.join(', ') || '(none)'}`,
        v.missing.length ? `missing: ${v.missing.join(' | ')}` : '',
        v.problems.length ? `problems: ${v.problems.join(' | ')}` : '',
        v.invented.length ? `invented: ${v.invented.join(' | ')}` : '',
        `答：${r.answer.length > 1200 ? `${r.answer.slice(0, 1200)}…（${r.answer.length} 字）` : r.answer}`,
        '',
      ]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
  return { table, failures };
}
