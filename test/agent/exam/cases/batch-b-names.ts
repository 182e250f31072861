// Batch B (names, English, shorthand and the rest), written by an author who has not read the assistant's code:
// transposed characters, one-character typos, abbreviations, English school names, names that are no university,
// concrete and steel in engineers' notation, and the other domains in new phrasings.
import { batch, beamAs, call, line, match, no, notInData, pillars, planTotal, profile, rankOf, says, schoolLine, yes } from '../checks.ts';
import { concrete, frame, HN, NO_EN, sameScore, steel, topOf, YES_EN } from '../checks-more.ts';
import type { ExamCase } from '../types.ts';

export const BATCH_B_NAMES: ExamCase[] = [
  // ── names: transpositions, typos, abbreviations, names that are no university
  { id: 'bb-names-01', domain: 'names', ask: '北京范师大学24年河南文科最低分', checks: [schoolLine('北京师范大学', '河南', 2024, '文科'), says(/北京师范大学/, '说出按哪所学校理解')], invented: 'universities',
    note: 'two characters transposed: 师范 → 范师' },
  { id: 'bb-names-02', domain: 'names', ask: '华南工理大学24年在河南理科多少分', checks: [schoolLine('华南理工大学', '河南', 2024, '理科'), says(/华南理工大学/, '说出按哪所学校理解')], invented: 'universities' },
  { id: 'bb-names-03', domain: 'names', ask: '复但大学24年河南文科最低分', checks: [schoolLine('复旦大学', '河南', 2024, '文科'), says(/复旦大学/, '说出按哪所学校理解')], invented: 'universities',
    note: 'one-character typo 旦 → 但; the 医学院 line is listed apart' },
  { id: 'bb-names-04', domain: 'names', ask: '中科大24年山西理科', checks: [schoolLine('中国科学技术大学', '山西', 2024, '理科')], invented: 'universities' },
  { id: 'bb-names-05', domain: 'names', ask: '人大24年河南文科最低', checks: [schoolLine('中国人民大学', '河南', 2024, '文科')], invented: 'universities', note: 'its 苏州校区 line is listed apart' },
  { id: 'bb-names-06', domain: 'names', ask: '哈工程2024河南理科分数线', checks: [schoolLine('哈尔滨工程大学', '河南', 2024, '理科')], invented: 'universities' },
  { id: 'bb-names-07', domain: 'names', ask: '西电24年河南文科多少分', checks: [schoolLine('西安电子科技大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'bb-names-08', domain: 'names', ask: '南航2024在山西理科的投档线', checks: [schoolLine('南京航空航天大学', '山西', 2024, '理科')], invented: 'universities' },
  { id: 'bb-names-09', domain: 'names', ask: '武汉光谷大学是一本吗', checks: [notInData], invented: 'numbers' },
  { id: 'bb-names-10', domain: 'names', ask: '上海复旦理工大学24年河南录取分数', checks: [notInData, says(/复旦大学/, '给出最接近的真实校名')], invented: 'numbers',
    note: 'no such university; 复旦大学 is the nearest real name and must not be answered in its place' },
  { id: 'bb-names-11', domain: 'names', ask: '中国石油大学在哪个城市', checks: [says(/北京/, '中国石油大学（北京）'), says(/(华东|青岛)/, '中国石油大学（华东）')],
    note: 'two universities carry the name; both are offered' },
  { id: 'bb-names-12', domain: 'names', ask: '矿大是985吗', checks: [no('985'), says(/中国矿业大学/, '说出按哪所学校理解')] },
  { id: 'bb-names-13', domain: 'names', ask: '华科同济医学院算985吗', checks: [says(/华中科技大学/, '说出所属的华中科技大学'), ...yes('985')] },
  { id: 'bb-names-14', domain: 'names', ask: '北理24年山西理科最低分（北京理工）', checks: [schoolLine('北京理工大学', '山西', 2024, '理科')], invented: 'universities' },
  { id: 'bb-names-15', domain: 'names', ask: '南方工业大学在哪', checks: [notInData], invented: 'numbers' },

  // ── English
  { id: 'bb-english-01', domain: 'english', english: true, ask: "Fudan University's lowest score in Henan for the arts stream in 2024?", checks: [schoolLine('复旦大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'bb-english-02', domain: 'english', english: true, ask: 'SJTU cutoff in Shanxi 2024, science', checks: [schoolLine('上海交通大学', '山西', 2024, '理科')], invented: 'universities',
    note: 'SJTU = Shanghai Jiao Tong University (上海交通大学)' },
  { id: 'bb-english-03', domain: 'english', english: true, ask: 'USTC admission line in Henan 2024 (science)?', checks: [schoolLine('中国科学技术大学', '河南', 2024, '理科')], invented: 'universities' },
  { id: 'bb-english-04', domain: 'english', english: true, ask: 'Is Wuhan University a 985 school?', checks: [YES_EN, says(/985/, 'mentions 985')] },
  { id: 'bb-english-05', domain: 'english', english: true, ask: 'Is Zhengzhou University part of 985?', checks: [NO_EN, says(/985/, 'mentions 985')] },
  { id: 'bb-english-06', domain: 'english', english: true, ask: 'Which city is Sun Yat-sen University in?', checks: [profile('中山大学', ['city'])] },
  { id: 'bb-english-07', domain: 'english', english: true, ask: 'Top 5 universities for Computer Science and Technology in the 2026 ShanghaiRanking major ranking', checks: [topOf('query_major_rankings', { major_name: '计算机科学与技术', year: 2026 }, 5, 'school_name')], invented: 'universities' },
  { id: 'bb-english-08', domain: 'english', english: true, ask: 'Henan 2025, physics track, score 600 — what is my rank?', checks: [rankOf('河南', 2025, 600, '物理')] },
  { id: 'bb-english-09', domain: 'english', english: true, ask: "I'm ranked 20,000 in Guangdong (physics). Which 985 universities are realistic?", checks: match({ rank: 20000, province: '广东', subject_type: '物理', level: '985' }), invented: 'universities' },
  { id: 'bb-english-10', domain: 'english', english: true, ask: 'How many students does Jilin University plan to admit from Jilin province (physics track) in 2025?', checks: [planTotal({ province: '吉林', year: 2025, university_name: '吉林大学', subject_type: '物理' })] },
  { id: 'bb-english-11', domain: 'english', english: true, ask: 'Hubei 2025 special-type control line for the history track?', checks: [batch({ province: '湖北', year: 2025, subject_type: '历史' }, { subject_type: '历史类', batch_family: '特殊类型' })] },
  { id: 'bb-english-12', domain: 'english', english: true, ask: 'Cast a hexagram for me, seed "hello"', checks: [{ from: call('yijing', { seed: 'hello' }), paths: ['primary_hexagram.name'] }] },
  { id: 'bb-english-13', domain: 'english', english: true, ask: 'BaZi chart for someone born 1988-08-08 at 08:08, male', checks: [pillars({ year: 1988, month: 8, day: 8, hour: 8, minute: 8, sex: 'm' })] },
  { id: 'bb-english-14', domain: 'english', english: true, ask: 'Check a Q355 HN450x200x9x14 beam, M = 250 kN·m, unbraced length 5 m, uniform load on the top flange', checks: [steel('beam', { section: HN('HN450x200x9x14'), grade: 'Q355', Mx: 250, ltb: { l1: 5, item: 1 } }, ['governing_ratio'])] },
  { id: 'bb-english-15', domain: 'english', english: true, ask: 'Crack width of a 250x550 beam, Mq = 110 kN·m, As = 1256 mm², cover 25, 20 mm bars, C30', checks: [concrete('crack', { moment: 110, b: 250, h: 550, As: 1256, cover: 25, dia: 20, concrete_grade: 30, steel_grade: 360 }, ['values.wmax'])] },
  // 平行志愿: several parallel choices in one batch, 投档 by score order (分数优先) then the order of the candidate's own choices (遵循志愿)
  { id: 'bb-english-16', domain: 'english', english: true, ask: 'What does 平行志愿 mean and how are students assigned?', checks: [says(/score/i, 'by score'), says(/(order|preference|choice)/i, 'in the order of the choices')] },
  { id: 'bb-english-17', domain: 'english', english: true, ask: 'Harvard University admission score in Henan?', checks: [notInData], invented: 'numbers' },
  { id: 'bb-english-18', domain: 'english', english: true, ask: 'Thanks a lot, that helped!', checks: [says(/(welcome|glad|happy|anytime|pleasure)/i, 'acknowledges the thanks')] },

  // ── concrete in engineers' notation
  { id: 'bb-concrete-01', domain: 'concrete', ask: '梁 b×h=300×750 C35 M=520kN·m HRB400 as=65 求As', checks: [beamAs({ moment: 520, b: 300, h: 750, concrete_grade: 35, steel_grade: 360, as: 65 })] },
  // 3C25: As = 3 × π × 25²/4 = 1473 mm²
  { id: 'bb-concrete-02', domain: 'concrete', ask: '250*500 C30 M=200 底筋3C25够不够', checks: [beamAs({ moment: 200, b: 250, h: 500, concrete_grade: 30, steel_grade: 360 }), says(/1473|1,473/, '3C25 的面积 1473 mm²')] },
  { id: 'bb-concrete-03', domain: 'concrete', ask: '400x800梁 V=800kN C35 箍筋Φ10@100(4) 抗剪够不', checks: [concrete('shear', { V: 800, b: 400, h: 800, dia: 10, spacing: 100, legs: 4, concrete_grade: 35, steel_grade: 360 }, ['values.Vcs'])],
    note: '(4) is four legs' },
  // 12根22: As = 12 × π × 22²/4 = 4562 mm²
  { id: 'bb-concrete-04', domain: 'concrete', ask: 'C40 柱400×600 l0=5.4m N=4200kN 纵筋12根22(As=4562) HRB400 承载力', checks: [concrete('column', { N: 4200, b: 400, h: 600, l0: 5.4, As: 4562, concrete_grade: 40, steel_grade: 360 }, ['values.Nu'])] },
  { id: 'bb-concrete-05', domain: 'concrete', ask: '裂缝 Mq=180 300×600 6根22(As=2281) c=30 C30 限值0.2', checks: [concrete('crack', { moment: 180, b: 300, h: 600, As: 2281, cover: 30, dia: 22, concrete_grade: 30, steel_grade: 360, w_lim: 0.2 }, ['values.wmax'])] },
  { id: 'bb-concrete-06', domain: 'concrete', ask: 'HRB500钢筋 C40 梁300×700 M=600 要多少钢筋', checks: [beamAs({ moment: 600, b: 300, h: 700, concrete_grade: 40, steel_grade: 435 })] },
  // simply supported, UDL: M = qL²/8 = 30 × 6²/8 = 135 kN·m
  { id: 'bb-concrete-07', domain: 'concrete', ask: '简支梁 L=6m q=30kN/m(设计值) 250×600 C30 HRB400 跨中要配多少钢筋', checks: [beamAs({ moment: 135, b: 250, h: 600, concrete_grade: 30, steel_grade: 360 })] },
  // cantilever, end point load: M = P·L = 50 × 1.8 = 90 kN·m
  { id: 'bb-concrete-08', domain: 'concrete', ask: '悬臂梁挑出1.8m 端部集中力50kN(设计值) 250×500 C30 HRB400 支座负筋面积', checks: [beamAs({ moment: 90, b: 250, h: 500, concrete_grade: 30, steel_grade: 360 })] },

  // ── steel in engineers' notation
  { id: 'bb-steel-01', domain: 'steel', ask: 'Q390 HN600x200x11x17 梁 M=500 侧向支撑间距4m 上翼缘均布荷载', checks: [steel('beam', { section: HN('HN600x200x11x17'), grade: 'Q390', Mx: 500, ltb: { l1: 4, item: 1 } }, ['values.phi_b', 'governing_ratio'])] },
  { id: 'bb-steel-02', domain: 'steel', ask: '焊接H500*250*8*14 Q355柱 N=2000 l0x=7.2 l0y=3.6 够不够', checks: [steel('compression', { section: { type: 'welded_i', h: 500, b: 250, tw: 8, tf: 14 }, grade: 'Q355', N: 2000, l0x: 7.2, l0y: 3.6 }, ['values.phi', 'governing_ratio'])] },
  // simply supported, UDL: Mx = qL²/8 = 25 × 7²/8 = 153.125 kN·m
  { id: 'bb-steel-03', domain: 'steel', ask: 'H400×200×8×13 简支梁 L=7m q=25kN/m(设计值) Q235 上翼缘满跨均布 无侧撑 整体稳定', checks: [steel('beam', { section: HN('HN400x200x8x13'), grade: 'Q235', Mx: 153.125, ltb: { l1: 7, item: 1 } }, ['values.phi_b', 'governing_ratio'])] },
  { id: 'bb-steel-04', domain: 'steel', ask: '压弯 HM294x200x8x12 Q235 N=600kN M=80kN·m l0x=5m l0y=2.5m 两端弯矩相等同向弯曲 无侧移', checks: [steel('beam_column', { section: HN('HM294x200x8x12'), grade: 'Q235', N: 600, Mx: 80, l0x: 5, l0y: 2.5, moments: { sway: false, transverse: 'none', m2_m1: 1 } }, ['governing_ratio'])] },
  { id: 'bb-steel-05', domain: 'steel', ask: '受拉 HN350x175x7x11 Q355 N=1500kN 净截面An=5300 够吗', checks: [steel('tension', { section: HN('HN350x175x7x11'), grade: 'Q355', N: 1500, An: 5300 }, ['governing_ratio'])] },
  { id: 'bb-steel-06', domain: 'steel', ask: 'HW250x250x9x14 的截面面积和回转半径', checks: [steel('section', { section: HN('HW250x250x9x14') }, ['values.A', 'values.iy'])] },
  { id: 'bb-steel-07', domain: 'steel', ask: 'c类 λ=150 Q235 φ', checks: [steel('phi', { lambda: 150, class: 'c', grade: 'Q235' }, ['values.phi'])] },
  // two equal spans, UDL: the middle reaction is 1.25 qL = 1.25 × 15 × 7 = 131.25 kN
  { id: 'bb-steel-08', domain: 'steel', ask: '两跨连续梁 每跨7m 均布15kN/m HN450x200x9x14 中间支座反力', checks: [frame({
    nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 7, y: 0 }, { id: 'C', x: 14, y: 0 }],
    members: [{ id: 'AB', i: 'A', j: 'B', section: HN('HN450x200x9x14'), loads: [{ type: 'udl', w: -15 }] }, { id: 'BC', i: 'B', j: 'C', section: HN('HN450x200x9x14'), loads: [{ type: 'udl', w: -15 }] }],
    supports: [{ node: 'A', type: 'pinned' }, { node: 'B', type: 'roller' }, { node: 'C', type: 'roller' }],
  }, ['reactions.1.ry'])] },
  { id: 'bb-steel-09', domain: 'steel', ask: '门架 跨度12m 柱高5m 柱脚铰接 梁上均布25kN/m 柱HN400x200x8x13 梁HN500x200x10x16 Q235 柱脚水平推力多少', checks: [frame({
    nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: 5 }, { id: 'C', x: 12, y: 5 }, { id: 'D', x: 12, y: 0 }],
    members: [
      { id: 'C1', i: 'A', j: 'B', section: HN('HN400x200x8x13'), grade: 'Q235' },
      { id: 'B1', i: 'B', j: 'C', section: HN('HN500x200x10x16'), grade: 'Q235', loads: [{ type: 'udl', w: -25 }] },
      { id: 'C2', i: 'D', j: 'C', section: HN('HN400x200x8x13'), grade: 'Q235' },
    ],
    supports: [{ node: 'A', type: 'pinned' }, { node: 'D', type: 'pinned' }],
  }, ['reactions.0.rx', 'reactions.0.ry'])] },
  { id: 'bb-steel-10', domain: 'steel', ask: '刚架 跨度6m 高4m 柱脚固接 柱顶水平力20kN 梁柱都用HN400x200x8x13 柱脚弯矩', checks: [frame({
    nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: 4 }, { id: 'C', x: 6, y: 4 }, { id: 'D', x: 6, y: 0 }],
    members: [
      { id: 'C1', i: 'A', j: 'B', section: HN('HN400x200x8x13') },
      { id: 'B1', i: 'B', j: 'C', section: HN('HN400x200x8x13') },
      { id: 'C2', i: 'D', j: 'C', section: HN('HN400x200x8x13') },
    ],
    supports: [{ node: 'A', type: 'fixed' }, { node: 'D', type: 'fixed' }],
    nodal_loads: [{ node: 'B', fx: 20 }],
  }, ['reactions.0.mz', 'reactions.1.mz'])] },

  // ── score, rank, plans, batch, rankings in new phrasings
  { id: 'bb-score-01', domain: 'score', ask: '中山大学2024年在广东物理类最低的那个专业组多少分', checks: [line({ university_name: '中山大学', province: '广东', year: 2024, subject_type: '物理', data_type: '院校线' }, { school_name: '中山大学', major_group: '221' })], invented: 'universities',
    note: 'group 221 is the lowest of its ordinary 专业组 lines in the served result (read from the table; the selector only picks the row)' },
  { id: 'bb-score-02', domain: 'score', ask: '同济24年河南文科投档最低分和位次', checks: [schoolLine('同济大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'bb-score-03', domain: 'score', ask: '天津大学2024河南理科，不看医护类，普通类最低多少', checks: [schoolLine('天津大学', '河南', 2024, '理科')], invented: 'universities' },
  { id: 'bb-score-04', domain: 'score', ask: '大工24年河南文科最低分', checks: [schoolLine('大连理工大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'bb-score-05', domain: 'score', ask: '重大2024山西理科多少分', checks: [schoolLine('重庆大学', '山西', 2024, '理科')], invented: 'universities' },
  { id: 'bb-rank-01', domain: 'rank', ask: '山东2025年580分 全省排多少', checks: [rankOf('山东', 2025, 580)] },
  { id: 'bb-rank-02', domain: 'rank', ask: '江苏25历史类560分位次', checks: [rankOf('江苏', 2025, 560, '历史')] },
  { id: 'bb-rank-03', domain: 'rank', ask: '重庆2025物理560能排多少名', checks: [rankOf('重庆', 2025, 560, '物理')] },
  { id: 'bb-rank-04', domain: 'rank', ask: '北京24年650分排第几名', checks: [rankOf('北京', 2024, 650)] },
  { id: 'bb-rank-05', domain: 'rank', ask: '河北2025物理620分 同分有多少人', checks: [sameScore('河北', 2025, 620, '物理')] },
  { id: 'bb-plans-01', domain: 'plans', ask: '东北师大2025在吉林物理类计划招多少', checks: [planTotal({ province: '吉林', year: 2025, university_name: '东北师范大学', subject_type: '物理' })] },
  { id: 'bb-plans-02', domain: 'plans', ask: '延边大学25年吉林历史类招几个人', checks: [planTotal({ province: '吉林', year: 2025, university_name: '延边大学', subject_type: '历史' })] },
  { id: 'bb-batch-01', domain: 'batch', ask: '河北2025物理特控线多少', checks: [batch({ province: '河北', year: 2025, subject_type: '物理' }, { subject_type: '物理类', batch_family: '特殊类型' })] },
  { id: 'bb-batch-02', domain: 'batch', ask: '湖南2025历史本科线', checks: [batch({ province: '湖南', year: 2025, subject_type: '历史' }, { subject_type: '历史类', batch_family: '本科批' })] },
  { id: 'bb-batch-03', domain: 'batch', ask: '广东25年历史类本科线', checks: [batch({ province: '广东', year: 2025, subject_type: '历史' }, { subject_type: '历史类', batch: '本科' })] },
  { id: 'bb-batch-04', domain: 'batch', ask: '河南2024文科一本线多少', checks: [batch({ province: '河南', year: 2024, subject_type: '文科' }, { subject_type: '文科', batch_family: '本科一批' })] },
  { id: 'bb-rankings-01', domain: 'rankings', ask: '计算机科学与技术学科评估A+的有哪些学校', checks: [topOf('query_discipline_evaluations', { discipline_name: '计算机科学与技术', grade: 'A+' }, 5, 'school_name')], invented: 'universities' },
  { id: 'bb-rankings-02', domain: 'rankings', ask: '浙大哪些学科是A+', checks: [topOf('query_discipline_evaluations', { university_name: '浙江大学', grade: 'A+' }, 3, 'discipline_name')] },
  { id: 'bb-rankings-03', domain: 'rankings', ask: '软科2026 土木工程专业排名前三', checks: [topOf('query_major_rankings', { major_name: '土木工程', year: 2026 }, 3, 'school_name')], invented: 'universities' },
  { id: 'bb-universities-01', domain: 'universities', ask: '西南交大是211吗 在成都哪', checks: [...yes('211'), profile('西南交通大学', ['city'])] },
  { id: 'bb-universities-02', domain: 'universities', ask: '武汉有哪些985', checks: [topOf('search_universities', { city: '武汉', level: '985' }, 2, 'name')], invented: 'universities' },
  { id: 'bb-universities-03', domain: 'universities', ask: '深圳大学是双一流吗', checks: [no('双一流')] },

  // ── several questions in one message
  { id: 'bb-multipart-01', domain: 'multipart', ask: '复旦24年河南文科多少分？上交呢？', checks: [schoolLine('复旦大学', '河南', 2024, '文科'), schoolLine('上海交通大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'bb-multipart-02', domain: 'multipart', ask: '湖北2025物理580分排多少名 本科线是多少', checks: [rankOf('湖北', 2025, 580, '物理'), batch({ province: '湖北', year: 2025, subject_type: '物理' }, { subject_type: '物理类', batch_family: '本科批' })] },
  { id: 'bb-multipart-03', domain: 'multipart', ask: '梁250x500 C30 HRB400 M=160 算As，另外Q235 b类λ=90的φ是多少', checks: [beamAs({ moment: 160, b: 250, h: 500, concrete_grade: 30, steel_grade: 360 }), steel('phi', { lambda: 90, class: 'b', grade: 'Q235' }, ['values.phi'])] },
  { id: 'bb-multipart-04', domain: 'multipart', ask: '中科大和南大24年河南理科分别多少分', checks: [schoolLine('中国科学技术大学', '河南', 2024, '理科'), schoolLine('南京大学', '河南', 2024, '理科')], invented: 'universities' },

  // ── sizhu, yijing, rules, smalltalk, site, madeup
  { id: 'bb-sizhu-01', domain: 'sizhu', ask: '05年11月2号晚上11点40生的男宝 八字', checks: [pillars({ year: 2005, month: 11, day: 2, hour: 23, minute: 40, sex: 'm' })],
    note: '23:40 is 子时: the default convention changes the day at 23:00' },
  { id: 'bb-sizhu-02', domain: 'sizhu', ask: '1976年7月28日凌晨3点42分 女 日柱和时柱', checks: [{ from: call('sizhu', { year: 1976, month: 7, day: 28, hour: 3, minute: 42, sex: 'f' }), paths: ['pillars.day.name', 'pillars.hour.name'] }] },
  { id: 'bb-sizhu-03', domain: 'sizhu', ask: '我是2010年1月15日下午2点出生的女生 年柱是己丑还是庚寅', checks: [{ from: call('sizhu', { year: 2010, month: 1, day: 15, hour: 14, minute: 0, sex: 'f' }), paths: ['pillars.year.name'] }],
    note: 'before 立春 the year pillar is still the previous year' },
  // 《周易·坤》卦辞：“坤：元亨，利牝马之贞……安贞吉。”
  { id: 'bb-yijing-01', domain: 'yijing', ask: '坤卦卦辞', checks: [says(/牝马之贞/, '坤卦卦辞 利牝马之贞')] },
  { id: 'bb-yijing-02', domain: 'yijing', ask: '随便起一卦 用梅花那种随机法 种子 xyz', checks: [{ from: call('yijing', { method: 'random', seed: 'xyz' }), paths: ['primary_hexagram.name'] }] },
  // 平行志愿：按“分数优先、遵循志愿”依次检索考生的各个志愿，投出一个即止，每位考生只投档一次（教育部招生工作规定）
  { id: 'bb-rules-01', domain: 'rules', ask: '平行志愿里前面的学校没录上 还能被后面的录吗', checks: [says(/(依次|按顺序|顺序检索|下一个志愿|后面的志愿|后面的院校|继续检索)/, '按志愿顺序检索后面的'), says(/(一次|一轮|只投一|只投档一)/, '只投档一次')] },
  { id: 'bb-rules-02', domain: 'rules', ask: '位次和分数到底看哪个', checks: [says(/位次/, '位次'), says(/(难度|试题|每年|往年)/, '分数随年份与试题变化')] },
  { id: 'bb-rules-03', domain: 'rules', ask: '什么叫一分一段表 怎么看', checks: [says(/(累计|以上)/, '累计人数'), says(/(同分|该分数)/, '同分人数')] },
  { id: 'bb-smalltalk-01', domain: 'smalltalk', ask: '你好呀', checks: [says(/(你好|您好|嗨|hi)/i, '回应问候')] },
  { id: 'bb-smalltalk-02', domain: 'smalltalk', ask: '你能算钢结构吗', checks: [says(/(能|可以|支持)/, '回答能'), says(/(GB 50017|钢结构|H型钢|梁|柱)/, '说出钢结构验算')] },
  { id: 'bb-site-01', domain: 'site', ask: '站里有没有讲院校专业组的文章', checks: [topOf('search_site', { q: '院校专业组' }, 1, 'title')] },
  { id: 'bb-madeup-01', domain: 'madeup', ask: '河南2027年高考分数线出来了吗 一本多少分', checks: [notInData], invented: 'numbers' },
  { id: 'bb-madeup-02', domain: 'madeup', ask: '牛津大学在四川理科录取线', checks: [notInData], invented: 'numbers' },
  { id: 'bb-madeup-03', domain: 'madeup', ask: '1899年3月5日出生的人八字', checks: [says(/(1900|范围|不支持|超出)/, '指出年份超出 1900–2100')] },
];
