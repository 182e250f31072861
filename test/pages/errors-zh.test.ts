// The pages' Chinese for the service's refusals (src/pages/shared/errors-zh.js), on the service's real messages:
// each is produced here by the code that sends it (zod through parseInput, the password policy, the lock-out), so a
// change of wording on the service shows up as a failure here rather than as English on a page.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InputError, parseInput } from '../../src/errors.ts';
import { passwordProblem } from '../../src/users/passwords.ts';
import { LockedOutError } from '../../src/users/throttle.ts';
import { beijingTime, chineseError, minutes } from '../../src/pages/shared/errors-zh.js';

const english = /[A-Za-z]{3,}/;

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    const err = e as InputError;
    return { status: err.status, code: err.code, param: err.param, message: err.message };
  }
  throw new Error('expected a refusal');
}

describe('errors-zh', () => {
  it('zod refusals: the field named in Chinese with the rule', () => {
    const schema = z.object({ score: z.coerce.number().min(0).max(1000), province: z.string().min(1), q: z.string().max(50), nature: z.enum(['公办', '民办']) }).strict();
    const low = chineseError(refusal(() => parseInput(schema, { score: -1, province: 'x', q: 'a', nature: '公办' })));
    expect(low).toBe('分数：须不小于 0。');
    const many = chineseError(refusal(() => parseInput(schema, { score: 5, province: '', q: 'x'.repeat(51), nature: 'x' })));
    expect(many).toBe('省份：至少 1 个字；搜索词：最多 50 个字；办学性质：可选：公办、民办。');
    const missing = chineseError(refusal(() => parseInput(schema, { province: 'x', q: 'a', nature: '公办' })));
    expect(missing).toMatch(/^分数：/);
    for (const m of [low, many, missing]) expect(m).not.toMatch(english);
  });

  it('the password policy, a wrong password and the lock-out (Beijing time, minutes)', () => {
    const problem = passwordProblem('alice-long-password', 'alice')!;
    const weak = chineseError({ status: 400, code: 'weak_password', param: 'password', message: `password: ${problem}` });
    expect(weak).toBe('密码：不能包含用户名。密码须为 10–128 个字符，不能包含用户名，不能是同一个字符重复，也不能是常用密码。');
    expect(chineseError({ status: 400, code: 'weak_password', param: 'password', message: `password: ${passwordProblem('short', 'x')}` })).toMatch(/^密码：密码须为 10–128/);
    expect(chineseError({ status: 401, code: 'invalid_credentials', param: null, message: 'wrong user name or password' })).toBe('用户名或密码不对。');
    const now = Date.parse('2026-11-24T23:50:00Z');
    const locked = new LockedOutError('account', '2026-11-25T00:05:00.000Z', now);
    const text = chineseError({ status: locked.status, code: locked.code, param: null, message: locked.message, retryAfter: locked.headers['retry-after'] });
    expect(text).toBe('登录失败次数太多，已暂时锁定，请在北京时间 11月25日 08:05（约 15 分钟）之后再试。');
  });

  it('what cannot be mapped is said in general Chinese, never in English', () => {
    expect(chineseError({ status: 400, code: 'invalid_parameter', param: 'score', message: 'score: something new and unexpected' })).toBe('分数填写有误。');
    expect(chineseError({ status: 422, code: null, param: null, message: 'totally new' })).toBe('请求未被接受。');
    expect(chineseError({ status: 503, code: 'x', param: null, message: 'down' })).toBe('服务暂时不可用（503），请稍后再试。');
    expect(chineseError({ status: 429, code: 'rate_limited', param: null, message: 'slow down', retryAfter: '61' })).toBe('请求太频繁，请约 2 分钟后再试。');
    expect(chineseError({ status: 404, code: 'not_found', param: null, message: '数据中没有名为「炼金术」的专业' })).toBe('数据中没有名为「炼金术」的专业');
    expect(minutes(1)).toBe('约 1 分钟');
    expect(beijingTime('2026-11-24T16:00:00Z')).toBe('11月25日 00:00');
  });
});
