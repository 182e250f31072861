// Batch C (data half), written by an author who has not read the assistant's code (issue 30): the 2026 lines of the
// provinces that have them, a school's ordinary lowest line beside its 专项/中外合作/预科/民族班/校区 units, 冲稳保 with
// the constraints people state, 一分一段 both ways, batch lines, plans, rankings, majors, universities and names.
// Every fact lives in a canonical call; the runner makes it against the same app.
//
// 「最低」 of a school: the canonical call asks for every 院校线/专业组线 row of the school (page_size 100, so the row
// is on the served page) and the check selects the ordinary row with the lowest score (read from that table by the
// author; the selector only picks the row, the runner reads its values at run time).
import { batch, call, line, match, notInData, planTotal, profile, rankOf, says, yes } from '../checks.ts';
import { lowestGroup, sameScore, scoreAtRank, topOf } from '../checks-more.ts';
import type { ExamCase } from '../types.ts';

/** A 院校线 row that carries no group code worth naming (one ordinary row for the school). */
const only = (school: string, province: string, year: number, subject_type: string) =>
  line({ university_name: school, province, year, subject_type, data_type: '院校线', page_size: 100 }, { school_name: school });
const major = (school: string, province: string, year: number, q: string, name: string) =>
  line({ university_name: school, province, year, major_name: q, data_type: '专业线' }, { school_name: school, major_name: name });

export const BATCH_C_DATA: ExamCase[] = [
  // ── score: 2026 lines, and 「最低」 as the ordinary line with the programmes beside it
  { id: 'bc-score-01', domain: 'score', ask: '中南大学26年在湖南物理类最低多少分 专项那些不算', checks: [lowestGroup('中南大学', '湖南', 2026, '物理', '第112组')], invented: 'universities',
    note: '13 group lines: 民族班, 中外合作, 国家专项, 高校专项 lie below; group 112 is the lowest ordinary one' },
  { id: 'bc-score-02', domain: 'score', ask: '太原理工今年山西物理最低投档线多少 位次多少', checks: [lowestGroup('太原理工大学', '山西', 2026, '物理', '301')], invented: 'universities',
    note: '30 group lines over two pages; the ordinary lowest (301) is on the second page of the default listing, 地方专项/国家专项 groups lie below it' },
  { id: 'bc-score-03', domain: 'score', ask: '东南大学2026江苏物理类 除了中外合作 最低的组是多少分', checks: [lowestGroup('东南大学', '江苏', 2026, '物理', '14')], invented: 'universities' },
  { id: 'bc-score-04', domain: 'score', ask: '湖大2026湖南物理最低多少 预科和专项的不要', checks: [lowestGroup('湖南大学', '湖南', 2026, '物理', '第105组')], invented: 'universities' },
  { id: 'bc-score-05', domain: 'score', ask: '中山大学2026年广东物理类最低录取分和位次', checks: [lowestGroup('中山大学', '广东', 2026, '物理', '216')], invented: 'universities',
    note: 'groups 211 and 216 both at 625; 216 has the larger (lower) rank; the 高校专项计划 groups are listed under their own name' },
  { id: 'bc-score-06', domain: 'score', ask: '南昌大学2024年江西物理类最低分，不要抚州医学院的', checks: [lowestGroup('南昌大学', '江西', 2024, '物理', '01')], invented: 'universities' },
  { id: 'bc-score-07', domain: 'score', ask: '哈工大本部2024年黑龙江物理类最低多少分 威海深圳的不算', checks: [lowestGroup('哈尔滨工业大学', '黑龙江', 2024, '物理', '09')], invented: 'universities' },
  { id: 'bc-score-08', domain: 'score', ask: '浙大计算机2026年在浙江的录取分和位次', checks: [major('浙江大学', '浙江', 2026, '计算机', '工科试验班(计算机)')], invented: 'universities' },
  { id: 'bc-score-09', domain: 'score', ask: '山大计算机科学与技术2026山东最低位次多少 大概多少分', checks: [major('山东大学', '山东', 2026, '计算机', '计算机科学与技术')], invented: 'universities',
    note: '山东 publishes ranks; the served score is derived from the 一分一段 table. The 定向西藏 row is not the one asked' },
  { id: 'bc-score-10', domain: 'score', ask: '南大2026年江苏历史类投档线', checks: [only('南京大学', '江苏', 2026, '历史')], invented: 'universities' },
  { id: 'bc-score-11', domain: 'score', ask: '深大26年广东历史类最低分 地方专项的单独说一下', checks: [lowestGroup('深圳大学', '广东', 2026, '历史', '203'), lowestGroup('深圳大学', '广东', 2026, '历史', '211', '深圳大学(地方专项)')], invented: 'universities' },
  { id: 'bc-score-12', domain: 'score', ask: '苏大2026江苏历史类最低多少分', checks: [lowestGroup('苏州大学', '江苏', 2026, '历史', '18')], invented: 'universities' },
  { id: 'bc-score-13', domain: 'score', ask: '长沙理工26年湖南历史普通类最低分', checks: [lowestGroup('长沙理工大学', '湖南', 2026, '历史', '第102组')], invented: 'universities',
    note: 'its 地方专项 group (569) is listed above the ordinary one and is not the asked line' },

  // ── match: 冲稳保 with the constraint the user states
  { id: 'bc-match-01', domain: 'match', ask: '河南物理612分 想去西安上大学 有哪些', checks: match({ score: 612, province: '河南', subject_type: '物理', city: '西安' }), invented: 'universities' },
  { id: 'bc-match-02', domain: 'match', ask: '湖北物理575 孩子想学财经 财经类院校有哪些能冲能保的', checks: match({ score: 575, province: '湖北', subject_type: '物理', type: '财经' }), invented: 'universities' },
  { id: 'bc-match-03', domain: 'match', ask: '浙江640分想学口腔医学 哪些学校有戏', checks: match({ score: 640, province: '浙江', major: '口腔医学' }), invented: 'universities' },
  { id: 'bc-match-04', domain: 'match', ask: '四川文科生历史类520分 民办本科也行 有哪些', checks: match({ score: 520, province: '四川', subject_type: '历史', nature: '民办' }), invented: 'universities' },
  { id: 'bc-match-05', domain: 'match', ask: '河北物理位次3万 想去华中地区 河南湖北湖南都行', checks: match({ rank: 30000, province: '河北', subject_type: '物理', region: '华中' }), invented: 'universities' },
  { id: 'bc-match-06', domain: 'match', ask: '江西物理560分 想读医 医药类院校推荐', checks: match({ score: 560, province: '江西', subject_type: '物理', type: '医药' }), invented: 'universities' },
  { id: 'bc-match-07', domain: 'match', ask: '江苏物理位次1.5万 想学电子信息类的专业', checks: match({ rank: 15000, province: '江苏', subject_type: '物理', major_category: '电子信息类' }), invented: 'universities' },
  { id: 'bc-match-08', domain: 'match', ask: '重庆历史类590分 想读政法院校', checks: match({ score: 590, province: '重庆', subject_type: '历史', type: '政法' }), invented: 'universities' },
  { id: 'bc-match-09', domain: 'match', ask: '福建物理位次一万 不想出省 推荐下', checks: match({ rank: 10000, province: '福建', subject_type: '物理', university_province: '福建' }), invented: 'universities' },
  { id: 'bc-match-10', domain: 'match', ask: '甘肃历史530分 想在西北读个公办本科', checks: match({ score: 530, province: '甘肃', subject_type: '历史', region: '西北', nature: '公办' }), invented: 'universities' },
  { id: 'bc-match-11', domain: 'match', ask: '辽宁物理605 想留在东北 只要211', checks: match({ score: 605, province: '辽宁', subject_type: '物理', region: '东北', level: '211' }), invented: 'universities' },
  { id: 'bc-match-12', domain: 'match', ask: '陕西物理615分 想去北京读书 能去哪', checks: match({ score: 615, province: '陕西', subject_type: '物理', city: '北京' }), invented: 'universities' },

  // ── rank: score → rank, 同分多少人, rank → score (the score the served table gives for that rank)
  { id: 'bc-rank-01', domain: 'rank', ask: '四川2026物理600分排多少名', checks: [rankOf('四川', 2026, 600, '物理')] },
  { id: 'bc-rank-02', domain: 'rank', ask: '陕西26年历史类560分 跟我同分的有多少人', checks: [sameScore('陕西', 2026, 560, '历史')] },
  { id: 'bc-rank-03', domain: 'rank', ask: '云南2026物理 排名一万大概多少分', checks: [scoreAtRank('云南', 2026, 604, '物理')], note: '604 is the first score whose cumulative rank reaches 10,000 (10,053)' },
  { id: 'bc-rank-04', domain: 'rank', ask: '甘肃今年物理类前5000名要考多少分', checks: [scoreAtRank('甘肃', 2026, 604, '物理')], note: '604: cumulative 5,092, the first to reach 5,000' },
  { id: 'bc-rank-05', domain: 'rank', ask: '重庆2026历史类位次3000对应多少分', checks: [scoreAtRank('重庆', 2026, 589, '历史')], note: '589: cumulative 3,074' },
  { id: 'bc-rank-06', domain: 'rank', ask: '福建26年物理610分 位次和同分人数', checks: [rankOf('福建', 2026, 610, '物理'), sameScore('福建', 2026, 610, '物理')] },
  { id: 'bc-rank-07', domain: 'rank', ask: '浙江2026年650分全省第几名', checks: [rankOf('浙江', 2026, 650)] },
  { id: 'bc-rank-08', domain: 'rank', ask: '上海今年550分大概排多少', checks: [rankOf('上海', 2026, 550)] },
  { id: 'bc-rank-09', domain: 'rank', ask: '江西2025物理550分有多少人同分', checks: [sameScore('江西', 2025, 550, '物理')] },
  { id: 'bc-rank-10', domain: 'rank', ask: '贵州2026历史520能排到多少名', checks: [rankOf('贵州', 2026, 520, '历史')] },

  // ── plans
  { id: 'bc-plans-01', domain: 'plans', ask: '长春理工2025年在吉林物理类总共招多少人', checks: [planTotal({ province: '吉林', year: 2025, university_name: '长春理工大学', subject_type: '物理' })] },
  { id: 'bc-plans-02', domain: 'plans', ask: '东北电力大学25年吉林物理类计划多少人', checks: [planTotal({ province: '吉林', year: 2025, university_name: '东北电力大学', subject_type: '物理' })] },
  { id: 'bc-plans-03', domain: 'plans', ask: '北华大学2025吉林历史类招几个', checks: [planTotal({ province: '吉林', year: 2025, university_name: '北华大学', subject_type: '历史' })] },
  { id: 'bc-plans-04', domain: 'plans', ask: '吉林师范大学2025年在吉林招生计划一共多少', checks: [planTotal({ province: '吉林', year: 2025, university_name: '吉林师范大学' })] },

  // ── batch lines (2026)
  { id: 'bc-batch-01', domain: 'batch', ask: '四川2026物理类本科线多少分', checks: [batch({ province: '四川', year: 2026, subject_type: '物理' }, { batch: '普通类本科批次控制线' })] },
  { id: 'bc-batch-02', domain: 'batch', ask: '陕西26年历史类特控线', checks: [batch({ province: '陕西', year: 2026, subject_type: '历史' }, { batch: '特控线' })] },
  { id: 'bc-batch-03', domain: 'batch', ask: '江苏今年物理类本科线是多少', checks: [batch({ province: '江苏', year: 2026, subject_type: '物理' }, { batch: '普通类本科录取控制分数线' })] },
  { id: 'bc-batch-04', domain: 'batch', ask: '上海2026本科线', checks: [batch({ province: '上海', year: 2026 }, { batch: '本科录取控制分数线' })] },
  { id: 'bc-batch-05', domain: 'batch', ask: '北京2026年专科线多少分', checks: [batch({ province: '北京', year: 2026 }, { batch: '普通专科录取控制分数线' })] },
  { id: 'bc-batch-06', domain: 'batch', ask: '浙江2026一段线多少分', checks: [notInData], invented: 'numbers',
    note: 'the data holds no 浙江 2026 batch line; the honest answer says so and invents no figure' },

  // ── rankings and 学科评估
  { id: 'bc-rankings-01', domain: 'rankings', ask: '软科2026机械工程专业排名前五', checks: [topOf('query_major_rankings', { major_name: '机械工程', year: 2026 }, 5, 'school_name')], invented: 'universities' },
  { id: 'bc-rankings-02', domain: 'rankings', ask: '口腔医学专业软科2025排前三的学校', checks: [topOf('query_major_rankings', { major_name: '口腔医学', year: 2025 }, 3, 'school_name')], invented: 'universities' },
  { id: 'bc-rankings-03', domain: 'rankings', ask: '中南大学有哪些专业是软科A+', checks: [topOf('query_major_rankings', { university_name: '中南大学', grade: 'A+', year: 2026 }, 3, 'major_name')] },
  { id: 'bc-rankings-04', domain: 'rankings', ask: '南京大学第四轮学科评估有哪些A+学科', checks: [topOf('query_discipline_evaluations', { university_name: '南京大学', grade: 'A+' }, 3, 'discipline_name')] },
  { id: 'bc-rankings-05', domain: 'rankings', ask: '金融学专业软科2026 A+的是哪几所', checks: [topOf('query_major_rankings', { major_name: '金融学', year: 2026, grade: 'A+' }, 5, 'school_name')], invented: 'universities' },

  // ── majors
  { id: 'bc-majors-01', domain: 'majors', ask: '数据科学与大数据技术的专业代码是多少 属于哪个专业类', checks: [{ from: call('get_major', { name: '数据科学与大数据技术' }), paths: ['major.code', 'major.subcategory'] }] },
  { id: 'bc-majors-02', domain: 'majors', ask: '汉语言文学是哪个学科门类的', checks: [{ from: call('get_major', { name: '汉语言文学' }), paths: ['major.category'] }] },
  { id: 'bc-majors-03', domain: 'majors', ask: '电子信息类包括哪些专业', checks: [topOf('search_majors', { sub_category: '电子信息类' }, 5, 'name')] },
  { id: 'bc-majors-04', domain: 'majors', ask: '口腔医学专业代码', checks: [{ from: call('get_major', { name: '口腔医学' }), paths: ['major.code'] }] },

  // ── universities
  { id: 'bc-universities-01', domain: 'universities', ask: '西工大算985吗', checks: [...yes('985')] },
  { id: 'bc-universities-02', domain: 'universities', ask: '西安有哪些985大学', checks: [topOf('search_universities', { city: '西安', level: '985' }, 2, 'name')], invented: 'universities' },
  { id: 'bc-universities-03', domain: 'universities', ask: '江西有211吗 是哪所', checks: [topOf('search_universities', { province: '江西', level: '211' }, 1, 'name')], invented: 'universities' },
  { id: 'bc-universities-04', domain: 'universities', ask: '南方科技大学是公办的吗 软科排多少', checks: [profile('南方科技大学', ['nature', 'ranking.ruanke_2026_main'])] },
  { id: 'bc-universities-05', domain: 'universities', ask: '宁波东方理工大学是公办还是民办', checks: [profile('宁波东方理工大学', ['nature'])] },

  // ── names: abbreviations, homophone typos, transpositions, ambiguous short names, names that are no university
  { id: 'bc-names-01', domain: 'names', ask: '华中科大26年湖北物理最低分', checks: [lowestGroup('华中科技大学', '湖北', 2026, '物理', '第06组')], invented: 'universities',
    note: 'the 2026 湖北 lines carry no rank; 医护类/中外合作/专项 groups lie below group 06' },
  { id: 'bc-names-02', domain: 'names', ask: '大连工理大学是985吗', checks: [says(/大连理工大学/, '按大连理工大学理解'), ...yes('985')], note: '理工 transposed' },
  { id: 'bc-names-03', domain: 'names', ask: '西安电子科级大学24年山西理科分数线', checks: [only('西安电子科技大学', '山西', 2024, '理科'), says(/西安电子科技大学/, '说出按哪所学校理解')], invented: 'universities', note: '技 typed as 级' },
  { id: 'bc-names-04', domain: 'names', ask: '北京邮店大学四川24年文科多少分', checks: [only('北京邮电大学', '四川', 2024, '文科'), says(/北京邮电大学/, '说出按哪所学校理解')], invented: 'universities', note: '电 typed as 店' },
  { id: 'bc-names-05', domain: 'names', ask: '华师是211吗', checks: [says(/华中师范/, '列出华中师范大学'), says(/(华东师范|华南师范)/, '也列出另一所“华师”')],
    note: '华师 is the short name of 华中师范大学, 华东师范大学 and 华南师范大学; the answer names them rather than picking one silently' },
  { id: 'bc-names-06', domain: 'names', ask: '中原理工大学在河南招多少分', checks: [notInData], invented: 'numbers', note: 'no such university (中原工学院 is real)' },
  { id: 'bc-names-07', domain: 'names', ask: '华北交通大学是几本 好不好', checks: [notInData], invented: 'numbers', note: 'no such university (华东交通大学, 北京交通大学 are real)' },
  { id: 'bc-names-08', domain: 'names', ask: '上财24年四川理科录取线', checks: [only('上海财经大学', '四川', 2024, '理科')], invented: 'universities' },
  { id: 'bc-names-09', domain: 'names', ask: '北外24年山西文科最低分', checks: [only('北京外国语大学', '山西', 2024, '文科')], invented: 'universities' },
  { id: 'bc-names-10', domain: 'names', ask: '大工山西2024理科 不要盘锦校区', checks: [only('大连理工大学', '山西', 2024, '理科')], invented: 'universities' },
  { id: 'bc-names-11', domain: 'names', ask: '央财24年河南文科多少分', checks: [only('中央财经大学', '河南', 2024, '文科')], invented: 'universities' },

  // ── English
  { id: 'bc-english-01', domain: 'english', english: true, ask: 'Wuhan University lowest score in Hubei 2026, physics track, regular groups only?', checks: [lowestGroup('武汉大学', '湖北', 2026, '物理', '第12组')], invented: 'universities' },
  { id: 'bc-english-02', domain: 'english', english: true, ask: 'Is Northwestern Polytechnical University a 985 school?', checks: [says(/\byes\b/i, 'answers “yes”'), says(/985/, 'mentions 985')] },
  { id: 'bc-english-03', domain: 'english', english: true, ask: 'Chongqing 2026 physics track, 600 points — what rank is that?', checks: [rankOf('重庆', 2026, 600, '物理')] },
  { id: 'bc-english-04', domain: 'english', english: true, ask: 'Top 3 universities for software engineering in the 2025 ShanghaiRanking?', checks: [topOf('query_major_rankings', { major_name: '软件工程', year: 2025 }, 3, 'school_name')], invented: 'universities' },
  { id: 'bc-english-05', domain: 'english', english: true, ask: 'My son got 580 in Guizhou (physics) and wants to do software engineering. Which universities?', checks: match({ score: 580, province: '贵州', subject_type: '物理', major: '软件工程' }), invented: 'universities' },
  { id: 'bc-english-06', domain: 'english', english: true, ask: "What's Beijing's 2026 cutoff for regular undergraduate admission?", checks: [batch({ province: '北京', year: 2026 }, { batch: '普通本科录取控制分数线' })] },
  { id: 'bc-english-07', domain: 'english', english: true, ask: 'SCUT cutoff in Guangdong 2026 for physics, not counting the joint-venture or special-plan groups', checks: [lowestGroup('华南理工大学', '广东', 2026, '物理', '209')], invented: 'universities',
    note: 'SCUT = South China University of Technology (华南理工大学)' },
  { id: 'bc-english-08', domain: 'english', english: true, ask: 'BaZi for a girl born 12 March 2001 at 7:15 in the morning', checks: [{ from: call('sizhu', { year: 2001, month: 3, day: 12, hour: 7, minute: 15, sex: 'f' }), paths: ['pillars.year.name', 'pillars.month.name', 'pillars.day.name', 'pillars.hour.name'] }] },
  { id: 'bc-english-09', domain: 'english', english: true, ask: 'How much tension steel for a 250x500 beam, M = 120 kN·m, C25, HRB400?', checks: [{ from: { calc: 'concrete', body: { kind: 'beam', params: { moment: 120, b: 250, h: 500, concrete_grade: 25, steel_grade: 360 } } }, paths: ['values.As'], tolerance: 0.01 }] },
  // 滑档: above the batch line but none of the filled choices is reached, so no school takes the file in that round
  { id: 'bc-english-10', domain: 'english', english: true, ask: 'What does 滑档 mean in gaokao applications?', checks: [says(/(none of|no (school|university|college)|not (admitted|accepted|reached|selected)|miss)/i, 'none of the choices takes the file')] },
  { id: 'bc-english-11', domain: 'english', english: true, ask: 'Good morning! Who are you and what can you do?', checks: [says(/(assistant|help)/i, 'says what it is'), says(/(score|admission|universit)/i, 'names the admission data')] },
];
