// Batch B (follow-ups and constraints), written by an author who has not read the assistant's code: conversations of
// two and three turns where the later turn changes one thing (school, province, family, year, score, a filter, one
// calculator input), and matching questions with the constraints people actually state.
import { batch, beamAs, call, majorLine, match, pillars, planTotal, rankOf, schoolLine } from '../checks.ts';
import { concrete, frame, HN, sameScore, steel, topOf } from '../checks-more.ts';
import type { ExamCase } from '../types.ts';

const portal = (w: number) => ({
  nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: 6 }, { id: 'C', x: 18, y: 6 }, { id: 'D', x: 18, y: 0 }],
  members: [
    { id: 'C1', i: 'A', j: 'B', section: HN('HN400x200x8x13'), grade: 'Q355' },
    { id: 'B1', i: 'B', j: 'C', section: HN('HN500x200x10x16'), grade: 'Q355', loads: [{ type: 'udl', w: -w }] },
    { id: 'C2', i: 'D', j: 'C', section: HN('HN400x200x8x13'), grade: 'Q355' },
  ],
  supports: [{ node: 'A', type: 'fixed' }, { node: 'D', type: 'fixed' }],
});

export const BATCH_B_FOLLOWUP: ExamCase[] = [
  // ── follow-ups: data
  { id: 'bb-followup-01', domain: 'followup', ask: ['中山大学24年河南理科分数线', '文科呢'], checks: [schoolLine('中山大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'bb-followup-02', domain: 'followup', ask: ['上海交大24年河南理科最低分', '山西的呢'], checks: [schoolLine('上海交通大学', '山西', 2024, '理科')], invented: 'universities',
    note: 'the 医学院 line is listed apart and is not the one asked' },
  { id: 'bb-followup-03', domain: 'followup', ask: ['北航24年河南理科录取线', '北理工呢'], checks: [schoolLine('北京理工大学', '河南', 2024, '理科')], invented: 'universities' },
  { id: 'bb-followup-04', domain: 'followup', ask: ['天大2024山西理科最低分', '那南开呢'], checks: [schoolLine('南开大学', '山西', 2024, '理科')], invented: 'universities' },
  { id: 'bb-followup-05', domain: 'followup', ask: ['河南2025物理600分排多少', '历史类呢'], checks: [rankOf('河南', 2025, 600, '历史')] },
  { id: 'bb-followup-06', domain: 'followup', ask: ['湖北25年物理本科线', '历史类呢'], checks: [batch({ province: '湖北', year: 2025, subject_type: '历史' }, { subject_type: '历史类', batch_family: '本科批' })] },
  { id: 'bb-followup-07', domain: 'followup', ask: ['安徽物理600分能上什么学校', '只要安徽省内的'], checks: match({ score: 600, province: '安徽', subject_type: '物理', university_province: '安徽' }), invented: 'universities' },
  { id: 'bb-followup-08', domain: 'followup', ask: ['江苏物理位次2万能上哪些', '只看计算机类专业'], checks: match({ rank: 20000, province: '江苏', subject_type: '物理', major_category: '计算机类' }), invented: 'universities' },
  { id: 'bb-followup-09', domain: 'followup', ask: ['四川历史550能报啥', '只要公办的'], checks: match({ score: 550, province: '四川', subject_type: '历史', nature: '公办' }), invented: 'universities' },
  { id: 'bb-followup-10', domain: 'followup', ask: ['广东物理位次3万 冲稳保', '只看广州的 不要民办'], checks: match({ rank: 30000, province: '广东', subject_type: '物理', city: '广州', nature: '公办' }), invented: 'universities' },
  { id: 'bb-followup-11', domain: 'followup', ask: ['湖南物理550分推荐学校', '要985的', '那211呢'], checks: match({ score: 550, province: '湖南', subject_type: '物理', level: '211' }), invented: 'universities',
    note: 'the third turn replaces the level filter, it does not add to it' },
  { id: 'bb-followup-12', domain: 'followup', ask: ['北京600分能上啥211', '改成610分', '只看北京本地的'], checks: match({ score: 610, province: '北京', level: '211', university_province: '北京' }), invented: 'universities' },
  { id: 'bb-followup-13', domain: 'followup', ask: ['软科2026法学专业前五', '2025年的呢'], checks: [topOf('query_major_rankings', { major_name: '法学', year: 2025 }, 5, 'school_name')], invented: 'universities' },
  { id: 'bb-followup-14', domain: 'followup', ask: ['吉林大学25年吉林物理类招多少', '其中计算机相关的招几个'], checks: [planTotal({ province: '吉林', year: 2025, university_name: '吉林大学', subject_type: '物理', major_name: '计算机' })] },
  { id: 'bb-followup-15', domain: 'followup', ask: ['郑大计算机25年河南物理最低分', '人工智能呢'], checks: [majorLine('郑州大学', '河南', 2025, '物理', '人工智能')], invented: 'universities',
    note: 'the ordinary 人工智能 row, not 人工智能 (人机物智能创新班)' },
  { id: 'bb-followup-16', domain: 'followup', ask: ['浙江2025年600分位次', '650分呢'], checks: [rankOf('浙江', 2025, 650)] },
  { id: 'bb-followup-17', domain: 'followup', ask: ['广东2025物理580分多少名', '那同分的有多少人'], checks: [sameScore('广东', 2025, 580, '物理')] },

  // ── follow-ups: calculators (one input changes, the rest is kept)
  { id: 'bb-followup-18', domain: 'followup', ask: ['C30 300x600梁 M=250 HRB400 As多少', '混凝土换C35'], checks: [beamAs({ moment: 250, b: 300, h: 600, concrete_grade: 35, steel_grade: 360 })] },
  { id: 'bb-followup-19', domain: 'followup', ask: ['250×500梁 C30 M=150 三级钢 配筋', '钢筋换成HRB500'], checks: [beamAs({ moment: 150, b: 250, h: 500, concrete_grade: 30, steel_grade: 435 })] },
  { id: 'bb-followup-20', domain: 'followup', ask: ['梁250x600 V=220kN C30 箍筋8@200双肢够吗', '改成@100呢'], checks: [concrete('shear', { V: 220, b: 250, h: 600, dia: 8, spacing: 100, legs: 2, concrete_grade: 30, steel_grade: 360 }, ['values.Vcs'])] },
  { id: 'bb-followup-21', domain: 'followup', ask: ['柱400×400 N=2500 l0=4m As=1964 C30 HRB400 够吗', '计算长度改6米'], checks: [concrete('column', { N: 2500, b: 400, h: 400, l0: 6, As: 1964, concrete_grade: 30, steel_grade: 360 }, ['values.Nu'])] },
  { id: 'bb-followup-22', domain: 'followup', ask: ['HN500x200x10x16 Q355梁 M=280 跨度6m 跨中无侧向支撑 均布荷载在上翼缘 稳定够吗', '跨中加一道侧向支撑呢'],
    checks: [steel('beam', { section: HN('HN500x200x10x16'), grade: 'Q355', Mx: 280, ltb: { l1: 3, item: 5 } }, ['values.phi_b', 'governing_ratio'])],
    note: 'one brace at mid-span: l1 = 3 m and Table C.0.1 item 5 (UDL on the top flange)' },
  { id: 'bb-followup-23', domain: 'followup', ask: ['Q235 HW300x300x10x15柱 N=1500 计算长度6m 稳定验算', '换成Q355'], checks: [steel('compression', { section: HN('HW300x300x10x15'), grade: 'Q355', N: 1500, l0x: 6, l0y: 6 }, ['values.phi', 'governing_ratio'])] },
  { id: 'bb-followup-24', domain: 'followup', ask: ['b类截面 λ=100 Q235的φ', 'c类呢'], checks: [steel('phi', { lambda: 100, class: 'c', grade: 'Q235' }, ['values.phi'])] },
  { id: 'bb-followup-25', domain: 'followup', ask: ['门式刚架 跨度18m 柱高6m 柱脚刚接 梁上均布20kN/m 柱HN400x200x8x13 梁HN500x200x10x16 Q355 跨中弯矩', '均布改成30呢'],
    checks: [frame(portal(30), ['members.1.M_max'])] },
  { id: 'bb-followup-26', domain: 'followup', ask: ['1992年5月20号早上7点半 男 八字', '时间改成晚上7点半'], checks: [pillars({ year: 1992, month: 5, day: 20, hour: 19, minute: 30, sex: 'm' })] },
  { id: 'bb-followup-27', domain: 'followup', ask: ['2000年8月8日中午12点出生的女孩 大运几岁起', '如果是男孩呢'], checks: [{ from: call('sizhu', { year: 2000, month: 8, day: 8, hour: 12, minute: 0, sex: 'm' }), paths: ['luck.direction', 'luck.start.start_age'] }] },
  { id: 'bb-followup-28', domain: 'followup', ask: ['用种子 abc 起一卦', '换成蓍草法'], checks: [{ from: call('yijing', { seed: 'abc', method: 'yarrow' }), paths: ['primary_hexagram.name'] }] },

  // ── matching with the constraints people state
  { id: 'bb-match-01', domain: 'match', ask: '河南物理620 想去上海读书', checks: match({ score: 620, province: '河南', subject_type: '物理', city: '上海' }), invented: 'universities' },
  { id: 'bb-match-02', domain: 'match', ask: '山东590分 孩子想学临床医学 哪些学校有希望', checks: match({ score: 590, province: '山东', major: '临床医学' }), invented: 'universities' },
  { id: 'bb-match-03', domain: 'match', ask: '湖北物理位次5万 只看双一流', checks: match({ rank: 50000, province: '湖北', subject_type: '物理', level: '双一流' }), invented: 'universities' },
  { id: 'bb-match-04', domain: 'match', ask: '广东历史类位次1万5 想读师范院校', checks: match({ rank: 15000, province: '广东', subject_type: '历史', type: '师范' }), invented: 'universities' },
  { id: 'bb-match-05', domain: 'match', ask: '江苏物理610分 想去东北上大学 推荐下', checks: match({ score: 610, province: '江苏', subject_type: '物理', region: '东北' }), invented: 'universities' },
  { id: 'bb-match-06', domain: 'match', ask: '四川物理580分 想去西北 要公办', checks: match({ score: 580, province: '四川', subject_type: '物理', region: '西北', nature: '公办' }), invented: 'universities' },
  { id: 'bb-match-07', domain: 'match', ask: '河北物理600分想学法学类的专业', checks: match({ score: 600, province: '河北', subject_type: '物理', major_category: '法学类' }), invented: 'universities' },
  { id: 'bb-match-08', domain: 'match', ask: '浙江位次3万 想去北京读', checks: match({ rank: 30000, province: '浙江', city: '北京' }), invented: 'universities' },
  { id: 'bb-match-09', domain: 'match', ask: '湖南历史580 想留在湖南 公办本科', checks: match({ score: 580, province: '湖南', subject_type: '历史', university_province: '湖南', nature: '公办' }), invented: 'universities' },
  { id: 'bb-match-10', domain: 'match', ask: '重庆物理560分 想在成都上学', checks: match({ score: 560, province: '重庆', subject_type: '物理', city: '成都' }), invented: 'universities' },
  { id: 'bb-match-11', domain: 'match', ask: '广东物理450分 只能读专科了 哪些专科好点', checks: match({ score: 450, province: '广东', subject_type: '物理', level: '专科' }), invented: 'universities' },
  { id: 'bb-match-12', domain: 'match', ask: '安徽物理位次4万 想学电子信息 去华东', checks: match({ rank: 40000, province: '安徽', subject_type: '物理', major: '电子信息', region: '华东' }), invented: 'universities' },
];
