// Matching: which universities a score or a rank reaches, in the old (文理) and new (3+1+2, 3+3) systems, with the
// constraints families state (a major, staying in the province, 985/211, subject choices).
import { match, planTotal } from '../checks.ts';
import type { ExamCase } from '../types.ts';

const CASES: ExamCase[] = [
  { id: 'match-01', domain: 'match', ask: '河南物理类600分能上什么大学', checks: match({ score: 600, province: '河南', subject_type: '物理' }) },
  { id: 'match-02', domain: 'match', ask: '我是河南的 理科考了580 能报哪些学校', checks: match({ score: 580, province: '河南', subject_type: '理科' }) },
  { id: 'match-03', domain: 'match', ask: '河南物理 位次5万 能上啥学校', checks: match({ rank: 50000, province: '河南', subject_type: '物理' }) },
  { id: 'match-04', domain: 'match', ask: '江苏历史类位次1.2万，能报哪些大学', checks: match({ rank: 12000, province: '江苏', subject_type: '历史' }) },
  { id: 'match-05', domain: 'match', ask: '四川物理类 3.5万名 能去哪些学校', checks: match({ rank: 35000, province: '四川', subject_type: '物理' }) },
  { id: 'match-06', domain: 'match', ask: '湖南历史类590分想学法学，推荐下学校', checks: match({ score: 590, province: '湖南', subject_type: '历史', major: '法学' }) },
  { id: 'match-07', domain: 'match', ask: '山东考生600分 想留在省内读 有哪些学校', checks: match({ score: 600, province: '山东', university_province: '山东' }) },
  { id: 'match-08', domain: 'match', ask: '河北物理类620分 只看985', checks: match({ score: 620, province: '河北', subject_type: '物理', level: '985' }) },
  { id: 'match-09', domain: 'match', ask: '广东 选的物化生 610分能上什么学校', checks: match({ score: 610, province: '广东', subject_type: '物理' }) },
  { id: 'match-10', domain: 'match', ask: '陕西理科550分推荐几所学校', checks: match({ score: 550, province: '陕西', subject_type: '理科' }) },
  { id: 'match-11', domain: 'match', ask: '浙江考了620 能去哪些211', checks: match({ score: 620, province: '浙江', level: '211' }) },
  { id: 'match-12', domain: 'match', ask: '安徽物理类600分想学计算机 能上哪些学校', checks: match({ score: 600, province: '安徽', subject_type: '物理', major: '计算机' }) },
  { id: 'match-13', domain: 'match', ask: '河南文科560能上什么大学啊 冲稳保都要', checks: match({ score: 560, province: '河南', subject_type: '文科' }) },
  { id: 'match-14', domain: 'match', ask: '能上清华吗 河南物理类 680分', checks: match({ score: 680, province: '河南', subject_type: '物理' }) },
  { id: 'match-15', domain: 'match', ask: '湖北物理 位次2w 能报哪些学校', checks: match({ rank: 20000, province: '湖北', subject_type: '物理' }) },
  { id: 'match-16', domain: 'match', ask: '我们家孩子山东2025年考了560 能上什么学校', checks: match({ score: 560, province: '山东', year: 2025 }) },
  { id: 'match-17', domain: 'match', ask: '天津600分能报什么211', checks: match({ score: 600, province: '天津', level: '211' }) },
  { id: 'match-18', domain: 'match', ask: '北京考生620 推荐学校 只要985的', checks: match({ score: 620, province: '北京', level: '985' }) },
  { id: 'match-19', domain: 'match', ask: '广东历史类 位次8000 能上哪些大学', checks: match({ rank: 8000, province: '广东', subject_type: '历史' }) },
  { id: 'match-20', domain: 'match', ask: '四川文科580分可以报哪些学校', checks: match({ score: 580, province: '四川', subject_type: '文科' }) },
  { id: 'match-21', domain: 'match', ask: '浙江600分 想去上海读书 有哪些学校', checks: match({ score: 600, province: '浙江', university_province: '上海' }) },
  { id: 'match-22', domain: 'match', ask: '河南理科590 想去北京上大学 能报哪些', checks: match({ score: 590, province: '河南', subject_type: '理科', university_province: '北京' }) },
  { id: 'match-23', domain: 'match', ask: '河北历史类 625分 能上哪些大学 只看211', checks: match({ score: 625, province: '河北', subject_type: '历史', level: '211' }) },
  { id: 'match-24', domain: 'match', ask: '内蒙古物理 500分 能报什么学校', checks: match({ score: 500, province: '内蒙古', subject_type: '物理' }) },
  { id: 'match-25', domain: 'match', ask: '湖南物理类 位次3万 推荐学校', checks: match({ rank: 30000, province: '湖南', subject_type: '物理' }) },
  { id: 'match-26', domain: 'match', ask: '吉林物理类560 想学临床医学 哪些学校有戏', checks: match({ score: 560, province: '吉林', subject_type: '物理', major: '临床医学' }) },
  { id: 'match-27', domain: 'match', ask: '河南物理类排名1.5w 能上什么学校', checks: match({ rank: 15000, province: '河南', subject_type: '物理' }) },
  { id: 'match-28', domain: 'match', ask: '广东物理 考了2万名 报哪些学校好', checks: match({ rank: 20000, province: '广东', subject_type: '物理' }) },
  { id: 'match-29', domain: 'match', ask: '我儿子江苏物理类考了610分 想学电气 推荐学校', checks: match({ score: 610, province: '江苏', subject_type: '物理', major: '电气' }) },
  { id: 'match-30', domain: 'match', ask: '山东580分 只想上师范类的学校', checks: match({ score: 580, province: '山东', type: '师范' }) },

  // plans and totals
  { id: 'plans-01', domain: 'plans', ask: '吉林大学2026年在吉林招多少人', checks: [planTotal({ university_name: '吉林大学', province: '吉林', year: 2026 })] },
  { id: 'plans-02', domain: 'plans', ask: '吉大25年在吉林一共招了多少学生', checks: [planTotal({ university_name: '吉林大学', province: '吉林', year: 2025 })] },
  { id: 'plans-03', domain: 'plans', ask: '东北师范大学2026吉林招生计划一共多少人', checks: [planTotal({ university_name: '东北师范大学', province: '吉林', year: 2026 })] },
  { id: 'plans-04', domain: 'plans', ask: '长春理工大学 吉林 2025年 计划招生人数', checks: [planTotal({ university_name: '长春理工大学', province: '吉林', year: 2025 })] },
  { id: 'plans-05', domain: 'plans', ask: '南京理工大学2026年在河南招几个人', checks: [planTotal({ university_name: '南京理工大学', province: '河南', year: 2026 })] },
  { id: 'plans-06', domain: 'plans', ask: '南京理工大学在四川2026招多少', checks: [planTotal({ university_name: '南京理工大学', province: '四川', year: 2026 })] },
  { id: 'plans-07', domain: 'plans', ask: '安徽大学2025年在安徽招多少人？', checks: [planTotal({ university_name: '安徽大学', province: '安徽', year: 2025 })] },
  { id: 'plans-08', domain: 'plans', ask: '西藏大学2024在西藏的招生人数', checks: [planTotal({ university_name: '西藏大学', province: '西藏', year: 2024 })] },
  { id: 'plans-09', domain: 'plans', ask: '湖南大学吉林2025计划招多少', checks: [planTotal({ university_name: '湖南大学', province: '吉林', year: 2025 })] },
  { id: 'plans-10', domain: 'plans', ask: '南京理工大学江苏2026年招生计划总数', checks: [planTotal({ university_name: '南京理工大学', province: '江苏', year: 2026 })] },
  { id: 'plans-11', domain: 'plans', ask: '长春理工大学2026在吉林招生多少人', checks: [planTotal({ university_name: '长春理工大学', province: '吉林', year: 2026 })] },
  { id: 'plans-12', domain: 'plans', ask: '东北师大25年吉林计划招多少', checks: [planTotal({ university_name: '东北师范大学', province: '吉林', year: 2025 })] },
  { id: 'plans-13', domain: 'plans', ask: '南京理工大学在湖北2026年招多少学生', checks: [planTotal({ university_name: '南京理工大学', province: '湖北', year: 2026 })] },
  { id: 'plans-14', domain: 'plans', ask: '长春理工大学2026年在浙江招多少人', checks: [planTotal({ university_name: '长春理工大学', province: '浙江', year: 2026 })] },
  { id: 'plans-15', domain: 'plans', ask: '南京理工大学2026年在陕西计划多少人', checks: [planTotal({ university_name: '南京理工大学', province: '陕西', year: 2026 })] },
];

/** Single-turn lists of schools: a school the answer names must come from a served result. */
export const MATCHING: ExamCase[] = CASES.map((c) => ({ invented: 'universities', ...c }));
