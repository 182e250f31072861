// Each prompt runs the real engine with the user's arguments; a wrong argument is an InputError naming it.
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.ts';
import { enumValues, PROMPTS } from '../../src/mcp/prompts.ts';
import { findTool } from '../../tools/index.ts';
import { testContext } from '../helpers/context.ts';

const ctx = testContext();
afterAll(() => ctx.close());
const prompt = (name: string) => PROMPTS.find((p) => p.name === name)!;

describe('prompts', () => {
  it('gaokao_plan embeds match_by_score for the score and province (rank and labels included)', async () => {
    const text = await prompt('gaokao_plan').get({ score: '600', province: '河南省', subject_type: '理科', year: '2024' }, ctx);
    expect(text).toContain('我是河南省考生，高考 600 分');
    const json = JSON.parse(text.split('```json\n')[1]!.split('\n```')[0]!);
    expect(json.province).toBe('河南');
    expect(json.year).toBe(2024);
    expect(json.items.length).toBeGreaterThan(0);
    for (const item of json.items) expect(['冲', '稳', '保']).toContain(item.label);
  });

  it('sizhu_reading casts the chart from "YYYY-MM-DD HH:mm" and refuses other forms naming the argument', async () => {
    const text = await prompt('sizhu_reading').get({ birth: '1990-05-17 08:30', sex: 'm' }, ctx);
    expect(text).toContain('文化参考');
    expect(JSON.parse(text.split('```json\n')[1]!.split('\n```')[0]!).pillars.year.name).toBe('庚午'); // 1984 is 甲子 (GB/T 33661-2017 干支纪年); 1990, six years on, is 庚午 after 立春
    await expect(prompt('sizhu_reading').get({ birth: '17/05/1990', sex: 'm' }, ctx)).rejects.toThrow(/argument "birth"/);
    await expect(prompt('sizhu_reading').get({ birth: '1990-05-17 08:30', sex: 'x' }, ctx)).rejects.toBeInstanceOf(InputError);
  });

  it('beam_check runs the GB 50010 beam calculation and names a non-numeric argument', async () => {
    const text = await prompt('beam_check').get({ moment: '150', b: '250', h: '500' }, ctx);
    const result = JSON.parse(text.split('```json\n')[1]!.split('\n```')[0]!);
    expect(result.kind).toBe('beam');
    expect(result.steps.length).toBeGreaterThan(3);
    await expect(prompt('beam_check').get({ moment: 'abc', b: '250', h: '500' }, ctx)).rejects.toThrow(/argument "moment" must be a number/);
  });

  it('argument completion of tool enums comes from the tool schema itself', () => {
    const sex = prompt('sizhu_reading').arguments.find((a) => a.name === 'sex')!;
    expect(sex.complete!('', ctx, {})).toEqual(enumValues(findTool('sizhu')!.inputSchema, 'sex'));
    const grade = prompt('beam_check').arguments.find((a) => a.name === 'concrete_grade')!;
    expect(grade.complete!('3', ctx, {})).toEqual(['30', '35']);
  });
});
