// Batch D (conversations and English), written by an author who has not read the assistant's code (issue 30):
// parents and engineers over two and three turns where a later turn changes one thing and keeps the rest, and the
// same people asking in English. Every fact lives in a canonical call; the runner makes it against the same app.
import { batch, beamAs, call, match, notInData, pillars, planTotal, profile, rankOf, says } from '../checks.ts';
import { concrete, frame, HN, lowestGroup, sameScore, scoreAtRank, steel, topOf, YES_EN } from '../checks-more.ts';
import type { ExamCase } from '../types.ts';

export const BATCH_D_FOLLOWUP: ExamCase[] = [
  // ── follow-ups: data
  { id: 'bd-followup-01', domain: 'followup', ask: ['孩子江苏物理630 南京理工26年最低多少', '那河海呢'], checks: [lowestGroup('河海大学', '江苏', 2026, '物理', '10')], invented: 'universities' },
  { id: 'bd-followup-02', domain: 'followup', ask: ['湖南师大2026湖南历史类最低分', '物理类呢'], checks: [lowestGroup('湖南师范大学', '湖南', 2026, '物理', '第132组')], invented: 'universities',
    note: 'the ordinary lowest physics group; 高校专项/国家专项/地方专项/定向 groups lie below or above it and are not the asked line' },
  { id: 'bd-followup-03', domain: 'followup', ask: ['南航2026江苏物理最低多少', '那它中外合作的组呢'], checks: [lowestGroup('南京航空航天大学', '江苏', 2026, '物理', '10')], invented: 'universities' },
  { id: 'bd-followup-04', domain: 'followup', ask: ['湖北2026物理600分排多少', '跟我同分的有多少人'], checks: [sameScore('湖北', 2026, 600, '物理')] },
  { id: 'bd-followup-05', domain: 'followup', ask: ['北京2026年650分排第几', '2025年同样的分呢'], checks: [rankOf('北京', 2025, 650)] },
  { id: 'bd-followup-06', domain: 'followup', ask: ['湖南2026物理本科线', '特控线呢', '历史类的特控线呢'], checks: [batch({ province: '湖南', year: 2026, subject_type: '历史' }, { batch: '特控线' })],
    note: 'three turns: the line kind changes, then the family; the year and province are kept' },
  { id: 'bd-followup-07', domain: 'followup', ask: ['山东585分想学计算机 有哪些学校', '只要山东省内的'], checks: match({ score: 585, province: '山东', major: '计算机', university_province: '山东' }), invented: 'universities' },
  { id: 'bd-followup-08', domain: 'followup', ask: ['浙江650想去上海读', '那北京呢'], checks: match({ score: 650, province: '浙江', city: '北京' }), invented: 'universities' },
  { id: 'bd-followup-09', domain: 'followup', ask: ['四川物理610想学临床', '只要公办的'], checks: match({ score: 610, province: '四川', subject_type: '物理', major: '临床医学', nature: '公办' }), invented: 'universities' },
  { id: 'bd-followup-10', domain: 'followup', ask: ['吉大2025吉林物理类临床医学招几个', '那口腔医学呢'], checks: [planTotal({ province: '吉林', year: 2025, university_name: '吉林大学', subject_type: '物理', major_name: '口腔医学' })] },
  { id: 'bd-followup-11', domain: 'followup', ask: ['软科2026人工智能专业前五', '2025年的呢'], checks: [topOf('query_major_rankings', { major_name: '人工智能', year: 2025 }, 5, 'school_name')], invented: 'universities' },
  { id: 'bd-followup-12', domain: 'followup', ask: ['人大学科评估A+有哪些', '那北师大呢'], checks: [topOf('query_discipline_evaluations', { university_name: '北京师范大学', grade: 'A+' }, 3, 'discipline_name')] },
  { id: 'bd-followup-13', domain: 'followup', ask: ['复旦是985吗', '软科排第几'], checks: [profile('复旦大学', ['ranking.ruanke_2026_main'])] },
  { id: 'bd-followup-14', domain: 'followup', ask: ['2010年10月10日上午10点 男 八字', '他姐姐是2007年5月1日早上6点生的 也排一下'], checks: [pillars({ year: 2007, month: 5, day: 1, hour: 6, minute: 0, sex: 'f' })] },
  { id: 'bd-followup-15', domain: 'followup', ask: ['用种子 abc123 起一卦', '变卦的卦辞是什么'], checks: [{ from: call('yijing', { seed: 'abc123' }), paths: ['changed_hexagram.name', 'changed_hexagram.judgment'] }] },
  { id: 'bd-followup-16', domain: 'followup', ask: ['西电26年山西物理最低分', '中外合作的那个组呢'], checks: [lowestGroup('西安电子科技大学', '山西', 2026, '物理', '304')], invented: 'universities' },

  // ── follow-ups: engineers (one input changes, the rest is kept)
  { id: 'bd-followup-17', domain: 'followup', ask: ['C30 250×500梁 M=150 HRB400 算As', '如果是C40呢', '再把钢筋换成HRB500'], checks: [beamAs({ moment: 150, b: 250, h: 500, concrete_grade: 40, steel_grade: 435 })] },
  { id: 'bd-followup-18', domain: 'followup', ask: ['柱400×500 l0=4.2m N=2600kN C30 As=2036 HRB400 够吗', '轴力改成3000呢'], checks: [concrete('column', { N: 3000, b: 400, h: 500, l0: 4.2, As: 2036, concrete_grade: 30, steel_grade: 360 }, ['values.Nu'])] },
  { id: 'bd-followup-19', domain: 'followup', ask: ['梁250×550 V=240kN C30 箍筋8@150双肢 够不够', '间距改成100', '再换成10的箍筋'], checks: [concrete('shear', { V: 240, b: 250, h: 550, dia: 10, spacing: 100, legs: 2, concrete_grade: 30, steel_grade: 360 }, ['values.Vcs'])] },
  { id: 'bd-followup-20', domain: 'followup', ask: ['HN400x200x8x13 Q235 简支梁 M=180 跨度6m 无侧向支撑 上翼缘均布 整体稳定', '换成Q355再算'], checks: [steel('beam', { section: HN('HN400x200x8x13'), grade: 'Q355', Mx: 180, ltb: { l1: 6, item: 1 } }, ['values.phi_b', 'governing_ratio'])] },
  // 4根22: As = 4 × π × 22²/4 = 1520 mm²
  { id: 'bd-followup-21', domain: 'followup', ask: ['裂缝验算 梁250×600 Mq=160 4根22 c=25 C30', '保护层改成35'], checks: [concrete('crack', { moment: 160, b: 250, h: 600, As: 1520, cover: 35, dia: 22, concrete_grade: 30, steel_grade: 360 }, ['values.wmax'])] },
  { id: 'bd-followup-22', domain: 'followup', ask: ['HW250x250x9x14 Q235 轴压 N=900kN l0x=l0y=4m', '计算长度都改成5m'], checks: [steel('compression', { section: HN('HW250x250x9x14'), grade: 'Q235', N: 900, l0x: 5, l0y: 5 }, ['values.phi', 'governing_ratio'])] },
  // fixed at both ends, UDL: mid-span moment qL²/24 = 24 × 64/24 = 64 kN·m
  { id: 'bd-followup-23', domain: 'followup', ask: ['两端固接的钢梁 跨度8m 均布24kN/m HN400x200x8x13 支座弯矩多少', '跨中弯矩呢'], checks: [frame({
    nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 8, y: 0 }],
    members: [{ id: 'AB', i: 'A', j: 'B', section: HN('HN400x200x8x13'), loads: [{ type: 'udl', w: -24 }] }],
    supports: [{ node: 'A', type: 'fixed' }, { node: 'B', type: 'fixed' }],
  }, ['members.0.M_max'])] },

  // ── English
  { id: 'bd-english-01', domain: 'english', english: true, ask: 'My daughter scored 640 in Zhejiang. Which universities in Shanghai could she get into?', checks: match({ score: 640, province: '浙江', city: '上海' }), invented: 'universities' },
  { id: 'bd-english-02', domain: 'english', english: true, ask: 'Nanjing University of Science and Technology: lowest score in Jiangsu 2026, physics track, regular groups only', checks: [lowestGroup('南京理工大学', '江苏', 2026, '物理', '04')], invented: 'universities' },
  { id: 'bd-english-03', domain: 'english', english: true, ask: 'Is Ocean University of China a 985 university?', checks: [YES_EN, says(/985/, 'mentions 985')] },
  { id: 'bd-english-04', domain: 'english', english: true, ask: 'Which city is Harbin Institute of Technology in, and which ministry runs it?', checks: [profile('哈尔滨工业大学', ['city', 'affiliation'])] },
  { id: 'bd-english-05', domain: 'english', english: true, ask: 'What score puts you in the top 5,000 of the Hunan history track in 2026?', checks: [scoreAtRank('湖南', 2026, 575, '历史')], note: '575: cumulative 5,107, the first to reach 5,000' },
  { id: 'bd-english-06', domain: 'english', english: true, ask: 'Hubei 2026 physics: how many candidates scored exactly 600?', checks: [sameScore('湖北', 2026, 600, '物理')] },
  { id: 'bd-english-07', domain: 'english', english: true, ask: "What's Hunan's 2026 undergraduate control line for the physics track?", checks: [batch({ province: '湖南', year: 2026, subject_type: '物理' }, { batch: '普通类本科录取控制分数线' })] },
  { id: 'bd-english-08', domain: 'english', english: true, ask: 'How many clinical medicine places does Jilin University offer to Jilin physics-track students in 2025?', checks: [planTotal({ province: '吉林', year: 2025, university_name: '吉林大学', subject_type: '物理', major_name: '临床医学' })] },
  { id: 'bd-english-09', domain: 'english', english: true, ask: 'Top 5 universities for artificial intelligence in the 2026 ShanghaiRanking majors list?', checks: [topOf('query_major_rankings', { major_name: '人工智能', year: 2026 }, 5, 'school_name')], invented: 'universities' },
  { id: 'bd-english-10', domain: 'english', english: true, ask: 'Which 985 universities are in Shanghai?', checks: [topOf('search_universities', { city: '上海', level: '985' }, 4, 'name')], invented: 'universities' },
  { id: 'bd-english-11', domain: 'english', english: true, ask: 'Beam design: 300x600, M = 280 kN·m, C35, HRB400, cover 30 mm. Required As?', checks: [beamAs({ moment: 280, b: 300, h: 600, concrete_grade: 35, steel_grade: 360, cover: 30 })] },
  { id: 'bd-english-12', domain: 'english', english: true, ask: 'Column check: HW300x300x10x15, Q355, N = 2000 kN, effective length 6 m about x and 3 m about y', checks: [steel('compression', { section: HN('HW300x300x10x15'), grade: 'Q355', N: 2000, l0x: 6, l0y: 3 }, ['values.phi', 'governing_ratio'])] },
  // simply supported, UDL: R = qL/2 = 30 × 7.5/2 = 112.5 kN; M = qL²/8 = 30 × 56.25/8 = 210.9 kN·m
  { id: 'bd-english-13', domain: 'english', english: true, ask: 'Simply supported steel beam, 7.5 m span, 30 kN/m UDL, HN500x200x10x16: support reaction and maximum moment?', checks: [frame({
    nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 7.5, y: 0 }],
    members: [{ id: 'AB', i: 'A', j: 'B', section: HN('HN500x200x10x16'), loads: [{ type: 'udl', w: -30 }] }],
    supports: [{ node: 'A', type: 'pinned' }, { node: 'B', type: 'roller' }],
  }, ['reactions.0.ry', 'members.0.M_max'])] },
  { id: 'bd-english-14', domain: 'english', english: true, ask: 'Cast a hexagram with the yarrow-stalk method, seed "exam"', checks: [{ from: call('yijing', { method: 'yarrow', seed: 'exam' }), paths: ['primary_hexagram.name'] }] },
  { id: 'bd-english-15', domain: 'english', english: true, ask: ['What rank is 580 in Jiangsu, history track, 2026?', 'And 600?'], checks: [rankOf('江苏', 2026, 600, '历史')] },
  { id: 'bd-english-16', domain: 'english', english: true, ask: ['Wuhan University of Technology cutoff in Hubei 2026, physics?', 'What about the history track?'], checks: [lowestGroup('武汉理工大学', '湖北', 2026, '历史', '第04组')], invented: 'universities' },
  // 3+1+2: Chinese, maths, a foreign language; physics or history; two of chemistry, biology, politics, geography
  { id: 'bd-english-17', domain: 'english', english: true, ask: 'How does the 3+1+2 subject choice work in the new gaokao?', checks: [says(/(physics|history)/i, 'physics or history first'), says(/\b(two|2)\b/i, 'then two more subjects')] },
  { id: 'bd-english-18', domain: 'english', english: true, ask: "What's Oxford's admission score in Jiangsu?", checks: [notInData], invented: 'numbers' },
  { id: 'bd-english-19', domain: 'english', english: true, ask: 'ok thx, bye!', checks: [says(/(welcome|bye|good luck|glad|anytime|pleasure)/i, 'acknowledges and says goodbye')] },
  { id: 'bd-english-20', domain: 'english', english: true, ask: 'Who are you? Are you ChatGPT?', checks: [says(/assistant/i, 'says it is the site\'s assistant')] },
  { id: 'bd-english-21', domain: 'english', english: true, ask: 'Four pillars for a boy born 1 October 1949, 3 pm', checks: [pillars({ year: 1949, month: 10, day: 1, hour: 15, minute: 0, sex: 'm' })] },
  { id: 'bd-english-22', domain: 'english', english: true, ask: ['My son is in Sichuan, physics, 610 points, wants clinical medicine.', 'Only public universities please.'], checks: match({ score: 610, province: '四川', subject_type: '物理', major: '临床医学', nature: '公办' }), invented: 'universities' },

  // ── several questions in one message
  { id: 'bd-multipart-01', domain: 'multipart', ask: '湖南2026物理本科线多少？我家孩子600分排多少名？', checks: [batch({ province: '湖南', year: 2026, subject_type: '物理' }, { batch: '普通类本科录取控制分数线' }), rankOf('湖南', 2026, 600, '物理')] },
  { id: 'bd-multipart-02', domain: 'multipart', ask: '南理工和河海26年江苏物理分别最低多少', checks: [lowestGroup('南京理工大学', '江苏', 2026, '物理', '04'), lowestGroup('河海大学', '江苏', 2026, '物理', '10')], invented: 'universities' },
  { id: 'bd-multipart-03', domain: 'multipart', ask: '哈工大在哪个城市？中国海洋大学是不是985？', checks: [profile('哈尔滨工业大学', ['city']), says(/中国海洋大学[^。\n]{0,20}(是|属于)[^。\n]{0,8}985/, '中国海洋大学是 985')] },
  { id: 'bd-multipart-04', domain: 'multipart', ask: '屯卦卦辞是什么 另外2024年2月4日下午5点出生的女孩年柱是啥', checks: [says(/利建侯/, '屯卦卦辞 利建侯'), { from: call('sizhu', { year: 2024, month: 2, day: 4, hour: 17, minute: 0, sex: 'f' }), paths: ['pillars.year.name'] }] },
];
