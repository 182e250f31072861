import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.ts';
import { runTool } from '../../tools/run.ts';
import { findTool } from '../../tools/index.ts';
import { readBundle, tempYijingDb } from '../calc/yijing/fixture.ts';
import { testContext } from '../helpers/context.ts';

const { db, file } = tempYijingDb();
db.close();
const ctx = testContext({ DATA_DB: file });
afterAll(() => ctx.close());
const bundle = readBundle();

async function inputError(args: unknown): Promise<InputError> {
  try {
    await runTool('yijing', args, ctx);
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error('expected an InputError');
}

describe('yijing tool', () => {
  it('is registered with a bilingual title and a cultural-study description', () => {
    const tool = findTool('yijing')!;
    expect(tool.title).toMatch(/周易.*·.*Hexagram/);
    expect(tool.description).toMatch(/文化研究/);
    expect(tool.annotations.readOnlyHint).toBe(true);
  });

  it('casts the spec check value and summarises hexagrams and reading in one Chinese sentence', async () => {
    const r = (await runTool('yijing', { seed: 'hello', question: '今年考研' }, ctx)) as any;
    expect(r.method).toBe('coins');
    expect(r.line_values).toEqual([7, 9, 7, 6, 8, 7]); // spec/yijing.md check value
    expect(r.seed).toBe('hello');
    expect(r.algorithm).toBe('v1');
    expect(r.question).toBe('今年考研');
    // 7,9,7,6,8,7 → lines 111001 (bottom first): 山天大畜; moving 2 and 4 → 101101: 离为火.
    const daxu = bundle.hexagrams.find((h) => h.binary === '111001')!;
    expect(r.primary_hexagram.name).toBe(daxu.name);
    expect(r.changed_hexagram.name).toBe('离');
    expect(r.summary).toContain(`第${daxu.kingWen}卦${daxu.name}`);
    expect(r.summary).toContain('变卦为第30卦离');
    expect(r.summary).toContain(`主读${daxu.name}${daxu.lines[3]!.label}`);
    expect(r.summary).toContain(`兼看${daxu.name}${daxu.lines[1]!.label}`);
  });

  it('treats the yarrow and random methods and a numeric seed', async () => {
    const y = (await runTool('yijing', { method: 'yarrow', seed: 'hello' }, ctx)) as any;
    expect(y.line_values).toEqual([8, 8, 9, 8, 7, 8]); // spec/yijing.md check value
    expect(y.reading.moving_count).toBe(1);
    const r = (await runTool('yijing', { method: 'random', seed: 7 }, ctx)) as any;
    expect(r.seed).toBe('7');
    expect(r.moving_lines).toHaveLength(1);
    expect(await runTool('yijing', { method: 'random', seed: '7' }, ctx)).toEqual(r);
  });

  it('draws and returns a seed when none is given', async () => {
    const r = (await runTool('yijing', {}, ctx)) as any;
    expect(r.seed_drawn).toBe(true);
    const again = (await runTool('yijing', { seed: r.seed }, ctx)) as any;
    expect(again.line_values).toEqual(r.line_values);
    expect(again.summary).toBe(r.summary);
  });

  it('rejects bad input naming the field and the allowed values', async () => {
    const method = await inputError({ method: 'tarot' });
    expect(method.param).toBe('method');
    expect(method.message).toMatch(/"coins", "random", "yarrow"/);
    for (const seed of [{ a: 1 }, true, 1.5, [1]]) {
      const e = await inputError({ seed });
      expect(e.param).toBe('seed');
      expect(e.message).toMatch(/string .* or an integer/);
    }
    expect((await inputError({ seed: 'x'.repeat(201) })).param).toBe('seed');
    expect((await inputError({ question: '问'.repeat(501) })).param).toBe('question');
    expect((await inputError({ question: 3 })).param).toBe('question');
    expect((await inputError({ coins: 3 })).message).toMatch(/unknown field/);
  });
});

describe('yijing tool: a hexagram read by name', () => {
  it.each([['泰', 11], ['地天泰', 11], ['既济卦', 63], [2, 2]] as const)('%s is hexagram %i, its six lines still, its judgment the text to read', async (named, number) => {
    const r = (await runTool('yijing', { hexagram: named }, ctx)) as any;
    const h = bundle.hexagrams.find((x) => x.kingWen === number)!;
    expect(r.primary_hexagram).toMatchObject({ number, name: h.name, judgment: h.guaci });
    expect(r.moving_lines).toEqual([]);
    expect(r.changed_hexagram).toBeNull();
  });

  it('泰 is 小往大来，吉亨 (the received text)', async () => {
    const r = (await runTool('yijing', { hexagram: '泰' }, ctx)) as any;
    expect(r.primary_hexagram.judgment).toContain('小往大来');
  });

  it('乾 asked by name shows its 用九 (《周易·乾》：用九，见群龙无首，吉)', async () => {
    const r = (await runTool('yijing', { hexagram: '乾' }, ctx)) as any;
    const lead = findTool('yijing')!.answer!.lead(r, { args: { hexagram: '乾' }, lang: 'zh' } as never);
    expect(lead).toContain('用九');
    expect(lead).toContain('见群龙无首');
  });

  it('a name no hexagram has is a 400 naming the field', async () => {
    expect((await inputError({ hexagram: '大吉' })).param).toBe('hexagram');
    expect((await inputError({ hexagram: 65 })).param).toBe('hexagram');
  });
});
