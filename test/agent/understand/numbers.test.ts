// Quantities as typed in chat; every expected value is the number the words themselves say.
import { describe, expect, it } from 'vitest';
import { chineseInteger, normalizeNumbers } from '../../../src/agent/understand/numbers.ts';

describe('chineseInteger', () => {
  it.each([
    ['六百', 600],
    ['六百二十三', 623],
    ['六百零五', 605],
    ['一万二', 12000],
    ['两千五', 2500],
    ['十五', 15],
    ['两万', 20000],
    ['十', 10],
  ])('%s = %i', (text, n) => expect(chineseInteger(text)).toBe(n));

  it('is NaN for anything else', () => expect(chineseInteger('abc')).toBeNaN());
});

describe('normalizeNumbers', () => {
  it.each([
    ['位次5万能上什么', '位次50000能上什么'],
    ['3.5万名', '35000名'],
    ['省排1w', '省排10000'],
    ['考了六百分', '考了600分'],
    ['五百多分', '500多分'],
    ['排名一万二左右', '排名12000左右'],
    ['前十的学校', '前10的学校'],
    ['第二所学校', '第2所学校'],
    ['下午三点生的', '下午3点生的'],
    ['吉大25年在吉林', '吉大2025年在吉林'],
    ['我98年3月2号', '我1998年3月2号'],
  ])('%s → %s', (text, out) => expect(normalizeNumbers(text)).toBe(out));

  it('leaves words, codes, lunar days and full years alone', () => {
    for (const text of ['一本线', '一分一段表', '985和211', '100201K是什么专业', '农历八月十五', '2024年', '近30年']) expect(normalizeNumbers(text)).toBe(text);
  });
});

describe('English number words (Recognizers-Text)', () => {
  it.each([
    ['what can I get with six hundred and twenty points in Henan', 'what can I get with 620 points in Henan'],
    ['rank fifty thousand in Henan physics', 'rank 50000 in Henan physics'],
    ['one of the best universities', 'one of the best universities'],
  ])('%s', (text, expected) => {
    expect(normalizeNumbers(text)).toBe(expected);
  });
});
