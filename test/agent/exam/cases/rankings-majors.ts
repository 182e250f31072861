// Major rankings, discipline evaluations and majors by name or code.
import { call, says } from '../checks.ts';
import type { ExamCase } from '../types.ts';

const rankings = (args: Record<string, unknown>) => call('query_major_rankings', args);
const evals = (args: Record<string, unknown>) => call('query_discipline_evaluations', args);
const major = (name: string) => call('get_major', { name });

const CASES: ExamCase[] = [
  { id: 'rankings-01', domain: 'rankings', ask: '计算机科学与技术专业哪些学校是A+', checks: [{ from: rankings({ major_name: '计算机科学与技术', grade: 'A+' }), top: 10, field: 'school_name' }] },
  { id: 'rankings-02', domain: 'rankings', ask: '软件工程专业排名前10', checks: [{ from: rankings({ major_name: '软件工程' }), top: 10, field: 'school_name' }] },
  { id: 'rankings-03', domain: 'rankings', ask: '华中科技大学哪些专业是A+', checks: [{ from: rankings({ university_name: '华中科技大学', grade: 'A+' }), top: 8, field: 'major_name' }], invented: 'universities' },
  { id: 'rankings-04', domain: 'rankings', ask: '武大学科评估结果怎么样', checks: [{ from: evals({ university_name: '武汉大学' }), top: 4, field: 'discipline_name' }] },
  { id: 'rankings-05', domain: 'rankings', ask: '第四轮学科评估计算机A+的学校有哪些', checks: [{ from: evals({ discipline_name: '计算机科学与技术', grade: 'A+' }), top: 4, field: 'school_name' }], invented: 'universities' },
  { id: 'rankings-06', domain: 'rankings', ask: '临床医学专业排名前五的大学', checks: [{ from: rankings({ major_name: '临床医学' }), top: 5, field: 'school_name' }] },
  { id: 'rankings-07', domain: 'rankings', ask: '浙大有哪些A+专业', checks: [{ from: rankings({ university_name: '浙江大学', grade: 'A+' }), top: 8, field: 'major_name' }] },
  { id: 'rankings-08', domain: 'rankings', ask: '法学学科评估A+是哪几所', checks: [{ from: evals({ discipline_name: '法学', grade: 'A+' }), top: 3, field: 'school_name' }], invented: 'universities' },
  { id: 'rankings-09', domain: 'rankings', ask: '电气工程及其自动化专业排名 前十名', checks: [{ from: rankings({ major_name: '电气工程及其自动化' }), top: 10, field: 'school_name' }] },
  { id: 'rankings-10', domain: 'rankings', ask: '南京大学的计算机专业软科排第几', checks: [{ from: rankings({ university_name: '南京大学', major_name: '计算机科学与技术' }), row: { major_name: '计算机科学与技术' }, fields: ['rank', 'grade'] }] },
  { id: 'rankings-11', domain: 'rankings', ask: '会计学专业排名前5', checks: [{ from: rankings({ major_name: '会计学' }), top: 5, field: 'school_name' }] },
  {
    id: 'rankings-12',
    domain: 'rankings',
    ask: '武大法学是A+吗',
    // A+ is read here as the 软科 grade (A+, rank 3 in the data); the fifth evaluation as the school published it
    // also says A+ (the fourth: A), so an answer from either source that says yes counts.
    checks: [{ from: rankings({ university_name: '武汉大学', major_name: '法学' }), row: { major_name: '法学' }, fields: ['grade'] }, says(/(是|为|属于|评为)[^。；\n]{0,24}A\+/, '明确回答“是 A+”')],
  },
  { id: 'rankings-13', domain: 'rankings', ask: '学科评估 机械工程A+有哪些学校', checks: [{ from: evals({ discipline_name: '机械工程', grade: 'A+' }), top: 3, field: 'school_name' }], invented: 'universities' },
  { id: 'rankings-14', domain: 'rankings', ask: '口腔医学专业排名前三', checks: [{ from: rankings({ major_name: '口腔医学' }), top: 3, field: 'school_name' }] },
  { id: 'rankings-15', domain: 'rankings', ask: '学科评估 数学A+的学校', checks: [{ from: evals({ discipline_name: '数学', grade: 'A+' }), top: 3, field: 'school_name' }] },

  { id: 'majors-01', domain: 'majors', ask: '080901是什么专业', checks: [{ from: major('080901'), paths: ['major.name'] }] },
  { id: 'majors-02', domain: 'majors', ask: '专业代码080902是啥', checks: [{ from: major('080902'), paths: ['major.name'] }] },
  { id: 'majors-03', domain: 'majors', ask: '计算机类下面有哪些专业', checks: [{ from: call('search_majors', { sub_category: '计算机类' }), top: 5, field: 'name' }] },
  { id: 'majors-04', domain: 'majors', ask: '临床医学专业怎么样 多少学校开了', checks: [{ from: major('临床医学'), paths: ['major.code', 'major.universities_offering.count'] }] },
  { id: 'majors-05', domain: 'majors', ask: '法学专业代码是多少', checks: [{ from: major('法学'), paths: ['major.code'] }] },
  { id: 'majors-06', domain: 'majors', ask: '人工智能专业属于什么门类', checks: [{ from: major('人工智能'), paths: ['major.category', 'major.code'] }] },
  { id: 'majors-07', domain: 'majors', ask: '数据科学与大数据技术是工科吗', checks: [{ from: major('数据科学与大数据技术'), paths: ['major.category'] }] },
  { id: 'majors-08', domain: 'majors', ask: '电子信息类有哪些专业', checks: [{ from: call('search_majors', { sub_category: '电子信息类' }), top: 5, field: 'name' }] },
  { id: 'majors-09', domain: 'majors', ask: '学计算机科学与技术哪些学校最好', checks: [{ from: major('计算机科学与技术'), paths: ['major.top_universities_by_ranking.items.0.school_name', 'major.top_universities_by_ranking.items.1.school_name', 'major.top_universities_by_ranking.items.2.school_name'] }] },
  { id: 'majors-10', domain: 'majors', ask: '100201K是什么专业', checks: [{ from: major('100201K'), paths: ['major.name'] }] },
  { id: 'majors-11', domain: 'majors', ask: '软件工程是什么门类的 代码多少', checks: [{ from: major('软件工程'), paths: ['major.category', 'major.code'] }] },
  { id: 'majors-12', domain: 'majors', ask: '哲学类有哪些专业', checks: [{ from: call('search_majors', { sub_category: '哲学类' }), top: 3, field: 'name' }] },
  { id: 'majors-13', domain: 'majors', ask: '口腔医学专业代码', checks: [{ from: major('口腔医学'), paths: ['major.code'] }] },
  { id: 'majors-14', domain: 'majors', ask: '护理学属于哪个门类', checks: [{ from: major('护理学'), paths: ['major.category'] }] },
  { id: 'majors-15', domain: 'majors', ask: '080703是什么专业啊', checks: [{ from: major('080703'), paths: ['major.name'] }] },
];

/** Single-turn lists of schools: a school the answer names must come from a served result. */
export const RANKINGS_MAJORS: ExamCase[] = CASES.map((c) => ({ invented: 'universities', ...c }));
