// /api/v1/sync/status and /api/vip/plans: public, legacy envelope, and true to what the service does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DAILY_LIMIT, MAX_DAILY_LIMIT, MAX_EXPIRES_DAYS } from '../../src/access/keys.ts';
import { ENV_VARS } from '../../src/config.ts';
import { syncStatus } from '../../src/data/sync-status.ts';
import { LIMITS } from '../../src/users/throttle.ts';
import { CHUNK_BODY_MAX } from '../../src/http/routes/app-kb.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

describe('system endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('serve the sync status of the data database without credentials', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/sync/status' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ code: 200, message: 'success' });
    expect(body.data).toEqual(JSON.parse(JSON.stringify(syncStatus(t.ctx.dataDb()))));
    // universities/README.txt of the bundle: the 2025 national list has 2,919 institutions
    expect(body.data.datasets.find((d: { dataset: string }) => d.dataset === 'universities').served_rows).toBe(2919);
  });

  it('serve plans whose limits are the ones the code enforces, with no prices', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/vip/plans' });
    expect(r.statusCode).toBe(200);
    const { plans } = r.json().data;
    const byId = Object.fromEntries(plans.map((p: { id: string }) => [p.id, p]));
    expect(byId['api-key'].limits.daily_calls).toBe(DEFAULT_DAILY_LIMIT);
    expect(byId['api-key-custom'].how_to_get).toContain(`1 to ${MAX_DAILY_LIMIT.toLocaleString('en-US')}`);
    expect(byId['api-key-custom'].how_to_get).toContain(`1 to ${MAX_EXPIRES_DAYS.toLocaleString('en-US')}`);
    expect(byId['app-account'].limits.chunk_body_characters).toBe(CHUNK_BODY_MAX);
    expect(byId['app-account'].limits.login_attempts_per_account).toBe(`${LIMITS.account.attempts} per ${LIMITS.account.windowMs / 60_000} minutes, then a ${LIMITS.account.lockMs / 60_000}-minute lock-out`);
    expect(byId['app-account'].includes[0]).toContain(`default ${ENV_VARS.APP_TOKEN_TTL_HOURS.default} hours`);
    expect(JSON.stringify(plans)).not.toMatch(/price|¥|\$|元\/|per month|包月/i);
  });
});
