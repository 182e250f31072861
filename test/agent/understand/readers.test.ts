// The smaller readers: majors (expected names from the catalogue rows by code), lunar dates (the calendar's
// Mid-Autumn Festival of 2005 fell on 18 September 2005), 今年 in China, concrete phrasing (the steel keys are the
// calculator schema's: HRB400 → 360), constraints, and the language of a message.
import { describe, expect, it } from 'vitest';
import { chinaYear, lunarBirth, relativeYears } from '../../../src/agent/understand/calendar.ts';
import { readConcrete } from '../../../src/agent/understand/concrete.ts';
import { readConstraints } from '../../../src/agent/understand/constraints.ts';
import { findMajors } from '../../../src/agent/understand/majors.ts';
import { greetingKind, languageOf } from '../../../src/agent/understand/smalltalk.ts';
import { sentences } from '../../../src/agent/understand/split.ts';
import { realDb } from '../../data/helpers.ts';

const byCode = (code: string) => realDb().prepare('SELECT name FROM majors WHERE code = ?').pluck().get(code) as string;

describe('findMajors', () => {
  it('reads catalogue codes, 专业类 and names, and keeps an unknown major as written', () => {
    expect(findMajors('080901是什么专业', realDb())).toMatchObject([{ name: byCode('080901'), how: 'code' }]);
    expect(findMajors('100201K是什么专业', realDb())).toMatchObject([{ name: byCode('100201K'), how: 'code' }]);
    expect(findMajors('有哪些计算机类专业', realDb())).toMatchObject([{ name: '计算机类', how: 'subcategory' }]);
    expect(findMajors('□魔法学专业排名', realDb())).toEqual([{ written: '魔法学', name: '魔法学', how: 'unknown', code: null }]);
    expect(findMajors('想学法学', realDb())[0]!.name).toBe('法学');
  });
});

describe('calendar', () => {
  it('converts a lunar birth date to the Gregorian one and keeps the time for the chart', () => {
    expect(lunarBirth('2005年农历八月十五晚上9点出生')).toMatchObject({ year: 2005, month: 9, day: 18, text: '2005年9月18日晚上9点出生' });
    expect(lunarBirth('1990年5月15日')).toBeNull();
  });

  it('reads 今年 / 去年 by the date in China, not the server clock', () => {
    const newYearInChina = new Date('2026-12-31T17:00:00Z');
    expect(chinaYear(newYearInChina)).toBe(2027);
    expect(relativeYears('今年和去年', newYearInChina)).toEqual([2027, 2026]);
  });
});

describe('readConcrete', () => {
  it('reads the beam of the issue into the calculator request', () => {
    expect(readConcrete('C30梁250×500，M=180kN·m，HRB400')).toEqual({ kind: 'beam', params: { b: 250, h: 500, moment: 180, concrete_grade: 30, steel_grade: 360 } });
  });

  it('reads stirrups and bar counts', () => {
    expect(readConcrete('梁抗剪 V=150kN b=250 h=500 箍筋φ8@200 双肢')).toEqual({ kind: 'shear', params: { V: 150, b: 250, h: 500, dia: 8, legs: 2, spacing: 200 } });
    // 3 bars of 20 mm: 3·π·20²/4 = 942.5 mm²
    expect(readConcrete('裂缝宽度验算 M=80 b=200 h=450 3根20 保护层25')?.params).toMatchObject({ As: 942, dia: 20, cover: 25 });
  });
});

describe('constraints, language, greetings, sentences', () => {
  it('reads what a family wants filtered', () => {
    expect(readConstraints('物化生 想学法学 想留在省内 只看211', ['法学'])).toEqual({ inProvince: true, level: '211', subjects: { written: '物化生', family: '物理' }, major: '法学' });
  });

  it('detects English and answers thanks in any form', () => {
    expect(languageOf('hello')).toBe('en');
    expect(languageOf('C30梁250×500，M=180kN·m，HRB400')).toBe('zh');
    expect(greetingKind('谢谢你！')).toBe('thanks');
    expect(greetingKind('thanks a lot!')).toBe('thanks');
    expect(greetingKind('谢谢，那河南呢')).toBeNull();
  });

  it('splits a message into its questions', () => {
    expect(sentences('河南2024年一本线多少？郑州大学2024年理科最低分多少？')).toEqual(['河南2024年一本线多少？', '郑州大学2024年理科最低分多少？']);
    expect(sentences('帮我排个八字1990年5月15日8点30分男，顺便用种子hello起一卦')).toHaveLength(2);
  });
});
