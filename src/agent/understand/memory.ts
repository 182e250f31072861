// What the conversation has established, replayed from its messages (no server-side session): the candidate's
// profile (province, subject type, score or rank, exam year, stated constraints), the university and the major
// being talked about, and the last tool call with its arguments (for follow-ups and "第二所").
import type { Constraints } from './constraints.ts';
import type { Intent } from './intents.ts';
import type { ToolState } from './plan.ts';
import type { Reading } from './reading.ts';

export interface Memory {
  province?: string;
  subjectType?: string;
  score?: number;
  rank?: number;
  /** the candidate's exam year (from a rank or match question) */
  year?: number;
  university?: string;
  major?: string;
  constraints: Constraints;
  last: ToolState | null;
  lastIntent: Intent | null;
}

export function emptyMemory(): Memory {
  return { constraints: {}, last: null, lastIntent: null };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The memory after a tool call was planned (or taken from an assistant's tool_calls in the history). */
export function remember(mem: Memory, state: ToolState, intent: Intent | null): void {
  const a = state.args;
  // The candidate's province is the one scores are asked in, not where a searched university is.
  if (state.tool.name !== 'search_universities') mem.province = str(a.province) ?? mem.province;
  mem.subjectType = str(a.subject_type) ?? mem.subjectType;
  // the candidate's exam year: said with a rank, a match or the province's batch lines (河南2025物理本科线多少？600分排多少名？)
  if ((state.tool.name === 'query_rank_table' || state.tool.name === 'match_by_score' || state.tool.name === 'query_batch_lines') && num(a.year) !== undefined) mem.year = num(a.year);
  if (num(a.score) !== undefined && state.tool.name === 'match_by_score') {
    mem.score = num(a.score);
    mem.rank = undefined;
  } else if (num(a.rank) !== undefined) {
    mem.rank = num(a.rank);
    mem.score = undefined;
  } else if (num(a.score) !== undefined && state.tool.name === 'query_rank_table') mem.score = num(a.score);
  const university = str(a.university_name) ?? (/universit/.test(state.tool.name) && state.tool.name !== 'search_universities' ? str(a.name) : undefined);
  if (university) mem.university = university;
  const major = str(a.major_name) ?? str(a.discipline_name) ?? (/major/.test(state.tool.name) && state.tool.name !== 'search_majors' ? str(a.name) : undefined);
  if (major) mem.major = major;
  mem.last = state;
  mem.lastIntent = intent;
}

/** The piece only states the candidate's facts (我是河南考生，物理类。): they go to the memory. */
export function statesFacts(r: Reading): boolean {
  const m = r.m;
  return m.provinces.length > 0 || m.scores.length > 0 || m.rank !== null || m.subjectType !== null || Object.keys(r.constraints).length > 0;
}

/** Profile facts the candidate stated, kept even when no tool used them yet. */
export function absorb(mem: Memory, r: Reading): void {
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
