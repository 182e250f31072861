// What the current turn asks for, read from the whole conversation: a greeting (no tools), a tool call with its
// arguments, a question for missing arguments, or nothing the site can answer. Follow-ups reuse the previous turn's
// tool and arguments ("那历史类呢？" changes the subject type, "换成 2023 年" the year) and ordinals point into the
// previous result ("第二所学校的详情"). The state is replayed from the messages, so no server-side session is kept;
// assistant tool_calls of site tools in the history (OpenAI clients send them back) are taken as they were.
import type { DB } from '../db/open.ts';
import type { SiteTool } from '../../tools/types.ts';
import { extractArgs, missingFields, toolEntity, toolFields, type FieldInfo } from './extract.ts';
import { readMentions, type Mentions } from './mentions.ts';
import { messageText, type ChatMessage } from './request.ts';
import { greetingKind, route, routeAll } from './router.ts';

export interface ToolState {
  tool: SiteTool;
  args: Record<string, unknown>;
}

export type Plan =
  | { kind: 'greeting'; greeting: 'hello' | 'thanks' | 'bye' }
  | { kind: 'tools'; calls: ToolState[] }
  | { kind: 'ask'; tool: SiteTool; missing: FieldInfo[]; args: Record<string, unknown> }
  | { kind: 'none' };

export interface PlanDeps {
  tools: readonly SiteTool[];
  db: DB | null;
  /** the rows of a previous call's result (from the tool-call cache), for ordinal references */
  itemsOf(state: ToolState): Promise<Array<Record<string, unknown>>>;
}

const FOLLOW_UP = /^(那|那么|那如果|如果是|要是|换成|换|改成|改为|改|再|还有|它|该校|这所|这个|同样|同一)|呢\s*[？?]?\s*$|换成|改成|改为|换一下/;

function carryOver(tool: SiteTool, prev: ToolState, args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fields = new Set(toolFields(tool).map((f) => f.name));
  const prevEntity = toolEntity(prev.tool);
  const entity = toolEntity(tool);
  for (const [k, v] of Object.entries(prev.args)) {
    if (fields.has(k) && args[k] === undefined) out[k] = v;
  }
  // "它的录取分数线呢": the university the previous turn was about.
  const prevUniversity = prev.args.university_name ?? (prevEntity === 'university' ? (prev.args.name ?? prev.args.q) : undefined);
  if (prevUniversity !== undefined) {
    if (fields.has('university_name') && args.university_name === undefined && args.university_id === undefined) out.university_name = prevUniversity;
    if (entity === 'university' && fields.has('name') && args.name === undefined && args.id === undefined) out.name = prevUniversity;
  }
  if (entity !== prevEntity) {
    // a name or q of another kind of thing does not carry over
    if (prevEntity !== 'other') {
      delete out.name;
      delete out.q;
      delete out.id;
    }
  }
  return { ...out, ...args };
}

function itemEntity(item: Record<string, unknown>, prev: SiteTool): 'university' | 'major' | 'other' {
  if (item.university_id !== undefined || item.university_name !== undefined || item.school_name !== undefined) return 'university';
  return toolEntity(prev);
}

/** Arguments for `tool` that name one row of a previous result. */
function argsFromItem(tool: SiteTool, item: Record<string, unknown>, prev: SiteTool): Record<string, unknown> {
  const fields = new Set(toolFields(tool).map((f) => f.name));
  const kind = itemEntity(item, prev);
  const args: Record<string, unknown> = {};
  const id = kind === 'university' ? (item.university_id ?? (toolEntity(prev) === 'university' ? item.id : undefined)) : item.id;
  const name = kind === 'university' ? (item.university_name ?? item.school_name ?? item.name) : (item.name ?? item.major_name);
  if (fields.has('id') && id !== undefined && id !== null) args.id = id;
  else if (fields.has('name') && name !== undefined) args.name = name;
  if (fields.has('university_id') && kind === 'university' && id !== undefined && id !== null) args.university_id = id;
  else if (fields.has('university_name') && kind === 'university' && name !== undefined) args.university_name = name;
  for (const k of ['slug', 'major_name']) if (fields.has(k) && item[k] !== undefined) args[k] = item[k];
  return args;
}

async function planText(text: string, prev: ToolState | null, deps: PlanDeps, forced: SiteTool | null): Promise<Plan> {
  const greeting = forced ? null : greetingKind(text);
  if (greeting) return { kind: 'greeting', greeting };
  const m: Mentions = readMentions(text, deps.db);
  let best = forced ? null : route(text, deps.tools);
  if (best && !best.tool.inputSchema.safeParse({}).success && !Object.keys(extractArgs(best.tool, m)).length) {
    // The best match needs arguments the message does not give ("哲学专业就业怎么样" is not about a university):
    // the next match that finds its arguments in the message is the better reading.
    best = routeAll(text, deps.tools).find((r) => Object.keys(extractArgs(r.tool, m)).length > 0) ?? best;
  }
  const routed = forced ?? best?.tool ?? null;
  const followUp = prev !== null && FOLLOW_UP.test(text.trim());

  if (m.ordinal !== null && prev) {
    const items = await deps.itemsOf(prev);
    const item = items[m.ordinal - 1];
    if (item) {
      const kind = itemEntity(item, prev.tool);
      const target =
        routed && routed !== prev.tool
          ? routed
          : (deps.tools.find((t) => toolEntity(t) === kind && toolFields(t).some((f) => f.name === 'id' || f.name === 'name') && !toolFields(t).some((f) => f.required)) ?? routed);
      if (target) return finish(target, { ...argsFromItem(target, item, prev.tool), ...extractArgs(target, m) });
    }
  }

  if (routed) {
    let args = extractArgs(routed, m);
    if (prev && (followUp || (routed === prev.tool && Object.keys(args).length > 0))) args = carryOver(routed, prev, args);
    if (!forced && Object.keys(args).length === 0 && !missingFields(routed, args).length && !routed.inputSchema.safeParse({}).success) {
      // A lone generic word ("怎么样") with nothing to look up is not a request for this tool.
      if ((best?.score ?? 0) < WEAK_ROUTE) return prev && followUp ? finish(prev.tool, carryOver(prev.tool, prev, {})) : { kind: 'none' };
    }
    return finish(routed, args);
  }
  if (prev) {
    const args = extractArgs(prev.tool, m);
    if (followUp || Object.keys(args).length > 0) return finish(prev.tool, carryOver(prev.tool, prev, args));
  }
  return { kind: 'none' };
}

/** A route scoring below this (one short generic keyword) does not run a tool that needs arguments it lacks. */
const WEAK_ROUTE = 4;

function finish(tool: SiteTool, args: Record<string, unknown>): Plan {
  let missing = missingFields(tool, args);
  if (!missing.length) {
    // Requirements across fields ("name or id", "province+year or a university") show only when parsing.
    const parsed = tool.inputSchema.safeParse(args);
    if (!parsed.success && parsed.error.issues.every((i) => i.path.length === 0 || args[String(i.path[0])] === undefined)) {
      const text = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join(' ');
      const named = toolFields(tool).filter((f) => new RegExp(`\\b${f.name}\\b`).test(text));
      missing = named.length ? named : toolFields(tool).filter((f) => !f.required);
    }
  }
  if (missing.length) return { kind: 'ask', tool, missing, args };
  return { kind: 'tools', calls: [{ tool, args }] };
}

/** The plan of the last user message, with the state replayed from the earlier turns. */
export async function planConversation(messages: ChatMessage[], deps: PlanDeps, forcedTool: SiteTool | null = null): Promise<Plan> {
  let state: ToolState | null = null;
  let lastUser = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user') {
      lastUser = i;
      break;
    }
  }
  if (lastUser < 0) return { kind: 'none' };
  for (let i = 0; i < lastUser; i++) {
    const msg = messages[i]!;
    if (msg.role === 'user') {
      const plan = await planText(messageText(msg), state, { ...deps, itemsOf: deps.itemsOf }, null);
      if (plan.kind === 'tools') state = plan.calls[0]!;
      else if (plan.kind === 'ask') state = { tool: plan.tool, args: plan.args };
    } else if (msg.role === 'assistant' && msg.tool_calls?.length) {
      for (const call of msg.tool_calls) {
        const tool = deps.tools.find((t) => t.name === call.function.name);
        if (!tool) continue;
        try {
          const args = JSON.parse(call.function.arguments || '{}');
          if (args && typeof args === 'object' && !Array.isArray(args)) state = { tool, args };
        } catch {
          // a client's malformed history entry: keep the replayed state
        }
      }
    }
  }
  return planText(messageText(messages[lastUser]!), state, deps, forcedTool);
}
