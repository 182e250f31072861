// /health's state probe (src/http/state-probe.ts): under load /health was asked hundreds of times a second and each
// answer wrote a row to the state database. Now a burst of /health writes once, a good write stands for OK_FOR_MS,
// and a request that met the state database unavailable (any 503) makes the next /health write again. Time is
// frozen with a spy on Date.now, so a slow machine cannot turn "within OK_FOR_MS" into a second write.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { StateUnavailableError } from '../../src/errors.ts';
import { OK_FOR_MS, stateProbe } from '../../src/http/state-probe.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { forEachBackend } from '../helpers/state.ts';

forEachBackend('the /health state probe', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const probedAt = async () => (await t.ctx.state().db.selectFrom('health_probe').select('probed_at').execute()).map((r) => r.probed_at);

  it('writes once for a burst of /health, again after OK_FOR_MS, and again after a 503', async () => {
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const burst = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url: '/health' })));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(burst.every((r) => r.json().checks.state_write === 'ok')).toBe(true);
    const first = await probedAt();
    expect(first).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 5)); // a later write has a later probed_at
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
    expect(await probedAt()).toEqual(first);

    now += OK_FOR_MS;
    await t.app.inject({ url: '/health' });
    const second = await probedAt();
    expect(second).not.toEqual(first);

    // a request that met the state database unavailable (503) drops the good write (the hook in app.ts)
    await new Promise((r) => setTimeout(r, 5));
    const down = vi.spyOn(t.ctx, 'state').mockImplementation(() => {
      throw new StateUnavailableError();
    });
    const refused = await t.app.inject({ url: '/v1/usage', headers: t.auth });
    expect(refused.statusCode).toBe(503);
    down.mockRestore();
    await t.app.inject({ url: '/health' });
    expect(await probedAt()).not.toEqual(second);
  });

  it('shares one probe between the /health requests that arrive while it runs', async () => {
    const probe = stateProbe(t.ctx);
    probe.invalidate();
    const spy = vi.spyOn(t.ctx, 'state');
    await Promise.all([probe.check(), probe.check(), probe.check()]);
    // one read and one write, each asking for the store once
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
