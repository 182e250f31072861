// The assistant: (1) the service's own time per chat round — a /v1/chat/completions round through the openai SDK
// with an upstream model (the scripted loopback model) minus the same SDK call made directly to that model, tools
// answered from the cache, so what remains is everything but the upstream and the tools; (2) time to the first
// streamed content byte through the service vs directly from the upstream (which waits 50 ms before its first
// byte); (3) an offline-composer answer including its tools (cache off), over a rotation of questions; (4) the
// understanding alone (numbers, names against the data, intents, the conversation's memory) over questions the way
// users type them, next to the keyword router it replaced on the same questions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import OpenAI from 'openai';
import { issueKey } from '../src/access/keys.ts';
import { runAgent } from '../src/agent/loop.ts';
import { routeAll } from '../src/agent/router.ts';
import { understandConversation } from '../src/agent/understand/understand.ts';
import type { ChatMessage } from '../src/agent/request.ts';
import { TOOLS } from '../tools/index.ts';
import { MemoryToolCallCache } from '../src/agent/tool-cache.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { buildApp } from '../src/http/app.ts';
import { startFakeUpstream } from '../test/helpers/fake-upstream.ts';
import type { BenchHarness, BenchRow } from './harness.ts';

const QUESTIONS = [
  '河南 2025 年物理类 600 分排多少名？',
  '北京大学 2024 年在河南的录取分数线',
  '介绍一下哈工大',
  '北京有哪些 985 大学？',
  '江苏 2024 年本科线是多少？',
  '浙江大学有哪些 A+ 专业？',
  '计算机科学与技术专业怎么样？',
  '河南物理类 600 分能上什么大学？',
  '帮我排一下八字：1990年5月15日早上8点30分出生，男',
  '你好',
  '河南物理类位次5万能上什么大学',
  '河南2024年一本线多少？郑州大学2024年理科最低分多少？',
];

/** Conversations as users type them (issue 21): numbers in words, nicknames, typos, several questions, follow-ups. */
const UNDERSTAND: string[][] = [
  ['郑州大学2024年河南理科最低分多少'],
  ['河南物理类位次5万能上什么大学'],
  ['计算机科学与技术专业哪些学校是A+'],
  ['080901是什么专业'],
  ['河南2024年一本线多少？郑州大学2024年理科最低分多少？'],
  ['河南物理类位次2万', '能上什么大学？'],
  ['介绍一下郑州大学', '它的计算机专业呢？'],
  ['上交和郑洲大学哪个好'],
  ['2005年农历八月十五晚上9点出生的男孩八字'],
  ['C30梁250×500，M=180kN·m，HRB400'],
  ['河南物理600分，想学法学，想留在省内，只看211'],
  ['What is the cutoff score of Peking University in Henan 2024?'],
];

async function firstContentMs(url: string, headers: Record<string, string>, body: unknown): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  let at = NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    if (Number.isNaN(at) && /"content":"[^"]/.test(buf)) at = performance.now() - t;
  }
  return at;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export default async function chat(h: BenchHarness): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-bench-chat-'));
  const up = await startFakeUpstream();
  up.otherwise({ content: '这是上游模型的回答，长度适中。', usage: { prompt_tokens: 100, completion_tokens: 20 } });
  const config = loadConfig(process.env, { LOG_LEVEL: 'silent', STATE_DB: path.join(dir, 'state.db'), LLM_API_URL: up.url, LLM_CHAT_MODEL: 'bench', LLM_API_KEY: 'k' });
  const ctx = createContext(config);
  const { key } = await issueKey(await ctx.openState(), config.keyPrefix, { name: 'bench', daily_limit: 100_000_000 });
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  try {
    const direct = new OpenAI({ baseURL: up.url, apiKey: 'k', maxRetries: 0 });
    const viaService = new OpenAI({ baseURL: `${base}/v1`, apiKey: key, maxRetries: 0 });
    const messages = [{ role: 'user' as const, content: '河南 2025 年物理类 600 分排多少名？' }];
    const n = h.quick ? 100 : 800;
    // The baseline sends the upstream exactly what the service sends it (site prompt, tool results, function specs).
    await viaService.chat.completions.create({ model: 'svc', messages });
    const sent = up.requests[up.requests.length - 1]!.body;
    const upstreamOnly = await h.latency(() => direct.chat.completions.create(sent as never), n);
    const round = await h.latency(() => viaService.chat.completions.create({ model: 'svc', messages }), n);
    const own = round.p50 - upstreamOnly.p50;
    rows.push({ name: 'chat round via the service, p50 (openai SDK, cached tools)', figure: round.p50, unit: 'ms', better: 'lower', baseline: { name: 'the same upstream request sent straight to it', figure: upstreamOnly.p50 } });
    rows.push({ name: "service's own time per chat round, p50 (round − upstream)", figure: own, unit: 'ms', better: 'lower', target: '≤ 5 ms', pass: own <= 5 });
    // CPU time per round of this whole process (client, service, scripted upstream), which other processes' load
    // barely moves: the service's share is the difference to the direct call.
    const cpuPerCall = async (fn: () => Promise<unknown>) => {
      const before = process.cpuUsage();
      for (let k = 0; k < n; k++) await fn();
      const d = process.cpuUsage(before);
      return (d.user + d.system) / 1000 / n;
    };
    const cpuDirect = await cpuPerCall(() => direct.chat.completions.create(sent as never));
    const cpuRound = await cpuPerCall(() => viaService.chat.completions.create({ model: 'svc', messages }));
    rows.push({ name: "service's own CPU time per chat round (round − upstream)", figure: cpuRound - cpuDirect, unit: 'ms', better: 'lower', baseline: { name: 'CPU of the direct upstream call', figure: cpuDirect } });

    up.otherwise({ content: '流式回答的第一段，然后还有更多内容。', delayMs: 50 });
    const reps = h.quick ? 5 : 40;
    await firstContentMs(`${base}/v1/chat/completions`, { authorization: `Bearer ${key}` }, { model: 'svc', stream: true, messages });
    const sentStream = up.requests[up.requests.length - 1]!.body;
    const directFirst: number[] = [];
    const serviceFirst: number[] = [];
    for (let i = 0; i < reps; i++) {
      // the same streamed request the service sends the upstream (site prompt, tool results, function specs)
      directFirst.push(await firstContentMs(`${up.url}/chat/completions`, { authorization: 'Bearer k' }, { ...sentStream, stream: true }));
      serviceFirst.push(await firstContentMs(`${base}/v1/chat/completions`, { authorization: `Bearer ${key}` }, { model: 'svc', stream: true, messages }));
    }
    const ttfb = median(serviceFirst) - median(directFirst);
    rows.push({ name: 'first streamed content byte via the service, median', figure: median(serviceFirst), unit: 'ms', better: 'lower', baseline: { name: "upstream's own first byte (50 ms delay)", figure: median(directFirst) } });
    rows.push({ name: 'first streamed byte: service − upstream', figure: ttfb, unit: 'ms', better: 'lower', target: '≤ 5 ms', pass: ttfb <= 5 });
  } finally {
    await app.close();
    await up.close();
  }

  const offlineCtx = createContext(loadConfig(process.env, { LOG_LEVEL: 'silent', STATE_DB: path.join(dir, 'offline.db') }));
  const noCache = new MemoryToolCallCache(0);
  let i = 0;
  const offline = await h.latency(
    () => runAgent({ messages: [{ role: 'user', content: QUESTIONS[i++ % QUESTIONS.length]! }] }, { ctx: offlineCtx, cache: noCache, upstream: null, keyId: null }),
    h.quick ? 100 : 1000,
  );
  rows.push({ name: 'offline-composer answer including its tools, p50 (10 questions, no cache)', figure: offline.p50, unit: 'ms', better: 'lower', target: '≤ 30 ms', pass: offline.p50 <= 30 });
  rows.push({ name: 'offline-composer answer including its tools, p99', figure: offline.p99, unit: 'ms', better: 'lower' });

  const db = offlineCtx.dataDb();
  const conversations = UNDERSTAND.map((turns) => turns.flatMap((t, k): ChatMessage[] => (k ? [{ role: 'assistant', content: '…' }, { role: 'user', content: t }] : [{ role: 'user', content: t }])));
  const deps = { tools: TOOLS, db, itemsOf: async () => [] };
  let j = 0;
  const router = await h.latency(() => {
    const turns = UNDERSTAND[j++ % UNDERSTAND.length]!;
    for (const t of turns) routeAll(t, TOOLS);
  }, h.quick ? 200 : 3000);
  j = 0;
  const understanding = await h.latency(() => understandConversation(conversations[j++ % conversations.length]!, deps), h.quick ? 200 : 3000);
  rows.push({
    name: `understanding alone, p50 (${UNDERSTAND.length} conversations: 5万, nicknames, typos, several questions, follow-ups)`,
    figure: understanding.p50,
    unit: 'ms',
    better: 'lower',
    target: '≤ 2 ms',
    pass: understanding.p50 <= 2,
    baseline: { name: 'the keyword router alone on the same turns', figure: router.p50 },
  });
  rows.push({ name: 'understanding alone, p99', figure: understanding.p99, unit: 'ms', better: 'lower' });
  offlineCtx.close();
  ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}
