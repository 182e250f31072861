// Stage 3 of the understanding — FILL: the decided tool's arguments. A follow-up first tries the last call with
// only what this turn changes (弯矩改成220: every other input kept); a row of the last answer (第二所) gives its
// university or major; otherwise the tool's fields are filled from the reading (arguments.ts) and the
// conversation's memory. For a question no intent covers, the first of the router's candidates that is sure or
// can be given arguments is taken. Nothing here reads the text again or changes the decision.
import type { DB } from '../../db/open.ts';
import type { SiteTool } from '../../../tools/types.ts';
import { toolEntity, toolFields } from '../tool-fields.ts';
import { argsFor, calculatorFollowUp, dropForeignSubject } from './arguments.ts';
import type { Decision } from './decide.ts';
import type { Intent } from './intents.ts';
import type { Memory } from './memory.ts';
import type { ToolState } from './plan.ts';

export interface FillDeps {
  tools: readonly SiteTool[];
  db: DB | null;
  /** the rows of a previous call's result (from the tool-call cache), for ordinal references */
  itemsOf(state: ToolState): Promise<Array<Record<string, unknown>>>;
}

/** What a tool call will be made with, and how it was arrived at (the planner guards a fresh list call). */
export type Filled =
  | { via: 'row' | 'changed' | 'carried' | 'fresh'; tool: SiteTool; args: Record<string, unknown>; notes: string[]; intent: Intent | null }
  | { via: 'nothing'; notes: string[] };

type AskDecision = Extract<Decision, { kind: 'ask' }>;

export async function fill(d: AskDecision, mem: Memory, deps: FillDeps): Promise<Filled> {
  const { r } = d;
  const notes: string[] = [];
  if (d.row !== null && mem.last) {
    const row = await rowOfPrevious(d, mem, deps, notes);
    if (row) return row;
  }
  if (d.continuesLast && mem.last) {
    const prev = mem.last;
    // a calculator's or chart's input changed: everything else the user gave stays
    const changedInput = d.followUp ? calculatorFollowUp(prev, r) : null;
    if (changedInput) return { via: 'changed', tool: prev.tool, args: changedInput, notes, intent: mem.lastIntent };
    const { args, notes: more } = argsFor(prev.tool, mem.lastIntent, r, mem, d.refersBack, deps.db);
    const changed = Object.keys(args).some((k) => JSON.stringify(args[k]) !== JSON.stringify(prev.args[k]));
    if (d.followUp || changed) {
      const carried = carryOver(prev.tool, prev, args);
      const foreign = dropForeignSubject(carried, r, deps.db);
      return { via: 'carried', tool: prev.tool, args: carried, notes: [...notes, ...more, ...(foreign ? [foreign] : [])], intent: mem.lastIntent };
    }
  }
  const tool = d.tool ?? d.candidates.find((c) => c.sure || Object.keys(argsFor(c.tool, null, r, mem, false, deps.db).args).length)?.tool ?? null;
  if (!tool) return { via: 'nothing', notes };
  const { args, notes: more } = argsFor(tool, d.intent, r, mem, d.refersBack, deps.db);
  const foreign = dropForeignSubject(args, r, deps.db);
  if (foreign) more.push(foreign);
  return { via: 'fresh', tool, args, notes: [...notes, ...more], intent: d.intent };
}

/** "第二所学校的详情" / "第二所的分数线": a row of the previous answer, for the tool asked or its detail tool. */
async function rowOfPrevious(d: AskDecision, mem: Memory, deps: FillDeps, notes: string[]): Promise<Filled | null> {
  const { r } = d;
  const prev = mem.last!;
  const item = (await deps.itemsOf(prev))[d.row! - 1];
  if (!item) {
    notes.push(r.language === 'en' ? `The previous answer has no row ${d.row}.` : `上一条回答中没有第 ${d.row} 项。`);
    return null;
  }
  const kind = itemEntity(item, prev.tool);
  const detail = deps.tools.find((t) => toolEntity(t) === kind && toolFields(t).some((f) => f.name === 'id' || f.name === 'name') && !toolFields(t).some((f) => f.required));
  const target = d.tool && d.tool !== prev.tool && !d.entityOnly ? d.tool : (detail ?? d.tool);
  if (!target) return null;
  const { args, notes: more } = argsFor(target, d.intent, r, mem, false, deps.db);
  return { via: 'row', tool: target, args: { ...args, ...argsFromItem(target, item, prev.tool) }, notes: [...notes, ...more], intent: d.intent };
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
