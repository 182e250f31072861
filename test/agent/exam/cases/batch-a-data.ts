// Batch A (data half), written by an author who has not read the assistant's code: score lines, matching, rank
// tables, plans, batch lines, rankings, majors, universities and names, typed the way students and parents type on a
// phone. Every fact lives in a canonical call; the runner makes it against the same app.
import { batch, call, line, majorLine, match, notInData, no, planTotal, profile, rankOf, says, schoolLine, yes } from '../checks.ts';
import { sameScore, scoreAtRank, topOf } from '../checks-more.ts';
import type { ExamCase } from '../types.ts';

const topRank = (args: Record<string, unknown>, n: number) => topOf('query_major_rankings', args, n, 'school_name');
const topEval = (args: Record<string, unknown>, n: number) => topOf('query_discipline_evaluations', args, n, 'school_name');
const searchTop = (args: Record<string, unknown>, n: number) => topOf('search_universities', args, n, 'name');

export const BATCH_A_DATA: ExamCase[] = [
  // ── score: a school's lowest line is the ordinary line of exactly that school, not its 中外合作/医护/软件类 lines
  { id: 'ba-score-01', domain: 'score', ask: '河大24年在河南理科投档线多少 最低位次呢', checks: [schoolLine('河南大学', '河南', 2024, '理科')], invented: 'universities',
    note: '河南大学 has 软件类/医护类/中外合作 lines beside its own; the ordinary line is asked' },
  { id: 'ba-score-02', domain: 'score', ask: '河南师大2024理科最低分', checks: [schoolLine('河南师范大学', '河南', 2024, '理科')], invented: 'universities' },
  { id: 'ba-score-03', domain: 'score', ask: '西工大在河南24年文科要多少分才能进', checks: [schoolLine('西北工业大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'ba-score-04', domain: 'score', ask: '请问一下 兰州大学2024年在山西理科录取最低分和位次', checks: [schoolLine('兰州大学', '山西', 2024, '理科')], invented: 'universities' },
  { id: 'ba-score-05', domain: 'score', ask: '华东师范大学 四川 2024 理科 最低分是多少啊', checks: [schoolLine('华东师范大学', '四川', 2024, '理科')], invented: 'universities' },
  { id: 'ba-score-06', domain: 'score', ask: '东北大学24年河南文科线', checks: [schoolLine('东北大学', '河南', 2024, '文科')], invented: 'universities',
    note: '秦皇岛分校 is listed separately and is not the asked line' },
  { id: 'ba-score-07', domain: 'score', ask: '北交大2024河南理科多少分录取的，别给我威海校区的', checks: [schoolLine('北京交通大学', '河南', 2024, '理科')], invented: 'universities' },
  { id: 'ba-score-08', domain: 'score', ask: '中国海洋大学去年河南文科最低多少分 我说的是2024', checks: [schoolLine('中国海洋大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'ba-score-09', domain: 'score', ask: '电子科大在四川2024理科最低投档分', checks: [schoolLine('电子科技大学', '四川', 2024, '理科')], invented: 'universities' },
  { id: 'ba-score-10', domain: 'score', ask: '南开2024四川文科最低分 位次', checks: [schoolLine('南开大学', '四川', 2024, '文科')], invented: 'universities' },
  { id: 'ba-score-11', domain: 'score', ask: '郑大计算机科学与技术2025年河南物理类录取最低分', checks: [majorLine('郑州大学', '河南', 2025, '物理', '计算机科学与技术')], invented: 'universities' },
  { id: 'ba-score-12', domain: 'score', ask: '山大计科24年山东最低多少分能进', checks: [majorLine('山东大学', '山东', 2024, '综合', '计算机科学与技术')], invented: 'universities',
    note: '山东 fills by major; the row of 计算机科学与技术 itself, not its 威海 campus or a 定向 line' },
  { id: 'ba-score-13', domain: 'score', ask: '南理工2024在山西理科的分数线', checks: [schoolLine('南京理工大学', '山西', 2024, '理科')], invented: 'universities' },
  { id: 'ba-score-14', domain: 'score', ask: '西农2024河南理科最低录取分数？（西北农林科技大学）', checks: [schoolLine('西北农林科技大学', '河南', 2024, '理科')], invented: 'universities' },
  { id: 'ba-score-15', domain: 'score', ask: '河南理工文科2024最低多少', checks: [schoolLine('河南理工大学', '河南', 2024, '文科')], invented: 'universities' },

  // ── match: 冲稳保 by score or rank, with the constraint the user states
  { id: 'ba-match-01', domain: 'match', ask: '河南物理类考了598 不想出省 能报哪些', checks: match({ score: 598, province: '河南', subject_type: '物理', university_province: '河南' }), invented: 'universities' },
  { id: 'ba-match-02', domain: 'match', ask: '孩子湖北物理580分，想去成都读大学，帮看看冲稳保', checks: match({ score: 580, province: '湖北', subject_type: '物理', city: '成都' }), invented: 'universities' },
  { id: 'ba-match-03', domain: 'match', ask: '广东物理位次2万 只看985 有哪些机会', checks: match({ rank: 20000, province: '广东', subject_type: '物理', level: '985' }), invented: 'universities' },
  { id: 'ba-match-04', domain: 'match', ask: '安徽物理600分想学计算机 推荐几个学校', checks: match({ score: 600, province: '安徽', subject_type: '物理', major: '计算机' }), invented: 'universities' },
  { id: 'ba-match-05', domain: 'match', ask: '四川历史类550分，想读师范，能上哪些师范大学', checks: match({ score: 550, province: '四川', subject_type: '历史', type: '师范' }), invented: 'universities' },
  { id: 'ba-match-06', domain: 'match', ask: '江苏物理排名2万左右 想去厦门', checks: match({ rank: 20000, province: '江苏', subject_type: '物理', city: '厦门' }), invented: 'universities' },
  { id: 'ba-match-07', domain: 'match', ask: '湖南物理550分只要公办本科，冲稳保各来几个', checks: match({ score: 550, province: '湖南', subject_type: '物理', nature: '公办' }), invented: 'universities' },
  { id: 'ba-match-08', domain: 'match', ask: '河北历史位次一万 想去两广海南那边读书', checks: match({ rank: 10000, province: '河北', subject_type: '历史', region: '华南' }), invented: 'universities' },
  { id: 'ba-match-09', domain: 'match', ask: '山东考生600分，想去武汉，给点建议', checks: match({ score: 600, province: '山东', city: '武汉' }), invented: 'universities' },
  { id: 'ba-match-10', domain: 'match', ask: '北京600分能上啥211', checks: match({ score: 600, province: '北京', level: '211' }), invented: 'universities' },
  { id: 'ba-match-11', domain: 'match', ask: '浙江位次5万 想学法学 有哪些学校', checks: match({ rank: 50000, province: '浙江', major: '法学' }), invented: 'universities' },
  { id: 'ba-match-12', domain: 'match', ask: '河南物理590分想去南京上学', checks: match({ score: 590, province: '河南', subject_type: '物理', city: '南京' }), invented: 'universities' },
  { id: 'ba-match-13', domain: 'match', ask: '我是广东历史类 560分 想留在华南 哪些学校稳', checks: match({ score: 560, province: '广东', subject_type: '历史', region: '华南' }), invented: 'universities' },
  { id: 'ba-match-14', domain: 'match', ask: '湖北物理位次三万五 想去西南地区 985 211都行', checks: match({ rank: 35000, province: '湖北', subject_type: '物理', region: '西南', level: '211' }), invented: 'universities',
    note: '“985 211都行”: every 985 is a 211, so the 211 filter is the constraint' },

  // ── rank: score → rank, 同分多少人, rank → score
  { id: 'ba-rank-01', domain: 'rank', ask: '湖北25年物理580分排多少名', checks: [rankOf('湖北', 2025, 580, '物理')] },
  { id: 'ba-rank-02', domain: 'rank', ask: '四川2025历史类550分 同分多少人', checks: [sameScore('四川', 2025, 550, '历史')] },
  { id: 'ba-rank-03', domain: 'rank', ask: '河南25年物理排名3万大概多少分', checks: [scoreAtRank('河南', 2025, 615, '物理')],
    note: '615 is the first score whose cumulative rank reaches 30,000 in the served table' },
  { id: 'ba-rank-04', domain: 'rank', ask: '广东2025物理类位次5万对应多少分', checks: [scoreAtRank('广东', 2025, 575, '物理')] },
  { id: 'ba-rank-05', domain: 'rank', ask: '安徽2025物理600分的位次和同分人数', checks: [rankOf('安徽', 2025, 600, '物理'), sameScore('安徽', 2025, 600, '物理')] },
  { id: 'ba-rank-06', domain: 'rank', ask: '北京2025年考600分全市排第几', checks: [rankOf('北京', 2025, 600)] },
  { id: 'ba-rank-07', domain: 'rank', ask: '湖南25物理550 多少名', checks: [rankOf('湖南', 2025, 550, '物理')] },
  { id: 'ba-rank-08', domain: 'rank', ask: '河北2025历史类前一万名大概要多少分', checks: [scoreAtRank('河北', 2025, 584, '历史')] },
  { id: 'ba-rank-09', domain: 'rank', ask: '今年河南物理590分排多少（2026）', checks: [rankOf('河南', 2026, 590, '物理')] },
  { id: 'ba-rank-10', domain: 'rank', ask: '江苏2025物理 排两万名是多少分左右', checks: [scoreAtRank('江苏', 2025, 618, '物理')] },

  // ── plans: 招多少人 is the sum over every served row
  { id: 'ba-plans-01', domain: 'plans', ask: '吉大2025年在吉林物理类一共招多少人', checks: [planTotal({ province: '吉林', year: 2025, university_name: '吉林大学', subject_type: '物理' })] },
  { id: 'ba-plans-02', domain: 'plans', ask: '东北师大25年吉林历史类计划招几个', checks: [planTotal({ province: '吉林', year: 2025, university_name: '东北师范大学', subject_type: '历史' })] },
  { id: 'ba-plans-03', domain: 'plans', ask: '中科大2025在安徽招多少个', checks: [planTotal({ province: '安徽', year: 2025, university_name: '中国科学技术大学' })] },
  { id: 'ba-plans-04', domain: 'plans', ask: '延边大学2025年吉林招生计划总数', checks: [planTotal({ province: '吉林', year: 2025, university_name: '延边大学' })] },
  { id: 'ba-plans-05', domain: 'plans', ask: '浙大2026在浙江计划招多少人', checks: [planTotal({ province: '浙江', year: 2026, university_name: '浙江大学' }), says(/(部分|不完整|只含|仅含|物理.{0,3}化学.{0,3}生物|物化生)/, '说明浙江 2026 计划只是部分')],
    note: 'the served 浙江 2026 plans hold only the 物化生 part; the answer must say it is partial' },

  // ── batch lines
  { id: 'ba-batch-01', domain: 'batch', ask: '河南2025物理类本科线多少', checks: [batch({ province: '河南', year: 2025, subject_type: '物理' }, { subject_type: '物理类', batch_family: '本科批' })] },
  { id: 'ba-batch-02', domain: 'batch', ask: '湖北25年历史类特控线', checks: [batch({ province: '湖北', year: 2025, subject_type: '历史' }, { subject_type: '历史类', batch_family: '特殊类型' })] },
  { id: 'ba-batch-03', domain: 'batch', ask: '广东2024物理本科线是几分', checks: [batch({ province: '广东', year: 2024, subject_type: '物理' }, { subject_type: '物理类', batch: '本科' })],
    note: 'the ordinary 本科 line, not 消防本科 or 特控线' },
  { id: 'ba-batch-04', domain: 'batch', ask: '河南24年理科一本线', checks: [batch({ province: '河南', year: 2024, subject_type: '理科' }, { subject_type: '理科', batch_family: '本科一批' })] },
  { id: 'ba-batch-05', domain: 'batch', ask: '安徽2025物理类本科控制线和特殊类型线分别多少', checks: [
    batch({ province: '安徽', year: 2025, subject_type: '物理' }, { subject_type: '物理类', batch_family: '本科批' }),
    batch({ province: '安徽', year: 2025, subject_type: '物理' }, { subject_type: '物理类', batch_family: '特殊类型' }),
  ] },
  { id: 'ba-batch-06', domain: 'batch', ask: '河北历史类2025本科线', checks: [batch({ province: '河北', year: 2025, subject_type: '历史' }, { subject_type: '历史类', batch_family: '本科批' })] },
  { id: 'ba-batch-07', domain: 'batch', ask: '四川2024理科二本线多少', checks: [batch({ province: '四川', year: 2024, subject_type: '理科' }, { subject_type: '理科', batch_family: '本科二批' })] },

  // ── rankings and 学科评估
  { id: 'ba-rankings-01', domain: 'rankings', ask: '软科2026软件工程专业排名前五是哪几个学校', checks: [topRank({ major_name: '软件工程', year: 2026 }, 5)], invented: 'universities' },
  { id: 'ba-rankings-02', domain: 'rankings', ask: '第四轮学科评估 控制科学与工程 A+有哪几所', checks: [topEval({ discipline_name: '控制科学与工程', grade: 'A+' }, 3)], invented: 'universities' },
  { id: 'ba-rankings-03', domain: 'rankings', ask: '电气工程及其自动化 软科2026 A+的学校', checks: [topRank({ major_name: '电气工程及其自动化', year: 2026, grade: 'A+' }, 3)], invented: 'universities',
    note: 'a 软科 grade question, not 学科评估' },
  { id: 'ba-rankings-04', domain: 'rankings', ask: '华科的学科评估有哪些A+', checks: [topOf('query_discipline_evaluations', { university_name: '华中科技大学', grade: 'A+' }, 1, 'discipline_name')] },
  { id: 'ba-rankings-05', domain: 'rankings', ask: '临床医学专业排名前三（软科2026）', checks: [topRank({ major_name: '临床医学', year: 2026 }, 3)], invented: 'universities' },
  { id: 'ba-rankings-06', domain: 'rankings', ask: '法学学科评估A+是哪些学校', checks: [topEval({ discipline_name: '法学', grade: 'A+' }, 2)], invented: 'universities' },
  { id: 'ba-rankings-07', domain: 'rankings', ask: '西电有哪些专业是软科A+', checks: [topOf('query_major_rankings', { university_name: '西安电子科技大学', grade: 'A+', year: 2026 }, 2, 'major_name')] },

  // ── majors
  { id: 'ba-majors-01', domain: 'majors', ask: '080902是什么专业', checks: [{ from: call('get_major', { name: '080902' }), paths: ['major.name', 'major.subcategory'] }] },
  { id: 'ba-majors-02', domain: 'majors', ask: '智能制造工程属于哪个门类 专业代码多少', checks: [{ from: call('get_major', { name: '智能制造工程' }), paths: ['major.code', 'major.category'] }] },
  { id: 'ba-majors-03', domain: 'majors', ask: '计算机类下面都有啥专业', checks: [topOf('search_majors', { sub_category: '计算机类' }, 5, 'name')] },
  { id: 'ba-majors-04', domain: 'majors', ask: '护理学的代码', checks: [{ from: call('get_major', { name: '护理学' }), paths: ['major.code'] }] },
  { id: 'ba-majors-05', domain: 'majors', ask: '人工智能专业哪些学校排前面（软科）', checks: [{ from: call('get_major', { name: '人工智能' }), paths: ['major.top_universities_by_ranking.items.0.school_name', 'major.top_universities_by_ranking.items.1.school_name'] }], invented: 'universities' },

  // ── universities
  { id: 'ba-universities-01', domain: 'universities', ask: '电子科技大学是985吗', checks: [...yes('985')] },
  { id: 'ba-universities-02', domain: 'universities', ask: '郑州大学是不是985啊', checks: [no('985')] },
  { id: 'ba-universities-03', domain: 'universities', ask: '江南大学在哪个城市 软科排第几', checks: [profile('江南大学', ['city', 'ranking.ruanke_2026_main'])] },
  { id: 'ba-universities-04', domain: 'universities', ask: '成都有哪些211', checks: [searchTop({ city: '成都', level: '211' }, 4)], invented: 'universities' },
  { id: 'ba-universities-05', domain: 'universities', ask: '湖南的985大学都是哪些', checks: [searchTop({ province: '湖南', level: '985' }, 2)], invented: 'universities' },
  { id: 'ba-universities-06', domain: 'universities', ask: '南京信息工程大学是双一流吗，主管部门是谁', checks: [...yes('双一流'), profile('南京信息工程大学', ['affiliation'])] },
  { id: 'ba-universities-07', domain: 'universities', ask: '软科2026前十的大学', checks: [searchTop({ order: 'ranking', page_size: 10 }, 10)], invented: 'universities' },
  { id: 'ba-universities-08', domain: 'universities', ask: '苏大是公办还是民办 在哪', checks: [profile('苏州大学', ['nature', 'city'])] },

  // ── names: short names, typos, transpositions, English names, names that are no university
  { id: 'ba-names-01', domain: 'names', ask: '北京航天航空大学在河南2024理科多少分', checks: [schoolLine('北京航空航天大学', '河南', 2024, '理科'), says(/北京航空航天大学/, '说出按哪所学校理解')], invented: 'universities',
    note: 'two characters swapped: 航天航空 → 航空航天' },
  { id: 'ba-names-02', domain: 'names', ask: '华东师大24年河南文科投档线', checks: [schoolLine('华东师范大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'ba-names-03', domain: 'names', ask: '西安交大2024河南文科', checks: [schoolLine('西安交通大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'ba-names-04', domain: 'names', ask: '南京大学和南京理工不是一个学校吧？南理工是985吗', checks: [no('985')] },
  { id: 'ba-names-05', domain: 'names', ask: '清北大学在河南招多少分', checks: [notInData, says(/(清华|北京大学|北大)/, '给出最接近的真实校名')], invented: 'numbers',
    note: '清北 is a nickname for two schools, no university is called 清北大学' },
  { id: 'ba-names-06', domain: 'names', ask: '长江科技大学是几本', checks: [notInData], invented: 'numbers' },
  { id: 'ba-names-07', domain: 'names', ask: '兰洲大学24年在河南文科多少分', checks: [schoolLine('兰州大学', '河南', 2024, '文科')], invented: 'universities',
    note: 'one-character typo 州→洲' },
  { id: 'ba-names-08', domain: 'names', ask: '哈工大是985吗', checks: [...yes('985')] },
  { id: 'ba-names-09', domain: 'names', ask: '上海交通大学医学院算985吗', checks: [says(/上海交通大学/, '说出所属的上海交通大学'), ...yes('985')],
    note: '上海交通大学医学院 is a school of 上海交通大学, which is 985' },
  { id: 'ba-names-10', domain: 'names', ask: '华东理工和华东师大哪个软科排名高', checks: [profile('华东理工大学', ['ranking.ruanke_2026_main']), profile('华东师范大学', ['ranking.ruanke_2026_main'])] },
];
