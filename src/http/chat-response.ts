// Answering an OpenAI chat request, shared by /v1/chat/completions and /llm/chat/completions: a chat.completion
// object, or a stream exactly as OpenAI sends it (role chunk, content deltas, final chunk with finish_reason and the
// receipt, usage chunk when asked, [DONE]) with keep-alive comments while tools run. The receipt header
// `x-<brand>-tools` lists the tools; in a stream it lists those chosen before the answer starts (the final chunk's
// receipt lists every call). A client that disconnects aborts the work (and the upstream request).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import type { AgentEvents, AgentResult } from '../agent/loop.ts';
import { completionBody, completionIds, sse, type Usage } from '../agent/sse.ts';
import type { ReceiptEntry } from '../agent/tools.ts';
import { ClientAbort } from '../agent/upstream.ts';
import { errorBody } from './plugins/errors.ts';

/** Milliseconds between keep-alive comments while the answer is being prepared. */
export const KEEPALIVE_MS = 10_000;

export interface ChatAnswerOptions {
  ctx: ServiceContext;
  stream: boolean;
  includeUsage: boolean;
  run(signal: AbortSignal, events: AgentEvents): Promise<AgentResult>;
  /** called once with the request's token usage when the answer is complete */
  onUsage?(usage: Usage): void;
}

export function toolsHeader(brand: string): string {
  return `x-${brand}-tools`;
}

export function receiptOf(ctx: ServiceContext, receipt: ReceiptEntry[]): Record<string, unknown> {
  return receipt.length ? { [ctx.config.brand]: { site: ctx.config.siteUrl, tools_called: receipt } } : {};
}

function toolNames(receipt: ReceiptEntry[]): string {
  return [...new Set(receipt.map((r) => r.tool))].join(', ');
}

/** Resolves to the chat.completion body, or to the reply once a stream has been written (Fastify sends nothing more). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- either the declared body or the hijacked reply
export async function answerChat(request: FastifyRequest, reply: FastifyReply, opts: ChatAnswerOptions): Promise<any> {
  const { ctx } = opts;
  const abort = new AbortController();
  let finished = false;
  reply.raw.on('close', () => {
    if (!finished) abort.abort();
  });
  const ids = completionIds(ctx.config.brand);
  const header = toolsHeader(ctx.config.brand);

  if (!opts.stream) {
    try {
      const result = await opts.run(abort.signal, {});
      finished = true;
      opts.onUsage?.(result.usage);
      if (result.receipt.length) reply.header(header, toolNames(result.receipt));
      return completionBody(ids, { content: result.content, tool_calls: result.toolCalls }, result.finish, result.usage, receiptOf(ctx, result.receipt));
    } catch (err) {
      finished = true;
      if (err instanceof ClientAbort) {
        // nobody is listening any more
        reply.hijack();
        reply.raw.destroy();
        return reply;
      }
      throw err;
    }
  }

  reply.hijack();
  const raw = reply.raw;
  const usageNull = opts.includeUsage;
  let keepalive: NodeJS.Timeout | null = null;
  const write = (s: string) => {
    if (!raw.destroyed && !raw.writableEnded) raw.write(s);
  };
  const head = (tools: string[]) => {
    if (raw.headersSent) return;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      ...(tools.length ? { [header]: [...new Set(tools)].join(', ') } : {}),
    });
    write(sse.role(ids, usageNull));
    keepalive = setInterval(() => write(sse.comment('keep-alive')), KEEPALIVE_MS);
    keepalive.unref();
  };
  const events: AgentEvents = {
    onPlan: (tools) => head(tools),
    onToolStart: (tool) => {
      head([tool]);
      write(sse.comment(`running ${tool}`));
    },
    onDelta: (text) => {
      head([]);
      write(sse.content(ids, text, usageNull));
    },
  };
  try {
    const result = await opts.run(abort.signal, events);
    head([]);
    if (result.toolCalls.length) write(sse.toolCalls(ids, result.toolCalls, usageNull));
    write(sse.finish(ids, result.finish, receiptOf(ctx, result.receipt), usageNull));
    if (opts.includeUsage) write(sse.usage(ids, result.usage));
    write(sse.done);
    opts.onUsage?.(result.usage);
  } catch (err) {
    if (!(err instanceof ClientAbort)) {
      const e =
        err instanceof ServiceError
          ? errorBody(err.message, err.type, err.code, err.param)
          : errorBody(`internal error (request ${request.id}); it has been logged`, 'server_error', 'internal_error');
      if (!(err instanceof ServiceError)) request.log.error({ err }, 'chat stream failed');
      if (!raw.headersSent) {
        const status = err instanceof ServiceError ? err.status : 500;
        raw.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        raw.end(JSON.stringify(e));
      } else {
        write(sse.data(e));
        write(sse.done);
      }
    }
  } finally {
    finished = true;
    if (keepalive) clearInterval(keepalive);
    if (!raw.writableEnded) raw.end();
  }
  return reply;
}
