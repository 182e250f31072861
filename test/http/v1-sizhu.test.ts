import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { refCase } from '../calc/sizhu/reference.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (payload: unknown, headers: Record<string, string> = t.auth) => t.app.inject({ method: 'POST', url: '/v1/sizhu', headers, payload: payload as object });

describe('POST /v1/sizhu', () => {
  it('requires a key', async () => {
    const res = await post(refCase('L01').input, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBeDefined();
  });

  it('returns the full chart: E04 (子时 after 立春 1984) under both conventions', async () => {
    const e = refCase('E04');
    const res = await post({ ...e.input, time_basis: 'china-standard' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const names = (b: { pillars: Record<string, { name: string }> }) => ['year', 'month', 'day', 'hour'].map((k) => b.pillars[k].name);
    expect(names(body)).toEqual(Object.values(e.expected.pillarsIfDayChangesAt23!));
    for (const k of ['conventions', 'five_elements', 'strength', 'favourable', 'pattern', 'palaces', 'relatives', 'relations', 'shen_sha', 'xun_kong', 'tai_yuan', 'ming_gong', 'shen_gong', 'luck', 'warnings', 'interpretation', 'summary']) {
      expect(body, k).toHaveProperty(k);
    }
    expect(body.luck.cycles[0].pillar).toBe(e.expected.luck.firstDaYun);
    const split = (await post({ ...e.input, time_basis: 'china-standard', zi_hour: 'split' })).json();
    expect(names(split)).toEqual(Object.values(e.expected.pillars));
    expect(split.conventions.zi_hour).toBe('split');
  });

  it.each([
    [{ year: 2023, month: 2, day: 29, hour: 8, minute: 0, sex: 'm' }, 'day'],
    [{ year: 2000, month: 1, day: 1, hour: 24, minute: 0, sex: 'm' }, 'hour'],
    [{ year: 1899, month: 1, day: 1, hour: 0, minute: 0, sex: 'm' }, 'year'],
    [{ year: 2000, month: 1, day: 1, hour: 0, minute: 0, sex: 'x' }, 'sex'],
    [{ year: '2000', month: 1, day: 1, hour: 0, minute: 0, sex: 'f' }, 'year'],
  ])('%o → 400 naming %s', async (payload, field) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const err = res.json().error;
    expect(err.param).toBe(field);
    expect(err.message).toContain(field);
  });
});
