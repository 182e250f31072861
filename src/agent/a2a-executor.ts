// The A2A agent: the same agent loop behind the A2A 0.3 JSON-RPC methods (message/send, message/stream, tasks/get,
// tasks/cancel) served with the official @a2a-js/sdk server pieces. A message's text parts are the user's turn; the
// earlier turns of the same contextId are kept (per node, bounded) so follow-ups work as in chat. A data part
// {"skill": "<tool>", "arguments": {…}} runs that skill (a site tool) directly. The answer is a task that completes
// with an artifact carrying the text and, as data, the tool receipt and each tool's result.
import { randomUUID } from 'node:crypto';
import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import type { Message, Part, TaskState } from '@a2a-js/sdk';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { findTool } from '../../tools/index.ts';
import type { Assistant } from './assistant.ts';
import type { ChatMessage } from './request.ts';
import { createToolRunner } from './tools.ts';
import { ClientAbort } from './upstream.ts';

const MAX_CONTEXTS = 1000;
const MAX_TURNS = 20;

export function partsText(parts: Part[]): string {
  return parts
    .filter((p) => p.kind === 'text')
    .map((p) => (p as { text: string }).text)
    .join('\n');
}

export class SiteAgentExecutor implements AgentExecutor {
  private readonly running = new Map<string, { abort: AbortController; contextId: string }>();
  private readonly contexts = new Map<string, ChatMessage[]>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly assistant: Assistant,
  ) {}

  async execute(rc: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId, userMessage } = rc;
    const keyId = rc.context?.user?.isAuthenticated ? rc.context.user.userName : null;
    const status = (state: TaskState, final: boolean, message?: Message) =>
      bus.publish({ kind: 'status-update', taskId, contextId, status: { state, timestamp: new Date().toISOString(), ...(message ? { message } : {}) }, final });
    const agentMessage = (parts: Part[]): Message => ({ kind: 'message', messageId: randomUUID(), role: 'agent', parts, taskId, contextId });

    if (!rc.task) {
      bus.publish({ kind: 'task', id: taskId, contextId, status: { state: 'submitted', timestamp: new Date().toISOString() }, history: [userMessage] });
    }
    status('working', false);
    const abort = new AbortController();
    this.running.set(taskId, { abort, contextId });
    try {
      const skill = userMessage.parts.find((p) => p.kind === 'data' && typeof (p as { data: Record<string, unknown> }).data.skill === 'string') as
        | { data: { skill: string; arguments?: Record<string, unknown> } }
        | undefined;
      let text: string;
      let data: Record<string, unknown>;
      if (skill) {
        if (!findTool(skill.data.skill)) throw new ServiceError(`unknown skill "${skill.data.skill}"; see the agent card's skills`, 400, 'invalid_request_error', 'unknown_skill', 'skill');
        const runner = createToolRunner(this.ctx, this.assistant.cache, keyId);
        const o = await runner.run(skill.data.skill, skill.data.arguments ?? {});
        text = o.ok ? String((o.result as { summary?: unknown })?.summary ?? `${o.tool} done`) : `${o.tool}: ${o.error}`;
        data = { tools_called: runner.receipt, results: [{ tool: o.tool, ok: o.ok, result: o.result ?? null, error: o.error ?? null }] };
        if (!o.ok) {
          status('failed', true, agentMessage([{ kind: 'text', text }]));
          return;
        }
      } else {
        const history = this.contexts.get(contextId) ?? [];
        const messages: ChatMessage[] = [...history, { role: 'user', content: partsText(userMessage.parts) }];
        const r = await this.assistant.run({ messages }, { keyId, signal: abort.signal });
        text = r.content ?? '';
        data = { tools_called: r.receipt, results: r.outcomes.map((o) => ({ tool: o.tool, ok: o.ok, summary: (o.result as { summary?: string } | undefined)?.summary ?? o.error ?? null })) };
        this.remember(contextId, [...messages, { role: 'assistant', content: text }]);
      }
      if (abort.signal.aborted) return;
      bus.publish({
        kind: 'artifact-update',
        taskId,
        contextId,
        artifact: { artifactId: randomUUID(), name: 'answer', parts: [{ kind: 'text', text }, { kind: 'data', data: { site: this.ctx.config.siteUrl, ...data } }] },
        lastChunk: true,
      });
      status('completed', true, agentMessage([{ kind: 'text', text }]));
    } catch (err) {
      if (err instanceof ClientAbort || abort.signal.aborted) return;
      const message = err instanceof ServiceError ? err.message : 'the agent failed; the error has been logged';
      status('failed', true, agentMessage([{ kind: 'text', text: message }]));
    } finally {
      this.running.delete(taskId);
      bus.finished();
    }
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const run = this.running.get(taskId);
    run?.abort.abort();
    bus.publish({ kind: 'status-update', taskId, contextId: run?.contextId ?? '', status: { state: 'canceled', timestamp: new Date().toISOString() }, final: true });
    bus.finished();
  }

  private remember(contextId: string, messages: ChatMessage[]): void {
    this.contexts.delete(contextId);
    this.contexts.set(contextId, messages.slice(-MAX_TURNS * 2));
    while (this.contexts.size > MAX_CONTEXTS) this.contexts.delete(this.contexts.keys().next().value!);
  }
}
