// Questions the data cannot answer: universities that do not exist, years outside the data. The answer says so and
// never invents a figure.
import { notInData } from '../checks.ts';
import type { ExamCase } from '../types.ts';

export const MADEUP: ExamCase[] = [
  { id: 'madeup-01', domain: 'madeup', ask: '火星理工大学2024年在河南的录取分数线', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-02', domain: 'madeup', ask: '北京大学2031年在河南录取分数线多少', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-03', domain: 'madeup', ask: '郑州大学1990年在河南理科最低分', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-04', domain: 'madeup', ask: '霍格沃茨魔法学校在河南招多少人', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-05', domain: 'madeup', ask: '东方理工科技大学是985吗', checks: [notInData], invented: 'universities' },
  { id: 'madeup-06', domain: 'madeup', ask: '清华大学魔法学专业排名', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-07', domain: 'madeup', ask: 'What was the cutoff of Springfield University in Henan 2024?', english: true, checks: [notInData], invented: 'numbers' },
  { id: 'madeup-08', domain: 'madeup', ask: '河南2035年一本线', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-09', domain: 'madeup', ask: '北京大学外星语专业2024年在河南多少分', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-10', domain: 'madeup', ask: '哈佛大学在中国的录取分数线', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-11', domain: 'madeup', ask: '郑州大学2030年在河南招多少人', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-12', domain: 'madeup', ask: '阿拉斯加2024年一分一段表600分', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-13', domain: 'madeup', ask: '北京大学2024年在香港招多少人', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-14', domain: 'madeup', ask: '蓝翔技工学校2024年河南分数线', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-15', domain: 'madeup', ask: '清华大学2010年在河南的分数线', checks: [notInData], invented: 'numbers' },
  { id: 'madeup-16', domain: 'madeup', ask: '火星大学是985吗', checks: [notInData], invented: 'universities' },
];
