// The shared normalisation helpers. Expected values come from data/README.md (exam-system table, the spellings it
// lists), score_lines/README.txt (bracket and censoring examples) and the official province names.
import { describe, expect, it } from 'vitest';
import {
  PROVINCES,
  campusParents,
  dataTypeValues,
  examSystem,
  foldBatch,
  foldSubject,
  gradeOrder,
  maxTotalScore,
  normalizeBatchFamily,
  normalizeProvince,
  normalizeSchoolName,
  normalizeSubjectFamily,
  parseScore,
  programmeUnit,
  subjectFit,
} from '../../src/data/normalize.ts';

describe('provinces', () => {
  it('accepts the short name, the full name and pinyin (data/README.md: 河北 / 河北省, 内蒙古 / 内蒙古自治区)', () => {
    expect(normalizeProvince('河北')).toBe('河北');
    expect(normalizeProvince('河北省')).toBe('河北');
    expect(normalizeProvince('内蒙古自治区')).toBe('内蒙古');
    expect(normalizeProvince('广西壮族自治区')).toBe('广西');
    expect(normalizeProvince(' 北京市 ')).toBe('北京');
    expect(normalizeProvince('Hebei')).toBe('河北');
    expect(normalizeProvince('火星')).toBeNull();
    expect(normalizeProvince('')).toBeNull();
    expect(PROVINCES).toHaveLength(31);
  });
});

describe('subject types', () => {
  it('folds 物理类/物理/理科 into one science family and 历史类/历史/文科 into one liberal family', () => {
    for (const s of ['物理类', '物理', '理科', '首选物理']) expect(foldSubject(s).family, s).toBe('物理');
    for (const s of ['历史类', '历史', '文科', '首选历史']) expect(foldSubject(s).family, s).toBe('历史');
    for (const s of ['综合', '不分文理', '综合改革']) expect(foldSubject(s).family, s).toBe('综合');
    expect(foldSubject('艺术类').family).toBe('艺术');
    expect(foldSubject('体育类').family).toBe('体育');
  });

  it('marks a province, a discipline or a total in the subject column as misaligned (score_lines/README.txt)', () => {
    for (const s of ['河北省', '工学', '合计', '管理学']) expect(foldSubject(s), s).toEqual({ family: null, misaligned: true, style: null });
  });

  it('normalises user input to a family and rejects what is not a subject type', () => {
    expect(normalizeSubjectFamily('理科')).toBe('物理');
    expect(normalizeSubjectFamily('物理类')).toBe('物理');
    expect(normalizeSubjectFamily('物理')).toBe('物理');
    expect(normalizeSubjectFamily('文科')).toBe('历史');
    expect(normalizeSubjectFamily('化学')).toBeNull();
  });

  it('applies the exam-system table of data/README.md', () => {
    expect(examSystem('上海', 2017)).toBe('3+3');
    expect(examSystem('北京', 2019)).toBe('文理');
    expect(examSystem('北京', 2020)).toBe('3+3');
    expect(examSystem('河北', 2021)).toBe('3+1+2');
    expect(examSystem('黑龙江', 2023)).toBe('文理');
    expect(examSystem('黑龙江', 2024)).toBe('3+1+2');
    expect(examSystem('河南', 2024)).toBe('文理');
    expect(examSystem('河南', 2025)).toBe('3+1+2');
    expect(examSystem('新疆', 2026)).toBe('文理');
    expect(examSystem('西藏', 2026)).toBe('文理');
    // the README's own example: 河南 2024 rows labelled 物理类 do not fit
    expect(subjectFit('河南', 2024, '物理类')).toBe(0);
    expect(subjectFit('河南', 2024, '理科')).toBe(1);
    expect(subjectFit('河南', 2025, '物理类')).toBe(1);
    expect(subjectFit('浙江', 2024, '综合')).toBe(1);
    expect(subjectFit('浙江', 2016, '综合')).toBe(0);
    expect(subjectFit('广东', 2024, '艺术类')).toBeNull();
  });
});

describe('batches and line kinds', () => {
  it('folds published batch spellings', () => {
    expect(foldBatch('本科一批')).toBe('本科一批');
    expect(foldBatch('第一批本科')).toBe('本科一批');
    expect(foldBatch('本科第二批')).toBe('本科二批');
    expect(foldBatch('本科普通批')).toBe('本科批');
    expect(foldBatch('高职（专科）批')).toBe('专科批');
    expect(foldBatch('高职(专科)批')).toBe('专科批');
    expect(foldBatch('本科提前批A段')).toBe('本科提前批');
    expect(foldBatch('国家专项计划')).toBe('专项计划');
    expect(foldBatch('艺术类（本科）')).toBe('艺术体育');
    expect(foldBatch('少数民族预科班')).toBe('特殊类型');
    expect(foldBatch('')).toBeNull();
    expect(normalizeBatchFamily('一本')).toBe('本科一批');
    expect(normalizeBatchFamily('xyz')).toBeNull();
  });

  it('maps API data_type values to stored kinds (院校线 covers 专业组线)', () => {
    expect(dataTypeValues('专业线')).toEqual(['专业线']);
    expect(dataTypeValues('院校线')).toEqual(['院校线', '专业组线']);
    expect(dataTypeValues('特殊招生线')).toEqual(['特殊招生线']);
    expect(dataTypeValues('别的')).toBeNull();
  });
});

describe('school names', () => {
  it('folds half/full-width brackets and tags (score_lines/README.txt: 中国地质大学(武汉) vs 中国地质大学（武汉）, [民办])', () => {
    expect(normalizeSchoolName('中国地质大学（武汉）')).toBe(normalizeSchoolName('中国地质大学(武汉)'));
    expect(normalizeSchoolName('哈尔滨剑桥学院[民办]')).toBe('哈尔滨剑桥学院');
    expect(normalizeSchoolName(' 北京 大学 ')).toBe('北京大学');
  });

  it('proposes parent universities for campus names', () => {
    expect(campusParents(normalizeSchoolName('山东大学(威海)'))).toEqual(['山东大学']);
    expect(campusParents(normalizeSchoolName('北京师范大学珠海校区'))[0]).toBe('北京师范大学');
    expect(campusParents(normalizeSchoolName('中国石油大学(华东)青岛校区')).slice(0, 1)).toEqual(['中国石油大学(华东)']);
    expect(campusParents(normalizeSchoolName('北京大学'))).toEqual([]);
  });
});

describe('numbers as published', () => {
  it('reads censored scores (score_lines/README.txt: ">580", "580分及以上") and blanks', () => {
    expect(parseScore('>580')).toEqual({ value: 580, raw: '>580', censored: true });
    expect(parseScore('580分及以上')).toEqual({ value: 580, raw: '580分及以上', censored: true });
    expect(parseScore('605')).toEqual({ value: 605, raw: null, censored: false });
    expect(parseScore('按')).toEqual({ value: null, raw: '按', censored: false });
    expect(parseScore('')).toEqual({ value: null, raw: null, censored: false });
  });

  it('knows the score ranges and the 第四轮 grade order', () => {
    expect(maxTotalScore('河北', 2024)).toBe(750);
    expect(maxTotalScore('上海', 2024)).toBe(660);
    expect(maxTotalScore('海南', 2024)).toBe(900);
    expect(gradeOrder('A+')).toBe(1);
    expect(gradeOrder('C-')).toBe(9);
    expect(gradeOrder('前2%')).toBeNull();
  });
});

describe('programmeUnit (the admission unit a name stands for beyond its university)', () => {
  // Spellings from score_lines/liuguanghui_score_lines.csv.gz (河南 2024 理科本科一批, lines 316657–316994) and
  // score_lines/jsoneft_2024_admission_data.csv.gz; the cities are the university list's.
  const cities = new Set(['开封', '郑州', '天津', '保定']);
  it('keeps programme tags, folds 中外合作 spellings, drops descriptors, places and the official name\'s own brackets', () => {
    expect(programmeUnit('河南大学（与开封大学联合办学）（就读地综合', '河南大学', cities)).toBe('与开封大学联合办学/就读地综合');
    expect(programmeUnit('河南大学', '河南大学', cities)).toBe('');
    expect(programmeUnit('河南大学(中外合作办学)', '河南大学', cities)).toBe('中外合作办学');
    expect(programmeUnit('辽宁大学(中外合作办学专业)', '辽宁大学', cities)).toBe('中外合作办学');
    expect(programmeUnit('河南大学(医护类)', '河南大学', cities)).toBe('医护类');
    expect(programmeUnit('河南工程学院(郑州市)[公办]', '河南工程学院', cities)).toBe('');
    expect(programmeUnit('河北工业大学(天津市)(地方专项计划)[公办]', '河北工业大学', cities)).toBe('地方专项计划');
    expect(programmeUnit('华北电力大学(保定)', '华北电力大学', cities)).toBe('');
    expect(programmeUnit('中国石油大学（华东）', '中国石油大学(华东)', cities)).toBe('');
    expect(programmeUnit('同济大学(较高收费)', '同济大学', cities)).toBe('较高收费');
  });
});
