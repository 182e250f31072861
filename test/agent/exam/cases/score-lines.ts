// Score lines, rank tables and batch lines, asked the way students and parents type them.
import { batch, line, majorLine, rankOf, schoolLine } from '../checks.ts';
import type { ExamCase } from '../types.ts';

const CASES: ExamCase[] = [
  { id: 'score-01', domain: 'score', ask: '郑州大学2024年河南理科最低分多少', checks: [schoolLine('郑州大学', '河南', 2024, '理科')] },
  { id: 'score-02', domain: 'score', ask: '南京大学24年在四川文科录取线多少 位次呢', checks: [schoolLine('南京大学', '四川', 2024, '文科')] },
  { id: 'score-03', domain: 'score', ask: '武汉大学山西2024文科要多少分', checks: [schoolLine('武汉大学', '山西', 2024, '文科')] },
  { id: 'score-04', domain: 'score', ask: '兰州大学在河南2024年文科的最低分和最低位次', checks: [schoolLine('兰州大学', '河南', 2024, '文科')] },
  { id: 'score-05', domain: 'score', ask: '华中科技大学 陕西 2024 历史类 投档线', checks: [schoolLine('华中科技大学', '陕西', 2024, '历史')] },
  { id: 'score-06', domain: 'score', ask: '西南大学2024年重庆历史类分数线是多少啊', checks: [schoolLine('西南大学', '重庆', 2024, '历史')] },
  { id: 'score-07', domain: 'score', ask: '重庆大学在宁夏24年理科最低多少分', checks: [schoolLine('重庆大学', '宁夏', 2024, '理科')] },
  { id: 'score-08', domain: 'score', ask: '电子科技大学青海2024理科录取分', checks: [schoolLine('电子科技大学', '青海', 2024, '理科')] },
  { id: 'score-09', domain: 'score', ask: '河海大学在云南2024年文科多少分录取的', checks: [schoolLine('河海大学', '云南', 2024, '文科')] },
  { id: 'score-10', domain: 'score', ask: '太原理工大学在山西2024文科最低分', checks: [schoolLine('太原理工大学', '山西', 2024, '文科')] },
  { id: 'score-11', domain: 'score', ask: '苏州大学 山西 2024年 理科 最低位次多少', checks: [schoolLine('苏州大学', '山西', 2024, '理科')] },
  { id: 'score-12', domain: 'score', ask: '北京师范大学2025年河南历史类最低多少分', checks: [schoolLine('北京师范大学', '河南', 2025, '历史')] },
  { id: 'score-13', domain: 'score', ask: '郑州大学2024河南物理类信息安全专业最低分', checks: [majorLine('郑州大学', '河南', 2024, '物理', '信息安全')] },
  { id: 'score-14', domain: 'score', ask: '武汉大学法学专业2024年湖北物理类多少分', checks: [majorLine('武汉大学', '湖北', 2024, '物理', '法学')] },
  { id: 'score-15', domain: 'score', ask: '武汉大学法学 湖北历史类 2024 专业线多少', checks: [majorLine('武汉大学', '湖北', 2024, '历史', '法学')] },
  { id: 'score-16', domain: 'score', ask: '西安交通大学软件工程在辽宁2024年录取最低分是多少，排多少名', checks: [majorLine('西安交通大学', '辽宁', 2024, '物理', '软件工程')] },
  { id: 'score-17', domain: 'score', ask: '山东大学电气工程及其自动化 2024山东多少分', checks: [majorLine('山东大学', '山东', 2024, '综合', '电气工程及其自动化')] },
  { id: 'score-18', domain: 'score', ask: '四川大学临床医学上海2024年录取分数', checks: [majorLine('四川大学', '上海', 2024, '综合', '临床医学')] },
  { id: 'score-19', domain: 'score', ask: '厦大在山西24年文科投档线', checks: [schoolLine('厦门大学', '山西', 2024, '文科', '厦大')] },
  { id: 'score-20', domain: 'score', ask: '南大云南理科2024最低分多少', checks: [schoolLine('南京大学', '云南', 2024, '理科', '南大')] },
  { id: 'score-21', domain: 'score', ask: '人民大学宁夏2024年理科录取最低分', checks: [schoolLine('中国人民大学', '宁夏', 2024, '理科', '人民大学')] },
  { id: 'score-22', domain: 'score', ask: '广西大学四川理科2024最低分 位次', checks: [schoolLine('广西大学', '四川', 2024, '理科')] },
  { id: 'score-23', domain: 'score', ask: '云南大学在四川文科2024年多少分能进', checks: [schoolLine('云南大学', '四川', 2024, '文科')] },
  { id: 'score-24', domain: 'score', ask: '北师大江苏历史类2025投档线', checks: [schoolLine('北京师范大学', '江苏', 2025, '历史', '北师大')] },
  { id: 'score-25', domain: 'score', ask: '华中科技大学重庆物理类2025年最低多少分', checks: [schoolLine('华中科技大学', '重庆', 2025, '物理')] },
  { id: 'score-26', domain: 'score', ask: '孩子想报兰州大学，山西理科的，2024年最低要多少分', checks: [schoolLine('兰州大学', '山西', 2024, '理科')] },
  { id: 'score-27', domain: 'score', ask: '郑州大学宁夏2025物理类分数线', checks: [schoolLine('郑州大学', '宁夏', 2025, '物理')] },

  // rank tables
  { id: 'rank-01', domain: 'rank', ask: '河南25年物理类600分排多少名', checks: [rankOf('河南', 2025, 600, '物理')] },
  { id: 'rank-02', domain: 'rank', ask: '山东2024年 580分 位次多少', checks: [rankOf('山东', 2024, 580)] },
  { id: 'rank-03', domain: 'rank', ask: '四川2024理科600分 全省排第几', checks: [rankOf('四川', 2024, 600, '理科')] },
  { id: 'rank-04', domain: 'rank', ask: '广东2024历史类550分大概多少名', checks: [rankOf('广东', 2024, 550, '历史')] },
  { id: 'rank-05', domain: 'rank', ask: '上海2025年高考500分位次', checks: [rankOf('上海', 2025, 500)] },
  { id: 'rank-06', domain: 'rank', ask: '吉林2026物理类550分是多少位次', checks: [rankOf('吉林', 2026, 550, '物理')] },
  { id: 'rank-07', domain: 'rank', ask: '安徽2025年历史类 580 分一分一段多少名', checks: [rankOf('安徽', 2025, 580, '历史')] },
  { id: 'rank-08', domain: 'rank', ask: '北京2024年620分有多少人 排名多少', checks: [{ ...rankOf('北京', 2024, 620), fields: ['cumulative_rank', 'count_at_score'] }] },
  { id: 'rank-09', domain: 'rank', ask: '江苏2025物理类 630分多少名', checks: [rankOf('江苏', 2025, 630, '物理')] },
  { id: 'rank-10', domain: 'rank', ask: '云南2025历史类550分位次是多少', checks: [rankOf('云南', 2025, 550, '历史')] },
  { id: 'rank-11', domain: 'rank', ask: '宁夏25年物理520分 排名', checks: [rankOf('宁夏', 2025, 520, '物理')] },
  { id: 'rank-12', domain: 'rank', ask: '山东2023年600分在全省什么位置', checks: [rankOf('山东', 2023, 600)] },

  // batch lines
  { id: 'batch-01', domain: 'batch', ask: '河南2024年一本线多少', checks: [batch({ province: '河南', year: 2024, batch: '本科一批' }, { subject_type: '理科', batch_family: '本科一批' }), batch({ province: '河南', year: 2024, batch: '本科一批' }, { subject_type: '文科', batch_family: '本科一批' })] },
  { id: 'batch-02', domain: 'batch', ask: '四川25年物理类本科线', checks: [batch({ province: '四川', year: 2025, subject_type: '物理' }, { subject_type: '物理类', batch_family: '本科批' })] },
  { id: 'batch-03', domain: 'batch', ask: '北京2026本科线多少分', checks: [batch({ province: '北京', year: 2026 }, { batch_family: '本科批', category: '普通类' })] },
  { id: 'batch-04', domain: 'batch', ask: '四川2025年物理类特控线是多少', checks: [batch({ province: '四川', year: 2025, subject_type: '物理' }, { subject_type: '物理类', batch_family: '特殊类型' })] },
  { id: 'batch-05', domain: 'batch', ask: '河南24年理科二本线', checks: [batch({ province: '河南', year: 2024, subject_type: '理科' }, { subject_type: '理科', batch_family: '本科二批' })] },
  { id: 'batch-06', domain: 'batch', ask: '四川2026历史类本科控制线', checks: [batch({ province: '四川', year: 2026, subject_type: '历史' }, { subject_type: '历史类', batch_family: '本科批', category: '普通类' })] },
  { id: 'batch-07', domain: 'batch', ask: '河南2024专科线多少分啊', checks: [batch({ province: '河南', year: 2024 }, { subject_type: '理科', batch_family: '专科批', category: '普通类' })] },
  { id: 'batch-08', domain: 'batch', ask: '北京2024特控线', checks: [batch({ province: '北京', year: 2024 }, { batch_family: '特殊类型' })] },
  { id: 'batch-09', domain: 'batch', ask: '四川24年物理类本科二批线多少', checks: [batch({ province: '四川', year: 2024, subject_type: '物理' }, { subject_type: '物理类', batch_family: '本科二批' })] },
  { id: 'batch-10', domain: 'batch', ask: '河南2024年文科一本线', checks: [batch({ province: '河南', year: 2024, subject_type: '文科' }, { subject_type: '文科', batch_family: '本科一批' })] },
];

/** Single-turn lists of schools: a school the answer names must come from a served result. */
export const SCORE_LINES: ExamCase[] = CASES.map((c) => ({ invented: 'universities', ...c }));
