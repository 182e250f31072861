// The exam's grading rules (exam/grade.ts) on hand-made answers: how numbers are read, what counts as English, as
// invented, as a leak, and how the facts found turn into a grade.
import { describe, expect, it } from 'vitest';
import { gradeAnswer, hasFact, hasNumber, inventedScores, inventedUniversities, isEnglish, NOT_IN_DATA, numbersIn } from './exam/grade.ts';
import type { ExamCase } from './exam/types.ts';

const c = (extra: Partial<ExamCase> = {}): ExamCase => ({ id: 't', domain: 'score', ask: '郑州大学2024年河南理科最低分多少', checks: [], ...extra });
const opts = { universities: ['北京大学医学部', '郑州大学', '北京大学'], known: '{"school_name":"郑州大学","min_score":601,"min_rank":22963}' };

describe('exam grading', () => {
  it('reads numbers as users see them: thousands separators, full-width digits, 万', () => {
    expect(numbersIn('位次 22,963，约 3.5万 人；６０１ 分')).toEqual([22963, 35000, 601]);
    expect(hasNumber('最低分 601.0 分', 601)).toBe(true);
    expect(hasNumber('位次约 2.2963万', 22963)).toBe(true);
    expect(hasNumber('2601 分', 601)).toBe(false);
    // a sign written as a sign is read (a negative reaction), a range's dash is not one
    expect(numbersIn('| N0 | -7.504 | 33.75 |，Rx = −7.496 kN；600-620 分')).toEqual([0, -7.504, 33.75, -7.496, 600, 620]);
    expect(hasNumber('| N0 | -7.504 |', -7.504, 0.01)).toBe(true);
    expect(hasNumber('| N0 | 7.504 |', -7.504, 0.01)).toBe(false);
    expect(hasNumber('Rx = -7.504 kN', 7.504, 0.01)).toBe(true);
    expect(hasFact('As = 1261 mm²', { label: 'As', value: 1261.01, tolerance: 0.01 })).toBe(true);
    expect(hasFact('As = 1300 mm²', { label: 'As', value: 1261.01, tolerance: 0.01 })).toBe(false);
  });

  it('counts a small number only beside whose it is', () => {
    const rank1 = { label: '清华 软科第 1', value: 1, near: '清华大学' };
    expect(hasFact('北京大学软科 2026 主榜第 2 名。\n| 海南 | 2025 | 1 |', rank1)).toBe(false);
    expect(hasFact('北京大学第 2 名；清华大学第 1 名。', rank1)).toBe(true);
    expect(hasFact('| 1 | 清华大学 | A+ |', rank1)).toBe(true);
    expect(hasFact('清华大学 is in 北京市; 985/211, #1 in the 软科 2026 main ranking. 北京大学 is #2.', rank1)).toBe(true);
  });

  it('tells English answers (Chinese data values allowed) from Chinese ones', () => {
    const known = '{"school_name":"郑州大学","subject_type":"物理类","province":"河南"}';
    expect(isEnglish('The minimum score of 郑州大学 in Henan was 601 (rank 22963).', known)).toBe(true);
    expect(isEnglish('河南 2025 物理类, 600 points: 1044 candidates at this score, cumulative rank 45887.', known)).toBe(true);
    expect(isEnglish('Rank 45887 for 600 in 河南 2025.\n\nData year: 2025. Source: 各省教育考试院与高校公布的数据', known)).toBe(true);
    expect(isEnglish('Concrete member check needs a corrected or additional argument: params.N is required')).toBe(true);
    expect(isEnglish('郑州大学 2024 年河南理科最低分 601，位次 22963（score line）', known)).toBe(false);
    expect(isEnglish('这个问题不在本站的数据与工具范围内。')).toBe(false);
  });

  it('counts as invented only names and numbers that no served result and no question contains', () => {
    expect(inventedUniversities('北京大学医学部与郑州大学', opts.universities, opts.known)).toEqual(['北京大学医学部']);
    expect(inventedUniversities('郑州大学', opts.universities, opts.known)).toEqual([]);
    expect(inventedScores('2024 年最低分 601，另一所 655 分', '2024年', opts.known)).toEqual(['655']);
  });

  it('recognises a plain "not in the data"', () => {
    expect(NOT_IN_DATA.test('数据中没有名为“火星理工大学”的院校。')).toBe(true);
    expect(NOT_IN_DATA.test('找到 20 条录取分数线')).toBe(false);
  });

  it('grades correct, partly (a fact missing or a file name shown), refused and wrong', () => {
    const facts = [
      { label: 'min_score', value: 601 },
      { label: 'min_rank', value: 22963 },
    ];
    expect(gradeAnswer(c(), '郑州大学 2024 年河南理科院校线 601 分，最低位次 22963。', facts, opts).grade).toBe('correct');
    expect(gradeAnswer(c(), '郑州大学最低分 601，位次 22963；接口说明见 /v1/openapi.json', facts, opts).grade).toBe('correct');
    const leak = gradeAnswer(c(), '601 分，位次 22963。来源：score_lines/x.csv.gz', facts, opts);
    expect([leak.grade, leak.problems]).toEqual(['partly', ['internal file name']]);
    expect(gradeAnswer(c(), '郑州大学最低分 601 分。', facts, opts).grade).toBe('partly');
    expect(gradeAnswer(c(), '要查询一分一段表，还需要：年份。', facts, opts).grade).toBe('refused');
    expect(gradeAnswer(c(), '郑州大学在河南很受欢迎。', facts, opts).grade).toBe('wrong');
    const english = gradeAnswer(c({ english: true }), '郑州大学最低分 601，位次 22963。', facts, opts);
    expect([english.grade, english.problems]).toEqual(['partly', ['not in English']]);
    const invented = gradeAnswer(c({ invented: 'numbers' }), '601 分，位次 22963，另有 655 分的线。', facts, opts);
    expect([invented.grade, invented.invented]).toEqual(['wrong', ['655']]);
  });
});
