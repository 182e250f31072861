// Follow-ups that switch tool (the entities carry across), and several questions in one message.
import { batch, call, match, pillars, planTotal, profile, rankOf, says, schoolLine, yes } from '../checks.ts';
import type { ExamCase } from '../types.ts';

export const CONVERSATION: ExamCase[] = [
  { id: 'followup-01', domain: 'followup', ask: ['河南2025物理类600分排多少名', '那能上什么大学？'], checks: match({ score: 600, province: '河南', subject_type: '物理', year: 2025 }) },
  { id: 'followup-02', domain: 'followup', ask: ['介绍一下南开大学', '它2024年在河南的分数线呢'], checks: [schoolLine('南开大学', '河南', 2024, '理科')], note: '河南 2024 仍是文理分科；理科院校线是分数线问题的第一行' },
  { id: 'followup-03', domain: 'followup', ask: ['武汉大学怎么样', '它的计算机专业呢？'], checks: [{ from: call('query_major_rankings', { university_name: '武汉大学', major_name: '计算机科学与技术' }), row: { major_name: '计算机科学与技术' }, fields: ['rank', 'grade'] }] },
  { id: 'followup-04', domain: 'followup', ask: ['北京有哪些985大学', '第二所怎么样'], checks: [profile('北京大学', ['name', 'ranking.ruanke_2026_main'])] },
  { id: 'followup-05', domain: 'followup', ask: ['河南物理类600分能上什么大学', '那历史类呢'], checks: match({ score: 600, province: '河南', subject_type: '历史' }) },
  { id: 'followup-06', domain: 'followup', ask: ['郑州大学2024河南理科最低分', '那文科呢'], checks: [schoolLine('郑州大学', '河南', 2024, '文科')] },
  { id: 'followup-07', domain: 'followup', ask: ['计算机科学与技术专业排名前10', '第三名是哪个学校，在哪个城市'], checks: [profile('哈尔滨工业大学', ['name', 'city'])] },
  { id: 'followup-08', domain: 'followup', ask: ['江苏2025物理类630分多少名', '这个分能上哪些学校'], checks: match({ score: 630, province: '江苏', subject_type: '物理', year: 2025 }) },
  { id: 'followup-09', domain: 'followup', ask: ['吉林大学2026年在吉林招多少人', '那2025年呢'], checks: [planTotal({ university_name: '吉林大学', province: '吉林', year: 2025 })] },
  { id: 'followup-10', domain: 'followup', ask: ['帮我排个八字', '1992年8月8日上午10点 男'], checks: [pillars({ year: 1992, month: 8, day: 8, hour: 10, minute: 0, sex: 'm' })] },
  { id: 'followup-11', domain: 'followup', ask: ['哈工大怎么样', '它在河南2024年理科最低分多少'], checks: [schoolLine('哈尔滨工业大学', '河南', 2024, '理科')] },
  { id: 'followup-12', domain: 'followup', ask: ['计算机类有哪些专业', '第二个专业哪些学校是A+'], checks: [{ from: call('query_major_rankings', { major_name: '软件工程', grade: 'A+' }), top: 3, field: 'school_name' }] },
  { id: 'followup-13', domain: 'followup', ask: ['河南物理类600分能上什么大学', '只看985呢'], checks: match({ score: 600, province: '河南', subject_type: '物理', level: '985' }) },
  { id: 'followup-14', domain: 'followup', ask: ['我是河南考生 理科', '580分能上什么学校'], checks: match({ score: 580, province: '河南', subject_type: '理科' }) },
  { id: 'followup-15', domain: 'followup', ask: ['山东大学怎么样', '它在河北2025年历史类最低分呢'], checks: [schoolLine('山东大学', '河北', 2025, '历史')] },
  { id: 'followup-16', domain: 'followup', ask: ['河北历史类625分能上什么大学', '那物理类呢'], checks: match({ score: 625, province: '河北', subject_type: '物理' }) },
  { id: 'followup-17', domain: 'followup', ask: ['湖南2025物理类620分多少名', '能上哪些985'], checks: match({ score: 620, province: '湖南', subject_type: '物理', year: 2025, level: '985' }) },

  {
    id: 'multi-01',
    domain: 'multipart',
    ask: '河南2024年一本线多少？郑州大学2024年理科最低分多少？',
    checks: [batch({ province: '河南', year: 2024, batch: '本科一批' }, { subject_type: '理科', batch_family: '本科一批' }), schoolLine('郑州大学', '河南', 2024, '理科')],
  },
  { id: 'multi-02', domain: 'multipart', ask: '北大和清华软科排名分别第几', checks: [profile('北京大学', ['ranking.ruanke_2026_main']), profile('清华大学', ['ranking.ruanke_2026_main'])] },
  {
    id: 'multi-03',
    domain: 'multipart',
    ask: '080901是什么专业？哪些学校是A+？',
    checks: [{ from: call('get_major', { name: '080901' }), paths: ['major.name'] }, { from: call('query_major_rankings', { major_name: '计算机科学与技术', grade: 'A+' }), top: 5, field: 'school_name' }],
  },
  {
    id: 'multi-04',
    domain: 'multipart',
    ask: '帮我排个八字1990年5月15日8点30分男，顺便用种子hello起一卦',
    checks: [pillars({ year: 1990, month: 5, day: 15, hour: 8, minute: 30, sex: 'm' }), { from: call('yijing', { seed: 'hello' }), paths: ['primary_hexagram.name'] }],
  },
  { id: 'multi-05', domain: 'multipart', ask: '河南2025物理类600分多少名？这个分能上哪些学校？', checks: [rankOf('河南', 2025, 600, '物理'), ...match({ score: 600, province: '河南', subject_type: '物理', year: 2025 }).slice(1)] },
  { id: 'multi-06', domain: 'multipart', ask: '郑州大学是211吗 2024年在河南理科多少分', checks: [...yes('211'), schoolLine('郑州大学', '河南', 2024, '理科')] },
  { id: 'multi-07', domain: 'multipart', ask: '北京2026本科线多少，620分排多少名', checks: [batch({ province: '北京', year: 2026 }, { batch_family: '本科批', category: '普通类' }), rankOf('北京', 2026, 620)] },
  {
    id: 'multi-08',
    domain: 'multipart',
    ask: '清华和北大的计算机科学与技术软科分别排第几',
    checks: [
      { from: call('query_major_rankings', { university_name: '清华大学', major_name: '计算机科学与技术' }), row: { major_name: '计算机科学与技术' }, fields: ['rank'] },
      { from: call('query_major_rankings', { university_name: '北京大学', major_name: '计算机科学与技术' }), row: { major_name: '计算机科学与技术' }, fields: ['rank'] },
    ],
  },

  { id: 'multi-09', domain: 'multipart', ask: '武汉大学和华中科技大学哪个软科排名高', checks: [profile('武汉大学', ['ranking.ruanke_2026_main']), profile('华中科技大学', ['ranking.ruanke_2026_main'])] },
  {
    id: 'multi-10',
    domain: 'multipart',
    ask: '河南2024一本线和二本线 理科分别多少',
    checks: [batch({ province: '河南', year: 2024, subject_type: '理科' }, { subject_type: '理科', batch_family: '本科一批' }), batch({ province: '河南', year: 2024, subject_type: '理科' }, { subject_type: '理科', batch_family: '本科二批' })],
  },
  { id: 'multi-11', domain: 'multipart', ask: '哈工大是985吗？在哪个城市？', checks: [profile('哈尔滨工业大学', ['city']), says(/(是|属于)[^。；\n]{0,12}985/, '明确回答“是 985”')] },
  { id: 'multi-12', domain: 'multipart', ask: '天津大学和南开大学哪个排名靠前', checks: [profile('天津大学', ['ranking.ruanke_2026_main']), profile('南开大学', ['ranking.ruanke_2026_main'])] },
  { id: 'multi-13', domain: 'multipart', ask: '河北2025年物理类580分多少名？能上什么学校？', checks: [rankOf('河北', 2025, 580, '物理'), ...match({ score: 580, province: '河北', subject_type: '物理', year: 2025 }).slice(1)] },
];
