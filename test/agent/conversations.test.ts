// Runs the conversation suite (conversations.ts) through POST /v1/chat/completions with both engines: the built-in
// composer, and an upstream model (a scripted loopback server that restates the summaries of the tool results it
// was shown). Each turn must run exactly the expected tools with the expected arguments, and the answer must carry
// what the served API returns for the same call (POST /v1/tools/{name}): the upstream answer its summary, the
// offline answer the first paragraph the tool's own answer declaration writes from that served result (so chat and
// REST state the same facts); "not in the data" turns must say so, and no answer shows a bundle path or page= hint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTool, TOOLS } from '../../tools/index.ts';
import { outcomeText } from '../../src/agent/compose.ts';
import { answerFacets } from '../../src/agent/facets.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.ts';
import { CONVERSATIONS, type Conversation } from './conversations.ts';

let offline: TestApp;
let online: TestApp;
let up: FakeUpstream;

beforeAll(async () => {
  up = await startFakeUpstream();
  // The scripted model restates the summary of every tool result it was given after the last user message.
  up.otherwise((req) => {
    const msgs = req.body.messages as Array<{ role: string; content: string | null }>;
    const lastUser = msgs.map((m) => m.role).lastIndexOf('user');
    const summaries = msgs
      .slice(lastUser + 1)
      .filter((m) => m.role === 'tool')
      .map((m) => {
        const r = JSON.parse(m.content ?? '{}');
        return r.summary ?? r.name ?? r.error ?? '';
      });
    return { content: summaries.length ? summaries.join('\n') : '（没有调用工具）' };
  });
  offline = await startTestApp();
  online = await startTestApp({ config: { LLM_API_URL: up.url, LLM_CHAT_MODEL: 'scripted', LLM_API_KEY: 'k' } });
});
afterAll(async () => {
  await offline.close();
  await online.close();
  await up.close();
});

async function served(t: TestApp, tool: string, args: Record<string, unknown>): Promise<{ ok: boolean; body: any }> {
  const res = await t.app.inject({ method: 'POST', url: `/v1/tools/${tool}`, headers: t.auth, payload: args });
  return res.statusCode === 200 ? { ok: true, body: res.json() } : { ok: false, body: res.json().error.message };
}

/** What the answer must carry for one call: the served summary (upstream) or the declaration's first paragraph (offline). */
function expectedText(engine: 'offline' | 'upstream', tool: string, args: Record<string, unknown>, s: { ok: boolean; body: any }, question: string): string {
  if (!s.ok) return s.body;
  if (engine === 'upstream') return s.body.summary ?? s.body.name;
  const f = answerFacets(question);
  const text = outcomeText({ tool, args, ok: true, result: s.body, cached: false }, findTool(tool), { lang: f.lang, question, siteUrl: '', ...(f.count ? { count: f.count } : {}) });
  return text.split('\n\n')[0]!;
}

async function converse(t: TestApp, c: Conversation, engine: 'offline' | 'upstream') {
  const messages: Array<{ role: string; content: string }> = [];
  for (const turn of c.turns) {
    messages.push({ role: 'user', content: turn.user });
    const res = await t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: t.auth, payload: { model: 'svc', messages } });
    expect(res.statusCode, turn.user).toBe(200);
    const body = res.json();
    const answer: string = body.choices[0].message.content;
    const called: Array<{ tool: string; args: Record<string, unknown> }> = body.svc?.tools_called ?? [];
    expect(called.map((x) => x.tool), turn.user).toEqual(turn.tools);
    if (turn.args) expect(called[0]!.args, turn.user).toMatchObject(turn.args);
    for (const call of called) {
      const expected = expectedText(engine, call.tool, call.args, await served(t, call.tool, call.args), turn.user);
      expect(answer, `${turn.user} → ${call.tool}`).toContain(expected);
    }
    if (engine === 'offline') expect(answer, turn.user).not.toMatch(/page=\d|\.csv|\.gz\b|score_lines\/|rank_tables\//);
    if (turn.notInData) expect(answer, turn.user).toMatch(/数据中没有|没有找到|找到 0/);
    if (turn.says && engine === 'offline') expect(answer, turn.user).toMatch(turn.says);
    if (engine === 'upstream' && !turn.tools.length) expect(answer).toBe('（没有调用工具）');
    messages.push({ role: 'assistant', content: answer });
  }
}

describe('conversation suite', () => {
  it('has at least 60 conversations, and every registry tool is triggered by at least one', () => {
    expect(CONVERSATIONS.length).toBeGreaterThanOrEqual(60);
    const triggered = new Set(CONVERSATIONS.flatMap((c) => c.turns.flatMap((t) => t.tools)));
    expect(TOOLS.map((t) => t.name).filter((n) => !triggered.has(n))).toEqual([]);
  });

  describe('built-in composer (no upstream model)', () => {
    it.each(CONVERSATIONS.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      await converse(offline, c, 'offline');
    });
  });

  describe('upstream model', () => {
    it.each(CONVERSATIONS.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      await converse(online, c, 'upstream');
    });
  });
});
