// No request holds the event loop (issue 33: one steel-frame request blocked a node for 21 s, one chat request for
// half a minute): while the heaviest valid request of each CPU-bound route runs, /health keeps answering. Asserted
// without timings a loaded machine would break: /health must answer at least once before the heavy request
// finishes, which a handler holding the loop makes impossible (its answer would come only after). The latency
// itself (p99 of /health under load with these requests running) is in `npm run bench -- load`. And each heavy input
// is the most its route takes: just past each documented limit the route refuses (413 for a chat's characters, 400
// for a frame's or a simulation's size), naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../src/agent/request.ts';
import { MAX_DRAWS, MAX_TARGETS } from '../../src/data/mirofish.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { HEAVY_REQUESTS } from '../../bench/heavy-requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
});
afterAll(async () => {
  await t.close();
});

describe('the event loop under the heaviest request of each CPU-bound route', () => {
  it('the heavy requests are the heaviest each route takes: chat at its limits, mirofish at MAX_TARGETS × MAX_DRAWS', () => {
    expect(HEAVY_REQUESTS.map((h) => h.name)).toEqual(expect.arrayContaining(['chat', 'steel frame', 'steel frame (wide band)', 'match_by_score (cold)', 'mirofish', 'workbench (cold)']));
    const chat = HEAVY_REQUESTS.find((h) => h.name === 'chat')!.body as { messages: Array<{ content: string }> };
    expect(chat.messages.every((m) => m.content.length === INPUT_LIMITS.messageChars)).toBe(true);
    expect(chat.messages.length * INPUT_LIMITS.messageChars).toBeLessThanOrEqual(INPUT_LIMITS.requestChars);
    expect((chat.messages.length + 1) * INPUT_LIMITS.messageChars).toBeGreaterThan(INPUT_LIMITS.requestChars);
    const mirofish = HEAVY_REQUESTS.find((h) => h.name === 'mirofish')!.body as { targets: string[]; draws: number };
    expect(mirofish).toMatchObject({ draws: MAX_DRAWS });
    expect(mirofish.targets).toHaveLength(MAX_TARGETS);
  });

  // the input is bounded: just past each documented limit the route refuses before doing the work, naming the field
  for (const heavy of HEAVY_REQUESTS) {
    for (const over of heavy.over) {
      it(`${heavy.name}: ${over.what} is ${over.status} naming ${over.param}`, async () => {
        const r = await fetch(`${t.url}${over.path ?? heavy.path}`, { method: heavy.method, headers: { ...t.auth, 'content-type': 'application/json' }, body: JSON.stringify(over.body) });
        const body = (await r.json()) as { error: { param: string | null } };
        expect(r.status, JSON.stringify(body).slice(0, 300)).toBe(over.status);
        expect(body.error.param).toBe(over.param);
      });
    }
  }

  for (const heavy of HEAVY_REQUESTS) {
    it(`/health answers while ${heavy.name} runs`, async () => {
      let done = false;
      const started = fetch(`${t.url}${heavy.path}`, { method: heavy.method, headers: { ...t.auth, 'content-type': 'application/json' }, body: heavy.body === undefined ? undefined : JSON.stringify(heavy.body) }).then(async (r) => {
        const text = await r.text();
        done = true;
        return { status: r.status, text };
      });
      let answeredDuring = 0;
      while (!done) {
        const h = await fetch(`${t.url}/health`);
        expect(h.status).toBe(200);
        await h.arrayBuffer();
        if (!done) answeredDuring++;
      }
      const r = await started;
      expect(heavy.expect, r.text.slice(0, 300)).toContain(r.status);
      expect(answeredDuring, `${heavy.name} held the event loop: /health never answered before it finished`).toBeGreaterThan(0);
    });
  }
});
