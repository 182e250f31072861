// Batch A (tools and conversation half), written by an author who has not read the assistant's code: four-pillar
// charts, hexagrams, concrete and steel in engineers' shorthand, how 志愿 filling works, follow-ups, several questions
// in one message, English, small talk and made-up questions.
import { batch, beamAs, call, match, notInData, pillars, planTotal, profile, rankOf, says, schoolLine, yes } from '../checks.ts';
import { concrete, frame, HN, rankRow, steel, topOf, YES_EN } from '../checks-more.ts';
import type { ExamCase } from '../types.ts';

// A fixed-base portal frame: columns A–B and D–C, rafter B–C.
const portal = (span: number, height: number, col: string, beam: string, w: number, lateral?: number) => ({
  nodes: [{ id: 'A', x: 0, y: 0 }, { id: 'B', x: 0, y: height }, { id: 'C', x: span, y: height }, { id: 'D', x: span, y: 0 }],
  members: [
    { id: 'C1', i: 'A', j: 'B', section: HN(col), grade: 'Q355' },
    { id: 'B1', i: 'B', j: 'C', section: HN(beam), grade: 'Q355', loads: [{ type: 'udl', w: -w }] },
    { id: 'C2', i: 'D', j: 'C', section: HN(col), grade: 'Q355' },
  ],
  supports: [{ node: 'A', type: 'fixed' }, { node: 'D', type: 'fixed' }],
  ...(lateral ? { nodal_loads: [{ node: 'B', fx: lateral }] } : {}),
});

export const BATCH_A_TALK: ExamCase[] = [
  // ── sizhu
  { id: 'ba-sizhu-01', domain: 'sizhu', ask: '1995年10月3日下午3点20出生的男孩 日柱是啥', checks: [{ from: call('sizhu', { year: 1995, month: 10, day: 3, hour: 15, minute: 20, sex: 'm' }), paths: ['pillars.day.name'] }] },
  { id: 'ba-sizhu-02', domain: 'sizhu', ask: '帮我家闺女排个八字 2012.7.21 早上9:05', checks: [pillars({ year: 2012, month: 7, day: 21, hour: 9, minute: 5, sex: 'f' })] },
  { id: 'ba-sizhu-03', domain: 'sizhu', ask: '我老公1986年6月15日中午12点生的 四柱是什么', checks: [pillars({ year: 1986, month: 6, day: 15, hour: 12, minute: 0, sex: 'm' })],
    note: '1986 had daylight saving time in China; the default clock basis removes it' },
  { id: 'ba-sizhu-05', domain: 'sizhu', ask: '2003年2月4日晚上10点出生 女 年柱是什么 算不算羊年', checks: [{ from: call('sizhu', { year: 2003, month: 2, day: 4, hour: 22, minute: 0, sex: 'f' }), paths: ['pillars.year.name'] }],
    note: 'near 立春: the year pillar turns at the solar term, not on 1 January or the lunar new year' },
  { id: 'ba-sizhu-04', domain: 'sizhu', ask: '1990年1月1日凌晨1点 男 八字五行缺什么', checks: [pillars({ year: 1990, month: 1, day: 1, hour: 1, minute: 0, sex: 'm' })] },

  // ── yijing
  { id: 'ba-yijing-01', domain: 'yijing', ask: '用种子 kaoyan2027 给我起一卦', checks: [{ from: call('yijing', { seed: 'kaoyan2027' }), paths: ['primary_hexagram.name', 'changed_hexagram.name'] }] },
  // 《周易·乾》卦辞：“乾：元亨利贞。”
  { id: 'ba-yijing-02', domain: 'yijing', ask: '乾为天这一卦的卦辞原文是啥', checks: [says(/元[，、]?亨[，、]?利[，、]?贞/, '乾卦卦辞 元亨利贞')] },
  // 《周易·既济》卦辞：“既济：亨小，利贞，初吉终乱。”
  { id: 'ba-yijing-03', domain: 'yijing', ask: '既济卦的卦辞怎么说', checks: [says(/初吉终乱/, '既济卦辞 初吉终乱')] },
  { id: 'ba-yijing-04', domain: 'yijing', ask: '蓍草法起一卦 种子用 2027', checks: [{ from: call('yijing', { method: 'yarrow', seed: '2027' }), paths: ['primary_hexagram.name'] }] },

  // ── concrete, in engineers' shorthand
  { id: 'ba-concrete-01', domain: 'concrete', ask: '梁250x600 C30 三级钢 M=260kN.m c=25 As要多少', checks: [beamAs({ moment: 260, b: 250, h: 600, concrete_grade: 30, steel_grade: 360, cover: 25 })] },
  { id: 'ba-concrete-02', domain: 'concrete', ask: '300*700梁 弯矩设计值420 C35 HRB400 保护层20 配筋面积', checks: [beamAs({ moment: 420, b: 300, h: 700, concrete_grade: 35, steel_grade: 360, cover: 20 })] },
  // 8根20: As = 8 × π × 20²/4 = 2513 mm²; the required As of the canonical call is below it (a 满足 answer)
  { id: 'ba-concrete-03', domain: 'concrete', ask: '250×550梁 C30 HRB400 M=300 c=25 底筋8根20够不够', checks: [beamAs({ moment: 300, b: 250, h: 550, concrete_grade: 30, steel_grade: 360, cover: 25 }), says(/2513|2,513/, '8根20 的面积 2513 mm²')] },
  { id: 'ba-concrete-04', domain: 'concrete', ask: '250x500梁 V=200kN C30 箍筋8@150双肢 抗剪够吗', checks: [concrete('shear', { V: 200, b: 250, h: 500, dia: 8, spacing: 150, legs: 2, concrete_grade: 30, steel_grade: 360 }, ['values.Vcs'])] },
  { id: 'ba-concrete-05', domain: 'concrete', ask: '算下裂缝 梁250×600 Mq=150kN·m 4根22 As=1520 c=25 C30', checks: [concrete('crack', { moment: 150, b: 250, h: 600, As: 1520, cover: 25, dia: 22, concrete_grade: 30, steel_grade: 360 }, ['values.wmax'])] },
  { id: 'ba-concrete-06', domain: 'concrete', ask: '柱子400×400 计算长度4.5m 轴力2800kN 纵筋8根20(As=2513) C30 HRB400 承载力够不够', checks: [concrete('column', { N: 2800, b: 400, h: 400, l0: 4.5, As: 2513, concrete_grade: 30, steel_grade: 360 }, ['values.Nu'])] },
  { id: 'ba-concrete-07', domain: 'concrete', ask: 'C25 200x450 M=95 HRB400 c=20 求As', checks: [beamAs({ moment: 95, b: 200, h: 450, concrete_grade: 25, steel_grade: 360, cover: 20 })] },

  // ── steel members and frames
  { id: 'ba-steel-01', domain: 'steel', ask: 'Q355 HN500x200x10x16 简支梁 跨度8m 跨中无侧向支撑 均布荷载作用在上翼缘 M=320kN·m 整体稳定够不够',
    checks: [steel('beam', { section: HN('HN500x200x10x16'), grade: 'Q355', Mx: 320, ltb: { l1: 8, item: 1 } }, ['values.phi_b', 'governing_ratio'])] },
  { id: 'ba-steel-02', domain: 'steel', ask: '焊接工字形600×250×10×16 Q235梁 M=400 侧向支撑间距6m 荷载在上翼缘均布 验算',
    checks: [steel('beam', { section: { type: 'welded_i', h: 600, b: 250, tw: 10, tf: 16 }, grade: 'Q235', Mx: 400, ltb: { l1: 6, item: 1 } }, ['values.phi_b', 'governing_ratio'])] },
  { id: 'ba-steel-03', domain: 'steel', ask: 'HN400x200x8x13 Q355柱 N=800kN 平面内计算长度6m 平面外计算长度3m 稳定系数多少',
    checks: [steel('compression', { section: HN('HN400x200x8x13'), grade: 'Q355', N: 800, l0x: 6, l0y: 3 }, ['values.phi', 'governing_ratio'])] },
  { id: 'ba-steel-04', domain: 'steel', ask: 'b类截面 λ=80 Q355 φ多少', checks: [steel('phi', { lambda: 80, class: 'b', grade: 'Q355' }, ['values.phi'])] },
  { id: 'ba-steel-05', domain: 'steel', ask: 'HN600x200x11x17的Ix和Wx是多少', checks: [steel('section', { section: HN('HN600x200x11x17') }, ['values.Ix', 'values.Wx'])] },
  { id: 'ba-steel-06', domain: 'steel', ask: '压弯柱 HN450x200x9x14 Q355 N=400kN Mx=150kN·m l0x=6m l0y=3m 够吗',
    checks: [steel('beam_column', { section: HN('HN450x200x9x14'), grade: 'Q355', N: 400, Mx: 150, l0x: 6, l0y: 3 }, ['governing_ratio'])] },
  { id: 'ba-steel-07', domain: 'steel', ask: '焊接工字钢 高700 上翼缘300×20 下翼缘200×14 腹板厚8 Q235 弯矩480kN·m 强度够不够 两边翼缘都要算',
    checks: [steel('beam', { section: { type: 'welded_i', h: 700, b: 300, tf: 20, b2: 200, tf2: 14, tw: 8 }, grade: 'Q235', Mx: 480 }, ['governing_ratio'])],
    note: 'a singly-symmetric beam: the tension (smaller) flange has the smaller modulus' },
  { id: 'ba-steel-08', domain: 'steel', ask: '门式刚架 跨度18m 柱高6m 柱脚刚接 梁上均布20kN/m 柱HN400x200x8x13 梁HN500x200x10x16 Q355 跨中弯矩和柱脚竖向反力多少',
    checks: [frame(portal(18, 6, 'HN400x200x8x13', 'HN500x200x10x16', 20), ['members.1.M_max', 'reactions.0.ry'])] },
  { id: 'ba-steel-09', domain: 'steel', ask: '三跨连续梁 每跨5m 均布12kN/m 用HN400x200x8x13 第二个支座反力多少',
    checks: [frame({
      nodes: [0, 5, 10, 15].map((x, k) => ({ id: `N${k}`, x, y: 0 })),
      members: [0, 1, 2].map((k) => ({ id: `S${k + 1}`, i: `N${k}`, j: `N${k + 1}`, section: HN('HN400x200x8x13'), loads: [{ type: 'udl', w: -12 }] })),
      supports: [{ node: 'N0', type: 'pinned' }, { node: 'N1', type: 'roller' }, { node: 'N2', type: 'roller' }, { node: 'N3', type: 'roller' }],
    }, ['reactions.1.ry'])] },

  // ── site
  { id: 'ba-site-01', domain: 'site', ask: '你们站里有讲位次法的文章吗', checks: [topOf('search_site', { q: '位次法' }, 1, 'title')] },
  { id: 'ba-site-02', domain: 'site', ask: '论坛上有没有说新疆一分一段有问题的帖子', checks: [topOf('search_forum', { q: '新疆' }, 1, 'title')] },
  { id: 'ba-site-03', domain: 'site', ask: '你们网站叫什么名字', checks: [{ from: call('site_about', {}), paths: ['name'] }] },

  // ── how 志愿 filling works (facts from the official rules; each pattern cites its source)
  // 教育部《关于做好普通高校招生工作的通知》: 平行志愿 投档 “分数优先、遵循志愿”，一轮投档
  { id: 'ba-rules-01', domain: 'rules', ask: '平行志愿到底咋投档的 我搞不明白', checks: [says(/分数优先/, '分数优先'), says(/遵循志愿/, '遵循志愿')] },
  // 平行志愿一轮投档：被投档后因体检、专业不服从调剂等被退档，不再投其他平行志愿，只能参加征集志愿或下一批次
  { id: 'ba-rules-02', domain: 'rules', ask: '退档是什么意思 退档了还有学上吗', checks: [says(/(不服从.{0,6}调剂|体检|专业.{0,4}不符)/, '退档原因（不服从调剂/体检等）'), says(/(征集志愿|下一批|后续批次|下一个批次)/, '退档后只能走征集志愿或下一批')] },
  // 位次法：用一分一段表把分数换成位次，与院校往年录取位次比较（各省考试院的填报指南）
  { id: 'ba-rules-03', domain: 'rules', ask: '位次法是啥 为什么不直接看分数', checks: [says(/位次/, '位次'), says(/(往年|历年|去年|每年).{0,20}(分数|难度|试卷|线)/, '往年分数随试题难度变化')] },
  // 全国统考历年 6 月 7 日开考；2027 年日期尚未由教育部公布（按惯例）
  { id: 'ba-rules-04', domain: 'rules', ask: '2027年高考是几月几号考', checks: [says(/6\s*月\s*7\s*日/, '6月7日'), says(/(惯例|尚未公布|未公布|还没公布|以.{0,6}公布为准)/, '说明尚未公布、按惯例')] },
  // 3+1+2：语数外 + 物理/历史 首选一门 + 化学、生物、思想政治、地理 中再选两门（各省综合改革实施方案）
  { id: 'ba-rules-05', domain: 'rules', ask: '新高考3+1+2是怎么选科的', checks: [says(/(物理|历史)/, '首选物理或历史'), says(/(化学|生物|政治|地理).{0,24}(两门|2门|二门|两科|2科|选两|选2|两个)/, '再选两门')] },
  // 服从专业调剂：所报专业都满时，由学校调到未满专业；不服从且专业满额可能被退档
  { id: 'ba-rules-06', domain: 'rules', ask: '专业服从调剂要不要勾 不勾会怎样', checks: [says(/调剂/, '调剂'), says(/退档/, '不服从可能退档')] },
  // 征集志愿：院校计划未完成（缺额）时，面向上线未录取考生再次填报
  { id: 'ba-rules-07', domain: 'rules', ask: '征集志愿是啥', checks: [says(/(缺额|未完成|没招满|未录满|计划未满|剩余计划)/, '院校计划未完成时')] },

  // ── follow-ups that change one thing
  { id: 'ba-followup-01', domain: 'followup', ask: ['河南大学24年河南理科最低分', '那文科呢'], checks: [schoolLine('河南大学', '河南', 2024, '文科')], invented: 'universities' },
  { id: 'ba-followup-02', domain: 'followup', ask: ['吉林大学2025在吉林物理类招多少人', '历史类呢'], checks: [planTotal({ province: '吉林', year: 2025, university_name: '吉林大学', subject_type: '历史' })] },
  { id: 'ba-followup-03', domain: 'followup', ask: ['湖北物理2025年600分排多少名', '590呢'], checks: [rankOf('湖北', 2025, 590, '物理')] },
  { id: 'ba-followup-04', domain: 'followup', ask: ['250×500梁 C30 HRB400 M=180 要多少钢筋', '弯矩改成240呢'], checks: [beamAs({ moment: 240, b: 250, h: 500, concrete_grade: 30, steel_grade: 360 })] },
  { id: 'ba-followup-05', domain: 'followup', ask: ['250x500 C30 M=180 HRB400 算As', '截面高度改成600再算'], checks: [beamAs({ moment: 180, b: 250, h: 600, concrete_grade: 30, steel_grade: 360 })] },
  { id: 'ba-followup-06', domain: 'followup', ask: ['兰州大学2024山西理科分数线', '换成河南'], checks: [schoolLine('兰州大学', '河南', 2024, '理科')], invented: 'universities' },
  { id: 'ba-followup-07', domain: 'followup', ask: ['广东物理2025位次5万对应多少分', '那历史类位次2万呢'],
    checks: [rankRow('广东', 2025, 558, '历史', ['score', 'cumulative_rank'])],
    note: '558 is the first score whose cumulative rank reaches 20,000' },
  { id: 'ba-followup-08', domain: 'followup', ask: ['Q355 HN400x200x8x13 柱 轴压800kN l0x=6 l0y=3 稳定够吗', '轴力加到1200呢'],
    checks: [steel('compression', { section: HN('HN400x200x8x13'), grade: 'Q355', N: 1200, l0x: 6, l0y: 3 }, ['governing_ratio'])] },
  { id: 'ba-followup-09', domain: 'followup', ask: ['河南物理600分能上哪些学校', '只看985的'], checks: match({ score: 600, province: '河南', subject_type: '物理', level: '985' }), invented: 'universities' },
  { id: 'ba-followup-10', domain: 'followup', ask: ['软科2026软件工程前五', '那计算机科学与技术呢'], checks: [topOf('query_major_rankings', { major_name: '计算机科学与技术', year: 2026 }, 5, 'school_name')], invented: 'universities' },
  { id: 'ba-followup-11', domain: 'followup', ask: ['四川大学2024在河南理科多少分', '文科呢', '那山西理科呢'], checks: [schoolLine('四川大学', '山西', 2024, '理科')], invented: 'universities',
    note: 'three turns: the year (2024) is kept, the family comes back to 理科 and the province changes' },

  // ── several questions in one message
  { id: 'ba-multipart-01', domain: 'multipart', ask: '河南2025物理本科线多少？600分排多少名？', checks: [batch({ province: '河南', year: 2025, subject_type: '物理' }, { subject_type: '物理类', batch_family: '本科批' }), rankOf('河南', 2025, 600, '物理')] },
  { id: 'ba-multipart-02', domain: 'multipart', ask: '电子科大是985吗 在四川2024理科最低多少分', checks: [...yes('985'), schoolLine('电子科技大学', '四川', 2024, '理科')] },
  { id: 'ba-multipart-03', domain: 'multipart', ask: '1998年3月12日早上6点出生 男 排个八字，顺便用种子abc起一卦', checks: [pillars({ year: 1998, month: 3, day: 12, hour: 6, minute: 0, sex: 'm' }), { from: call('yijing', { seed: 'abc' }), paths: ['primary_hexagram.name'] }] },
  { id: 'ba-multipart-04', domain: 'multipart', ask: '江南大学在哪个城市？它有哪些软科A+专业', checks: [profile('江南大学', ['city']), topOf('query_major_rankings', { university_name: '江南大学', year: 2026, grade: 'A+' }, 3, 'major_name')] },
  { id: 'ba-multipart-05', domain: 'multipart', ask: '吉林大学25年在吉林物理类招多少人？24年河南理科最低多少分？', checks: [planTotal({ province: '吉林', year: 2025, university_name: '吉林大学', subject_type: '物理' }), schoolLine('吉林大学', '河南', 2024, '理科')],
    note: '吉林大学(软件类) is listed above the ordinary line in 河南; the ordinary line is asked' },

  // ── English
  { id: 'ba-english-01', domain: 'english', english: true, ask: "What was Sichuan University's lowest score in Henan for the science stream in 2024, and the rank?", checks: [schoolLine('四川大学', '河南', 2024, '理科')], invented: 'universities' },
  { id: 'ba-english-02', domain: 'english', english: true, ask: 'Is Tsinghua a 985 university?', checks: [YES_EN, says(/985/, 'mentions 985')] },
  { id: 'ba-english-03', domain: 'english', english: true, ask: 'BUPT cutoff in Henan 2024, science', checks: [schoolLine('北京邮电大学', '河南', 2024, '理科')], invented: 'universities',
    note: 'BUPT = Beijing University of Posts and Telecommunications (北京邮电大学); its 宏福 campus line is not the one asked' },
  { id: 'ba-english-04', domain: 'english', english: true, ask: 'Where does Zhejiang University stand in the 2026 ShanghaiRanking?', checks: [profile('浙江大学', ['ranking.ruanke_2026_main'])] },
  { id: 'ba-english-05', domain: 'english', english: true, ask: 'I got 600 in Anhui, physics track. Which universities should I apply to?', checks: match({ score: 600, province: '安徽', subject_type: '物理' }), invented: 'universities' },
  { id: 'ba-english-06', domain: 'english', english: true, ask: 'What rank is a score of 580 in Hubei physics 2025?', checks: [rankOf('湖北', 2025, 580, '物理')] },
  { id: 'ba-english-07', domain: 'english', english: true, ask: "What's the 2025 undergraduate cutoff in Henan for the physics track?", checks: [batch({ province: '河南', year: 2025, subject_type: '物理' }, { subject_type: '物理类', batch_family: '本科批' })] },
  { id: 'ba-english-08', domain: 'english', english: true, ask: 'Required tension steel for a 300x650 beam, M = 350 kN·m, C30 concrete, HRB400 bars, cover 25 mm?', checks: [beamAs({ moment: 350, b: 300, h: 650, concrete_grade: 30, steel_grade: 360, cover: 25 })] },

  // ── small talk and what the assistant can do
  { id: 'ba-smalltalk-01', domain: 'smalltalk', ask: '在吗', checks: [says(/(在|你好|您好)/, '回应问候')] },
  { id: 'ba-smalltalk-02', domain: 'smalltalk', ask: '谢谢啦 帮大忙了', checks: [says(/(不客气|不用谢|很高兴|随时|乐意)/, '回应致谢')] },
  { id: 'ba-smalltalk-03', domain: 'smalltalk', ask: '你都能帮我干些啥', checks: [says(/(分数线|志愿|录取)/, '说出志愿数据'), says(/(八字|周易|起卦|混凝土|钢)/, '说出其他工具')] },
  { id: 'ba-smalltalk-04', domain: 'smalltalk', english: true, ask: 'Hey! What kind of stuff can you help me with?', checks: [says(/(admission|score|universit)/i, 'names the admission data'), says(/(concrete|steel|BaZi|hexagram|I Ching)/i, 'names the other tools')] },
  { id: 'ba-smalltalk-05', domain: 'smalltalk', ask: '你是哪个网站的助手', checks: [{ from: call('site_about', {}), paths: ['name'] }] },

  // ── made-up or impossible
  { id: 'ba-madeup-01', domain: 'madeup', ask: '北京大学2030年在河南的录取分数线', checks: [notInData], invented: 'numbers' },
  { id: 'ba-madeup-02', domain: 'madeup', ask: '哈佛大学在河南理科多少分能上', checks: [notInData], invented: 'numbers' },
  { id: 'ba-madeup-03', domain: 'madeup', ask: '上海科技师范大学2024在河南理科最低分', checks: [notInData], invented: 'numbers' },
  { id: 'ba-madeup-04', domain: 'madeup', ask: '2001年2月30日早上8点出生的男生八字', checks: [says(/(2\s*月.{0,6}(没有|无|不存在).{0,4}30|不存在|无效|没有这一天|日期有误|不是有效)/, '指出2月30日不存在')] },
  { id: 'ba-madeup-05', domain: 'madeup', ask: '河南2025物理类考了780分能排第几', checks: [says(/(750|满分|超过|不可能|有误)/, '指出超过满分')] },
  { id: 'ba-madeup-06', domain: 'madeup', ask: '清华大学2024年在火星的录取线是多少', checks: [notInData], invented: 'numbers' },
];
