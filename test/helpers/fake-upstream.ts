// A scripted upstream model for tests: a real HTTP server on loopback that speaks the OpenAI chat-completions
// protocol (JSON and SSE), answering each request with the next scripted step — text, tool calls, an HTTP error,
// malformed JSON, a stream cut mid-way, or silence (for timeouts). It records every request it receives.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Reply =
  | { content: string; delayMs?: number; usage?: { prompt_tokens: number; completion_tokens: number } | null; chunkDelayMs?: number }
  | { toolCalls: Array<{ name: string; arguments: string; id?: string }>; content?: string }
  | { status: number; body?: string }
  | { malformed: true }
  | { cut: true; content?: string }
  | { hang: true }
  /** headers and a first chunk (a JSON answer: its first bytes), then nothing more, without closing */
  | { stall: true; content: string };

/** One scripted reply, or a function of the request that returns one. */
export type Step = Reply | ((req: UpstreamRequest) => Reply);

export interface UpstreamRequest {
  body: Record<string, any>;
  headers: http.IncomingHttpHeaders;
  /** resolved when the client closes the connection (abort) */
  closed: Promise<void>;
}

export interface FakeUpstream {
  url: string;
  requests: UpstreamRequest[];
  script(...steps: Step[]): void;
  /** the step used when the script is empty (default: a fixed text) */
  otherwise(step: Step): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeUpstream(): Promise<FakeUpstream> {
  let steps: Step[] = [];
  let fallback: Step = { content: 'no more scripted replies' };
  const requests: UpstreamRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    let closedResolve!: () => void;
    const closed = new Promise<void>((r) => (closedResolve = r));
    res.on('close', () => closedResolve());
    const record: UpstreamRequest = { body: raw ? JSON.parse(raw) : {}, headers: req.headers, closed };
    requests.push(record);
    const next = steps.shift() ?? fallback;
    const step: Reply = typeof next === 'function' ? next(record) : next;
    const stream = record.body.stream === true;
    const base = { id: `chatcmpl-up${requests.length}`, created: 1_700_000_000, model: record.body.model };
    if ('hang' in step) return; // never answers
    if ('status' in step) {
      res.writeHead(step.status, { 'content-type': 'application/json' });
      return res.end(step.body ?? JSON.stringify({ error: { message: 'upstream internal detail: db password=hunter2', type: 'server_error' } }));
    }
    if ('malformed' in step) {
      res.writeHead(200, { 'content-type': stream ? 'text/event-stream' : 'application/json' });
      return res.end(stream ? 'data: {"id": "x", "choices": [{"delta": {"content": "半\n\n' : '{"id": "x", "choices": [');
    }
    if ('stall' in step) {
      if (!stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id": "stalled", ');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: step.content }, finish_reason: null }] })}\n\n`);
      return;
    }
    if ('cut' in step) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: step.content ?? '部分' }, finish_reason: null }] })}\n\n`);
      await sleep(20);
      return req.socket.destroy();
    }
    if ('toolCalls' in step) {
      const calls = step.toolCalls.map((c, i) => ({ id: c.id ?? `call_${requests.length}_${i}`, type: 'function', function: { name: c.name, arguments: c.arguments } }));
      if (!stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: step.content ?? null, tool_calls: calls }, finish_reason: 'tool_calls' }], usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 } }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null) => res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
      chunk({ role: 'assistant', content: null }, null);
      calls.forEach((c, index) => {
        chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } }] }, null);
        const half = Math.floor(c.function.arguments.length / 2);
        chunk({ tool_calls: [{ index, function: { arguments: c.function.arguments.slice(0, half) } }] }, null);
        chunk({ tool_calls: [{ index, function: { arguments: c.function.arguments.slice(half) } }] }, null);
      });
      chunk({}, 'tool_calls');
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 } })}\n\n`);
      return res.end('data: [DONE]\n\n');
    }
    const usage = step.usage === null ? undefined : { ...(step.usage ?? { prompt_tokens: 100, completion_tokens: 20 }), total_tokens: (step.usage?.prompt_tokens ?? 100) + (step.usage?.completion_tokens ?? 20) };
    if (step.delayMs) await sleep(step.delayMs);
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: step.content }, finish_reason: 'stop' }], ...(usage ? { usage } : {}) }));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: object, finish: string | null) => res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    chunk({ role: 'assistant', content: '' }, null);
    for (const piece of step.content.match(/[\s\S]{1,4}/g) ?? []) {
      if (res.destroyed) return;
      chunk({ content: piece }, null);
      if (step.chunkDelayMs) await sleep(step.chunkDelayMs);
    }
    chunk({}, 'stop');
    if (usage && record.body.stream_options?.include_usage) res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...s) => {
      steps = s;
    },
    otherwise: (s) => {
      fallback = s;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
