// No request holds the event loop (issue 33: one steel-frame request blocked a node for 21 s, one chat request for
// half a minute): while the heaviest valid request of each CPU-bound route runs, /health keeps answering. Asserted
// without timings a loaded machine would break: /health must answer at least once before the heavy request
// finishes, which a handler holding the loop makes impossible (its answer would come only after). The latency
// itself (p99 of /health under load with these requests running) is in `npm run bench -- load`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../src/agent/request.ts';
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
  it('every heavy request is one the route accepts (or refuses only after doing its work)', () => {
    expect(HEAVY_REQUESTS.map((h) => h.name)).toEqual(expect.arrayContaining(['chat', 'steel frame', 'match_by_score (cold)', 'mirofish', 'workbench (cold)']));
    expect(INPUT_LIMITS.messageChars).toBeGreaterThan(0);
  });

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
