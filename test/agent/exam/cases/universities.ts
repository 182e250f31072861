// University profiles and searches, and the names users actually type: short names, nicknames, typos.
import { call, no, profile, says, schoolLine, yes } from '../checks.ts';
import type { ExamCase } from '../types.ts';

const search = (args: Record<string, unknown>) => call('search_universities', args);

export const UNIVERSITIES: ExamCase[] = [
  { id: 'univ-01', domain: 'universities', ask: '介绍一下哈尔滨工业大学', checks: [profile('哈尔滨工业大学', ['name', 'city', 'ranking.ruanke_2026_main'])] },
  { id: 'univ-02', domain: 'universities', ask: '北京大学是985吗', checks: yes('985') },
  { id: 'univ-03', domain: 'universities', ask: '郑州大学是211吗？', checks: yes('211') },
  { id: 'univ-04', domain: 'universities', ask: '深圳大学是不是211啊', checks: [no('211')] },
  { id: 'univ-05', domain: 'universities', ask: '北京有哪些985大学', checks: [{ from: search({ province: '北京', level: '985' }), top: 8, field: 'name' }], invented: 'universities' },
  { id: 'univ-06', domain: 'universities', ask: '江苏有啥师范大学', checks: [{ from: search({ province: '江苏', type: '师范' }), top: 5, field: 'name' }] },
  { id: 'univ-07', domain: 'universities', ask: '软科排名前10的大学有哪些', checks: [{ from: search({ max_ranking: 10 }), top: 10, field: 'name' }], invented: 'universities' },
  { id: 'univ-08', domain: 'universities', ask: '复旦大学有哪些A+学科', checks: [profile('复旦大学', ['strong_disciplines.eval4_a.0.discipline_name', 'strong_disciplines.eval4_a.1.discipline_name', 'strong_disciplines.eval4_a.2.discipline_name'])] },
  { id: 'univ-09', domain: 'universities', ask: '厦门大学在哪个城市', checks: [profile('厦门大学', ['city'])] },
  { id: 'univ-10', domain: 'names', ask: '西电是哪个部属的 在哪个城市', checks: [profile('西安电子科技大学', ['affiliation', 'city'])] },
  { id: 'univ-11', domain: 'universities', ask: '成都有哪些211大学', checks: [{ from: search({ city: '成都', level: '211' }), top: 3, field: 'name' }], invented: 'universities' },
  { id: 'univ-12', domain: 'universities', ask: '中国农业大学软科排名多少', checks: [profile('中国农业大学', ['ranking.ruanke_2026_main'])] },
  { id: 'univ-13', domain: 'universities', ask: '南京有哪些211', checks: [{ from: search({ city: '南京', level: '211' }), top: 5, field: 'name' }], invented: 'universities' },
  { id: 'univ-14', domain: 'universities', ask: '湖南的985大学有哪几所', checks: [{ from: search({ province: '湖南', level: '985' }), top: 2, field: 'name' }], invented: 'universities' },
  { id: 'univ-15', domain: 'universities', ask: '浙江大学在哪个城市 是985吗', checks: [profile('浙江大学', ['city']), ...yes('985')] },
  { id: 'univ-16', domain: 'universities', ask: '武汉大学是双一流吗', checks: yes('双一流') },
  { id: 'univ-17', domain: 'universities', ask: '上海有哪些985', checks: [{ from: search({ province: '上海', level: '985' }), top: 4, field: 'name' }], invented: 'universities' },
  { id: 'univ-18', domain: 'universities', ask: '中国海洋大学在哪个城市', checks: [profile('中国海洋大学', ['city'])] },

  // short names, nicknames, typos
  { id: 'names-01', domain: 'names', ask: '上交怎么样', checks: [profile('上海交通大学', ['name', 'ranking.ruanke_2026_main'])] },
  { id: 'names-02', domain: 'names', ask: '华师是哪个学校', checks: [says(/华中师范大学/, '候选 华中师范大学'), says(/华东师范大学/, '候选 华东师范大学'), says(/华南师范大学/, '候选 华南师范大学')] },
  { id: 'names-03', domain: 'names', ask: '哈工大2024年河南理科分数线', checks: [schoolLine('哈尔滨工业大学', '河南', 2024, '理科')] },
  { id: 'names-04', domain: 'names', ask: '北航软科排第几', checks: [profile('北京航空航天大学', ['ranking.ruanke_2026_main'])] },
  { id: 'names-05', domain: 'names', ask: '川大有哪些A+学科', checks: [{ from: call('query_discipline_evaluations', { university_name: '四川大学', grade: 'A+' }), top: 1, field: 'discipline_name' }] },
  { id: 'names-06', domain: 'names', ask: '华科是985吗', checks: [...yes('985'), says(/华中科技大学/, '说出全称 华中科技大学')] },
  { id: 'names-07', domain: 'names', ask: '郑洲大学2024河南理科最低分', checks: [schoolLine('郑州大学', '河南', 2024, '理科')] },
  { id: 'names-08', domain: 'names', ask: '西交大软件工程在辽宁2024多少分', checks: [{ from: call('query_score_lines', { university_name: '西安交通大学', province: '辽宁', year: 2024, major_name: '软件工程', data_type: '专业线' }), row: { school_name: '西安交通大学', major_name: '软件工程' }, fields: ['min_score', 'min_rank'] }] },
  { id: 'names-09', domain: 'names', ask: '人大是985吗', checks: [...yes('985'), says(/中国人民大学/, '说出全称 中国人民大学')] },
  { id: 'names-10', domain: 'names', ask: '夏门大学在哪', checks: [profile('厦门大学', ['city'])] },
  { id: 'names-11', domain: 'names', ask: '哈尔冰工业大学软科排名', checks: [profile('哈尔滨工业大学', ['ranking.ruanke_2026_main'])] },
  { id: 'names-12', domain: 'names', ask: '南师大是211吗', checks: [...yes('211'), says(/南京师范大学/, '说出全称 南京师范大学')] },
  { id: 'names-13', domain: 'names', ask: '中科大软科排名多少', checks: [profile('中国科学技术大学', ['ranking.ruanke_2026_main'])] },
  { id: 'names-14', domain: 'names', ask: '北外是211吗', checks: [...yes('211'), says(/北京外国语大学/, '说出全称 北京外国语大学')] },
  { id: 'names-15', domain: 'names', ask: '西北农林在哪个城市', checks: [profile('西北农林科技大学', ['name', 'city'])] },
  { id: 'names-16', domain: 'names', ask: '青华大学在哪个城市', checks: [profile('清华大学', ['name', 'city'])] },
  { id: 'names-17', domain: 'names', ask: '北邮在哪', checks: [profile('北京邮电大学', ['name', 'city'])] },
  { id: 'names-18', domain: 'names', ask: '北理工是985吗', checks: [...yes('985'), says(/北京理工大学/, '说出全称 北京理工大学')] },
  { id: 'names-19', domain: 'names', ask: '华东师大软科排名', checks: [profile('华东师范大学', ['name', 'ranking.ruanke_2026_main'])] },
  { id: 'names-20', domain: 'names', ask: '西工大在哪', checks: [profile('西北工业大学', ['name', 'city'])] },
  { id: 'names-21', domain: 'names', ask: '复但大学在哪个城市', checks: [profile('复旦大学', ['name', 'city'])] },
  { id: 'names-22', domain: 'names', ask: '郑大和河大哪个排名高', checks: [profile('郑州大学', ['ranking.ruanke_2026_main']), profile('河南大学', ['ranking.ruanke_2026_main'])], note: '河南人说的郑大、河大' },
];
