// Issue 30: the classes of failure a tester who never read the understanding found — a cue word inside another
// question (柱 in 日柱, 软科 beside A+), a figure of the rank table asked in other words, small talk around a question,
// names that are close to a real one (a transposition), match none, or are English. Each case is the class's
// example from the issue and one more phrasing of it; the expected tool and arguments are read off the question.
import { describe, expect, it } from 'vitest';
import { calls, notes, understand } from './helpers.ts';
import type { PartPlan } from '../../../src/agent/understand/plan.ts';


describe('the intent is read from the whole question, not its first cue word', () => {
  it.each([
    // 柱 of a four-pillar chart is not a concrete column
    ['2005年3月8日上午10点出生的男生 日柱是什么', 'sizhu', { year: 2005, month: 3, day: 8, hour: 10, sex: 'm' }],
    ['1999年12月1日下午3点出生的女生，年柱和时柱是什么', 'sizhu', { year: 1999, month: 12, day: 1, hour: 15, sex: 'f' }],
    // 软科 grades majors: a 软科 A+ question is the major ranking, never the discipline evaluation
    ['软科2026 电气工程及其自动化 A+有哪些学校', 'query_major_rankings', { major_name: '电气工程及其自动化', grade: 'A+' }],
    // the rank table's figures asked in other words: 同分人数 of a score, the score of a rank
    ['河南2025物理类600分同分多少人', 'query_rank_table', { province: '河南', year: 2025, score: 600 }],
    ['江苏2025物理类620分有多少人同分', 'query_rank_table', { province: '江苏', year: 2025, score: 620 }],
    ['河南物理类排名3万约多少分', 'query_rank_table', { province: '河南', rank: 30000 }],
    ['山东2025位次5万大概多少分', 'query_rank_table', { province: '山东', year: 2025, rank: 50000 }],
  ])('%s', async (question, tool, args) => {
    const u = await understand(question);
    expect(calls(u.parts[0]!)[0]).toEqual([tool, expect.objectContaining(args)]);
  });

  it('a year written without 年 next to a score is the year, not a rank', async () => {
    const u = await understand('吉林2026物理类550分是多少位次');
    expect(calls(u.parts[0]!)[0]).toEqual(['query_rank_table', { province: '吉林', year: 2026, subject_type: '物理', score: 550 }]);
  });
});

describe('small talk and "what can you do" in the user\'s words', () => {
  it.each(['你能帮我干点啥？', '你可以做什么呀', 'Hello! What can you help me with?', 'what can you do'])('%s → the site introduction', async (q) => {
    const u = await understand(q);
    expect(u.parts.map((p) => p.kind)).toEqual(['tools']);
    expect(calls(u.parts[0]!)).toEqual([['site_about', {}]]);
  });

  it('the answer language is the question\'s', async () => {
    expect((await understand('Hello! What can you help me with?')).language).toBe('en');
    expect((await understand('你能帮我干点啥？')).language).toBe('zh');
  });
});

describe('names are never substituted silently', () => {
  it('two characters swapped (北京航天航空大学) is read as the real name, and said', async () => {
    const u = await understand('北京航天航空大学2024年在河南理科最低分');
    expect(calls(u.parts[0]!)[0]).toEqual(['query_score_lines', expect.objectContaining({ university_name: '北京航空航天大学' })]);
    expect(notes(u.parts[0]!)).toContain('按“北京航空航天大学”理解“北京航天航空大学”');
  });

  it('a short alias inside an unknown longer name (北大 in 清北大学) is not a mention of it', async () => {
    const u = await understand('清北大学在河南2024年理科最低分');
    const args = calls(u.parts[0]!)[0]?.[1] as Record<string, unknown> | undefined;
    expect(args?.university_name).not.toBe('北大');
    expect(args?.university_name).not.toBe('北京大学');
  });

  it('a name that matches nothing is said, with the nearest real names', async () => {
    const u = await understand('火星理工大学怎么样');
    expect(calls(u.parts[0]!)[0]).toEqual(['get_university', { name: '火星理工大学' }]);
    expect(notes(u.parts[0]!)).toMatch(/本站院校名单中没有“火星理工大学”，名称最接近的有：.*理工大学/);
  });

  it.each([
    ['Is Beijing University a 985?', '北京大学'],
    ['Beijing University of Posts and Telecommunications cutoff in Henan 2024', '北京邮电大学'],
    ['Tell me about China University of Mining and Technology', '中国矿业大学'],
    ['How good is Zhengzhou University?', '郑州大学'],
    // official English forms of 海洋大学 and 理工大学 (Ocean University of China, Nanjing University of Science and Technology)
    ['Is Ocean University of China a 985 university?', '中国海洋大学'],
    ['Nanjing University of Science and Technology: lowest score in Jiangsu 2026', '南京理工大学'],
  ])('English names resolve: %s', async (q, name) => {
    const u = await understand(q);
    const args = calls(u.parts[0]!)[0]?.[1] as Record<string, unknown>;
    expect(args.university_name ?? args.name).toBe(name);
  });

  it('a longer English name the list does not know is never read as its first words (not 南京大学)', async () => {
    const u = await understand('Nanjing University of Fine Arts lowest score in Jiangsu 2026');
    expect(JSON.stringify(calls(u.parts[0]!))).not.toContain('南京大学');
  });

  it('an English sentence around a name does not become part of it', async () => {
    const u = await understand('Is Beijing University a 985?');
    expect(JSON.stringify(calls(u.parts[0]!))).not.toContain('Is Beijing');
  });
});

describe('after the independent batches: classes of their first-sight failures', () => {
  it.each([
    // a typing slip is a character of the same (fuzzy) sound; a different word is another name
    ['夏门大学在哪', '厦门大学', true],
    ['哈尔冰工业大学软科排名', '哈尔滨工业大学', true],
    ['长江科技大学是几本', '长江科技大学', false],
  ])('%s', async (q, name, read) => {
    const u = await understand(q);
    expect(calls(u.parts[0]!)[0]?.[1]).toMatchObject({ name });
    expect(notes(u.parts[0]!)).toMatch(read ? /^按“/ : /本站院校名单中没有/);
  });

  it.each([
    ['河南师大2024理科最低分', 'query_score_lines', { university_name: '河南师大', province: '河南', year: 2024 }],
    ['西安交大2024河南文科', 'query_score_lines', { university_name: '西安交大', province: '河南', year: 2024, subject_type: '历史' }],
    ['河北2025历史类前一万名大概要多少分', 'query_rank_table', { province: '河北', year: 2025, rank: 10000 }],
    ['湖南25物理550 多少名', 'query_rank_table', { province: '湖南', year: 2025, score: 550 }],
    ['哈佛大学在河南理科多少分能上', 'query_score_lines', { university_name: '哈佛大学', province: '河南' }],
  ])('%s', async (q, tool, args) => {
    const u = await understand(q);
    expect(calls(u.parts[0]!)[0]).toEqual([tool, expect.objectContaining(args)]);
  });

  it('a place no province of the data is (火星, 香港) is said, not dropped', async () => {
    for (const q of ['清华大学2024年在火星的录取线是多少', '北京大学2024年在香港招多少人']) {
      const u = await understand(q);
      expect(u.parts[0]!.kind).toBe('clarify');
      expect(notes(u.parts[0]!)).toMatch(/数据中没有“(火星|香港)”的数据/);
    }
  });

  it.each(['谢谢啦 帮大忙了', 'Thanks a lot, that helped!'])('%s is thanks', async (q) => {
    expect((await understand(q)).parts[0]!.kind).toBe('greeting');
  });
});

describe("engineers' notation and a follow-up that changes one input", () => {
  const params = (p: PartPlan) => (calls(p)[0]?.[1] as { params?: Record<string, unknown> } | undefined)?.params;
  it.each([
    ['柱子400×400 计算长度4.5m 轴力2800kN 纵筋8根20(As=2513) C30 HRB400 承载力够不够', { As: 2513, N: 2800, l0: 4.5 }],
    ['250x500梁 V=200kN C30 箍筋8@150双肢 抗剪够吗', { dia: 8, spacing: 150, legs: 2, V: 200 }],
    ['400x800梁 V=800kN C35 箍筋Φ10@100(4) 抗剪够不', { dia: 10, spacing: 100, legs: 4 }],
    ['250×550梁 C30 HRB400 M=300 c=25 底筋8根20够不够', { cover: 25, moment: 300 }],
    ['梁 b×h=300×750 C35 M=520kN·m HRB400 as=65 求As', { as: 65, moment: 520 }],
    ['裂缝 Mq=180 300×600 6根22(As=2281) c=30 C30 限值0.2', { As: 2281, dia: 22, cover: 30, w_lim: 0.2, moment: 180 }],
    // M = qL²/8 = 30×6²/8 = 135 kN·m; M = PL = 50×1.8 = 90 kN·m (statics)
    ['简支梁 L=6m q=30kN/m(设计值) 250×600 C30 HRB400 跨中要配多少钢筋', { moment: 135 }],
    ['悬臂梁挑出1.8m 端部集中力50kN(设计值) 250×500 C30 HRB400 支座负筋面积', { moment: 90 }],
  ])('%s', async (q, expected) => {
    const u = await understand(q);
    expect(params(u.parts[0]!)).toMatchObject(expected);
  });

  it('the bars offered are stated with their area (3C25 = 3·π·25²/4 = 1473 mm²)', async () => {
    const u = await understand('250*500 C30 M=200 底筋3C25够不够');
    expect(calls(u.parts[0]!)[0]?.[0]).toBe('calc_concrete');
    expect(notes(u.parts[0]!)).toContain('1473 mm²');
  });

  it.each([
    [['250×500梁 C30 HRB400 M=180 要多少钢筋', '弯矩改成240呢'], { b: 250, h: 500, moment: 240, concrete_grade: 30, steel_grade: 360 }],
    [['250x500 C30 M=180 HRB400 算As', '截面高度改成600再算'], { b: 250, h: 600, moment: 180 }],
    [['C30 300x600梁 M=250 HRB400 As多少', '混凝土换C35'], { concrete_grade: 35, moment: 250, b: 300, h: 600 }],
    [['梁250x600 V=220kN C30 箍筋8@200双肢够吗', '改成@100呢'], { spacing: 100, V: 220, dia: 8, legs: 2 }],
    [['柱400×400 N=2500 l0=4m As=1964 C30 HRB400 够吗', '计算长度改6米'], { l0: 6, N: 2500, As: 1964 }],
  ])('%j recomputes with only that input changed', async (turns, expected) => {
    const u = await understand(...turns);
    expect(params(u.parts[0]!)).toEqual(expect.objectContaining(expected));
  });

  it("a chart's time changed keeps the date and sex", async () => {
    const u = await understand('1992年5月20号早上7点半 男 八字', '时间改成晚上7点半');
    expect(calls(u.parts[0]!)[0]).toEqual(['sizhu', { year: 1992, month: 5, day: 20, hour: 19, minute: 30, sex: 'm' }]);
  });
});

describe("how 志愿 filling works is answered from the site's own notes", () => {
  it.each([
    ['平行志愿到底咋投档的 我搞不明白', 'pingxing-zhiyuan-toudang'],
    ['退档是什么意思 退档了还有学上吗', 'tuidang-tiaoji-zhengji'],
    ['专业服从调剂要不要勾 不勾会怎样', 'tuidang-tiaoji-zhengji'],
    ['征集志愿是啥', 'tuidang-tiaoji-zhengji'],
    ['位次法是啥 为什么不直接看分数', 'weici-fa'],
    ['新高考3+1+2是怎么选科的', 'xingaokao-vs-wenli'],
  ])('%s → the note %s', async (q, slug) => {
    const u = await understand(q);
    expect(calls(u.parts[0]!)).toEqual([['read_page', { slug }]]);
  });

  it('the exam calendar question reads the site calendar', async () => {
    expect(calls((await understand('2027年高考是几月几号考')).parts[0]!)[0]?.[0]).toBe('daily_brief');
  });

  it('a kind of note named with 类 filters the notes (复盘 in 复盘类)', async () => {
    expect(calls((await understand('复盘类的笔记有哪些')).parts[0]!)).toEqual([['read_notes', { kind: '复盘' }]]);
  });
});
