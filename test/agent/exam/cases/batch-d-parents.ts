// Batch D (parents and students), written by an author who has not read the assistant's code (issue 30): the way a
// parent types for a child on a phone — 孩子, 我家, 够不够, 稳不稳 — about 2026 lines, the ordinary line beside a
// school's programmes and campuses, 冲稳保 with what the family wants, 一分一段, plans, batch lines, rankings, majors,
// universities and names (homophone typos, ambiguous short names, names of no university). Every fact lives in a
// canonical call; the runner makes it against the same app.
//
// 「最低」 of a school: the canonical call lists every 院校线/专业组线 row of the school on one page (page_size 100);
// the check selects the ordinary row with the lowest score (read from that table by the author; the runner reads its
// values at run time).
import { batch, call, match, notInData, planTotal, profile, rankOf, says, yes } from '../checks.ts';
import { lowestGroup, sameScore, scoreAtRank, topOf } from '../checks-more.ts';
import type { ExamCase } from '../types.ts';

export const BATCH_D_PARENTS: ExamCase[] = [
  // ── score
  { id: 'bd-score-01', domain: 'score', ask: '孩子江苏物理类 想报南京理工 它今年最低要多少分 中外合作的不考虑', checks: [lowestGroup('南京理工大学', '江苏', 2026, '物理', '04')], invented: 'universities' },
  { id: 'bd-score-02', domain: 'score', ask: '河海大学2026年江苏物理最低录取分是多少啊 位次也说下', checks: [lowestGroup('河海大学', '江苏', 2026, '物理', '10')], invented: 'universities' },
  { id: 'bd-score-03', domain: 'score', ask: '想问下南航今年在江苏物理类的最低分 普通类的', checks: [lowestGroup('南京航空航天大学', '江苏', 2026, '物理', '07')], invented: 'universities' },
  { id: 'bd-score-04', domain: 'score', ask: '我家孩子湖南物理类 湘潭大学26年最低多少分能进', checks: [lowestGroup('湘潭大学', '湖南', 2026, '物理', '第106组')], invented: 'universities',
    note: 'its 地方专项 group (552) lies below the ordinary lowest' },
  { id: 'bd-score-05', domain: 'score', ask: '湖南师大2026年湖南历史类最低分 专项和定向的除外', checks: [lowestGroup('湖南师范大学', '湖南', 2026, '历史', '第119组')], invented: 'universities' },
  { id: 'bd-score-06', domain: 'score', ask: '华南师范大学今年广东历史最低多少 汕尾校区的单算', checks: [lowestGroup('华南师范大学', '广东', 2026, '历史', '208')], invented: 'universities',
    note: '汕尾校区, 中外合作, 地方专项 and 联合培养 are listed under their own names' },
  { id: 'bd-score-07', domain: 'score', ask: '武汉理工26年湖北物理类普通组最低多少分', checks: [lowestGroup('武汉理工大学', '湖北', 2026, '物理', '第12组')], invented: 'universities' },
  { id: 'bd-score-08', domain: 'score', ask: '中北大学2026山西物理最低分和位次 专项不算', checks: [lowestGroup('中北大学', '山西', 2026, '物理', '313')], invented: 'universities',
    note: '32 group lines; ordinary groups and 国家/地方专项 groups interleave' },
  { id: 'bd-score-09', domain: 'score', ask: '山西大学26年山西历史类最低多少分', checks: [lowestGroup('山西大学', '山西', 2026, '历史', '005')], invented: 'universities',
    note: 'its highest row is a 定向 group; the 大同校区 groups are listed apart' },
  { id: 'bd-score-10', domain: 'score', ask: '华工去年（2025）在广东物理类最低投档分', checks: [lowestGroup('华南理工大学', '广东', 2025, '物理', '216')], invented: 'universities' },
  { id: 'bd-score-11', domain: 'score', ask: '东南大学2025年江苏物理最低分', checks: [lowestGroup('东南大学', '江苏', 2025, '物理', '08')], invented: 'universities' },
  { id: 'bd-score-12', domain: 'score', ask: '武大今年湖北历史类最低多少分', checks: [lowestGroup('武汉大学', '湖北', 2026, '历史', '第06组')], invented: 'universities' },

  // ── match
  { id: 'bd-match-01', domain: 'match', ask: '山东孩子考了585 想学计算机 有啥学校推荐', checks: match({ score: 585, province: '山东', major: '计算机' }), invented: 'universities' },
  { id: 'bd-match-02', domain: 'match', ask: '湖北物理630分 孩子一心想去南京读书 帮看看', checks: match({ score: 630, province: '湖北', subject_type: '物理', city: '南京' }), invented: 'universities' },
  { id: 'bd-match-03', domain: 'match', ask: '河南历史类545 家里希望留在省内读公办 有哪些', checks: match({ score: 545, province: '河南', subject_type: '历史', university_province: '河南', nature: '公办' }), invented: 'universities' },
  { id: 'bd-match-04', domain: 'match', ask: '江苏物理600分 想去西南那边 川渝云贵都行', checks: match({ score: 600, province: '江苏', subject_type: '物理', region: '西南' }), invented: 'universities' },
  { id: 'bd-match-05', domain: 'match', ask: '湖南历史560 女儿想当老师 师范类学校有哪些', checks: match({ score: 560, province: '湖南', subject_type: '历史', type: '师范' }), invented: 'universities' },
  { id: 'bd-match-06', domain: 'match', ask: '四川物理610 想学临床医学 稳一点的有哪些', checks: match({ score: 610, province: '四川', subject_type: '物理', major: '临床医学' }), invented: 'universities' },
  { id: 'bd-match-07', domain: 'match', ask: '北京590分 想去天津读', checks: match({ score: 590, province: '北京', city: '天津' }), invented: 'universities' },
  { id: 'bd-match-08', domain: 'match', ask: '湖北物理位次1.2万 只考虑985 能冲哪些', checks: match({ rank: 12000, province: '湖北', subject_type: '物理', level: '985' }), invented: 'universities' },
  { id: 'bd-match-09', domain: 'match', ask: '河南物理620 想学计算机类 学校至少211', checks: match({ score: 620, province: '河南', subject_type: '物理', major_category: '计算机类', level: '211' }), invented: 'universities' },
  { id: 'bd-match-10', domain: 'match', ask: '山西物理600分 想去华东 江浙沪皖闽赣鲁都可以', checks: match({ score: 600, province: '山西', subject_type: '物理', region: '华东' }), invented: 'universities' },

  // ── rank
  { id: 'bd-rank-01', domain: 'rank', ask: '我是19年广东理科600分 当年排多少名', checks: [rankOf('广东', 2019, 600, '理科')] },
  { id: 'bd-rank-02', domain: 'rank', ask: '江苏2026历史类580分 全省多少名', checks: [rankOf('江苏', 2026, 580, '历史')] },
  { id: 'bd-rank-03', domain: 'rank', ask: '北京今年650分能排多少', checks: [rankOf('北京', 2026, 650)] },
  { id: 'bd-rank-04', domain: 'rank', ask: '陕西2026物理想进前一万名得多少分', checks: [scoreAtRank('陕西', 2026, 613, '物理')], note: '613: cumulative 10,260, the first to reach 10,000' },
  { id: 'bd-rank-05', domain: 'rank', ask: '河南26年历史类560分 同分的人多不多 具体多少', checks: [sameScore('河南', 2026, 560, '历史')] },
  { id: 'bd-rank-06', domain: 'rank', ask: '天津2026年600分位次', checks: [rankOf('天津', 2026, 600)] },

  // ── plans
  { id: 'bd-plans-01', domain: 'plans', ask: '吉大2025年在吉林物理类临床医学招几个人', checks: [planTotal({ province: '吉林', year: 2025, university_name: '吉林大学', subject_type: '物理', major_name: '临床医学' })] },
  { id: 'bd-plans-02', domain: 'plans', ask: '长春工业大学25年在吉林物理类招生人数', checks: [planTotal({ province: '吉林', year: 2025, university_name: '长春工业大学', subject_type: '物理' })] },
  { id: 'bd-plans-03', domain: 'plans', ask: '吉林农业大学2025在吉林一共招多少学生', checks: [planTotal({ province: '吉林', year: 2025, university_name: '吉林农业大学' })] },
  { id: 'bd-plans-04', domain: 'plans', ask: '长春师范大学25年吉林历史类招多少', checks: [planTotal({ province: '吉林', year: 2025, university_name: '长春师范大学', subject_type: '历史' })] },

  // ── batch lines
  { id: 'bd-batch-01', domain: 'batch', ask: '湖南今年物理类本科线多少', checks: [batch({ province: '湖南', year: 2026, subject_type: '物理' }, { batch: '普通类本科录取控制分数线' })] },
  { id: 'bd-batch-02', domain: 'batch', ask: '山西2026历史类本科线', checks: [batch({ province: '山西', year: 2026, subject_type: '历史' }, { batch: '普通本科批录取最低控制分数线' })] },
  { id: 'bd-batch-03', domain: 'batch', ask: '湖北26年历史类特招线是多少', checks: [batch({ province: '湖北', year: 2026, subject_type: '历史' }, { batch: '本科特殊招生线' })] },
  { id: 'bd-batch-04', domain: 'batch', ask: '天津2026本科线', checks: [batch({ province: '天津', year: 2026 }, { batch: '普通本科录取控制分数线' })] },
  { id: 'bd-batch-05', domain: 'batch', ask: '河南2026物理类一本线 现在叫特控线吧 多少分', checks: [batch({ province: '河南', year: 2026, subject_type: '物理' }, { batch: '特控线' })] },

  // ── rankings
  { id: 'bd-rankings-01', domain: 'rankings', ask: '人工智能专业哪几个学校最强 软科2026前五', checks: [topOf('query_major_rankings', { major_name: '人工智能', year: 2026 }, 5, 'school_name')], invented: 'universities' },
  { id: 'bd-rankings-02', domain: 'rankings', ask: '临床医学学科评估A+是哪两所', checks: [topOf('query_discipline_evaluations', { discipline_name: '临床医学', grade: 'A+' }, 2, 'school_name')], invented: 'universities' },
  { id: 'bd-rankings-03', domain: 'rankings', ask: '数学与应用数学软科2026 A+的学校有哪些', checks: [topOf('query_major_rankings', { major_name: '数学与应用数学', year: 2026, grade: 'A+' }, 5, 'school_name')], invented: 'universities' },
  { id: 'bd-rankings-04', domain: 'rankings', ask: '软科2025电子信息工程排名前三', checks: [topOf('query_major_rankings', { major_name: '电子信息工程', year: 2025 }, 3, 'school_name')], invented: 'universities' },

  // ── majors
  { id: 'bd-majors-01', domain: 'majors', ask: '人工智能专业代码是多少 属于工学吗', checks: [{ from: call('get_major', { name: '人工智能' }), paths: ['major.code', 'major.category'] }] },
  { id: 'bd-majors-02', domain: 'majors', ask: '080910T是啥专业', checks: [{ from: call('get_major', { name: '080910T' }), paths: ['major.name'] }] },
  { id: 'bd-majors-03', domain: 'majors', ask: '临床医学是几年制 属于哪个专业类', checks: [{ from: call('get_major', { name: '临床医学' }), paths: ['major.subcategory'] }] },

  // ── universities
  { id: 'bd-universities-01', domain: 'universities', ask: '哈工大在哪个城市 归哪个部管', checks: [profile('哈尔滨工业大学', ['city', 'affiliation'])] },
  { id: 'bd-universities-02', domain: 'universities', ask: '上海的985有几所 都是哪些', checks: [topOf('search_universities', { city: '上海', level: '985' }, 4, 'name')], invented: 'universities' },
  { id: 'bd-universities-03', domain: 'universities', ask: '中国海洋大学是985吗', checks: [...yes('985')] },
  { id: 'bd-universities-04', domain: 'universities', ask: '中科大的主管部门是教育部吗', checks: [profile('中国科学技术大学', ['affiliation'])], note: '中国科学技术大学 is run by 中国科学院, not 教育部' },
  { id: 'bd-universities-05', domain: 'universities', ask: '南京有哪些211学校', checks: [topOf('search_universities', { city: '南京', level: '211' }, 5, 'name')], invented: 'universities' },

  // ── names
  { id: 'bd-names-01', domain: 'names', ask: '南京里工大学26年江苏物理最低分', checks: [lowestGroup('南京理工大学', '江苏', 2026, '物理', '04'), says(/南京理工大学/, '说出按哪所学校理解')], invented: 'universities', note: '理 typed as 里' },
  { id: 'bd-names-02', domain: 'names', ask: '湘谭大学今年湖南物理最低多少', checks: [lowestGroup('湘潭大学', '湖南', 2026, '物理', '第106组'), says(/湘潭大学/, '说出按哪所学校理解')], invented: 'universities', note: '潭 typed as 谭' },
  { id: 'bd-names-03', domain: 'names', ask: '华农是985还是211', checks: [says(/华中农业/, '列出华中农业大学'), says(/华南农业/, '列出华南农业大学')],
    note: '华农 is the short name of both 华中农业大学 and 华南农业大学' },
  { id: 'bd-names-04', domain: 'names', ask: '中国海详大学是985吗', checks: [says(/中国海洋大学/, '按中国海洋大学理解'), ...yes('985')], note: '洋 typed as 详' },
  { id: 'bd-names-05', domain: 'names', ask: '武汉理工科技大学在湖北的分数线', checks: [notInData], invented: 'numbers', note: 'no such university (武汉理工大学 and 武汉科技大学 are real)' },
  { id: 'bd-names-06', domain: 'names', ask: '湖南理工大学是几本 在哪', checks: [notInData], invented: 'numbers', note: 'no such university (湖南理工学院 is real)' },
  { id: 'bd-names-07', domain: 'names', ask: '人大学科评估A+有哪些', checks: [topOf('query_discipline_evaluations', { university_name: '中国人民大学', grade: 'A+' }, 3, 'discipline_name')], note: '人大 = 中国人民大学' },
  { id: 'bd-names-08', domain: 'names', ask: '南航是南京那个还是中国民航 它26年江苏物理最低多少', checks: [lowestGroup('南京航空航天大学', '江苏', 2026, '物理', '07')], invented: 'universities',
    note: '南航 as a school is 南京航空航天大学 (the airline is no university)' },
];
