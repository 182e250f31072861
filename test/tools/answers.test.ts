// Every tool's answer declaration, on real results: each tool runs on the real data database (runTool, as every
// transport does), the built-in composer writes the answer with the tool's declaration, and the answer must carry
// the figures of the structured result — read from the result here, never written into the test — in its first
// sentence where they are what was asked, with the asked columns, and never a bundle path or a page= hint.
import { describe, expect, it } from 'vitest';
import { outcomeText } from '../../src/agent/compose.ts';
import { answerFacets } from '../../src/agent/facets.ts';
import { findTool, TOOLS } from '../../tools/index.ts';
import type { AnswerLang } from '../../tools/types.ts';
import { dataToolRunner } from './data-tool-helpers.ts';

const run = dataToolRunner();

/** The answer to `question` from `tool` called with `args`, and the structured result it was written from. */
async function answer(tool: string, args: Record<string, unknown>, question: string): Promise<{ text: string; lead: string; r: any }> {
  const r = await run(tool, args);
  const f = answerFacets(question);
  const text = outcomeText({ tool, args, ok: true, result: r, cached: false }, findTool(tool), {
    lang: f.lang,
    question,
    siteUrl: 'https://site.example',
    ...(f.count ? { count: f.count } : {}),
  });
  return { text, lead: text.split('\n\n')[0]!, r };
}

/** The header row of the (first) table in an answer. */
const header = (text: string) => text.split('\n').find((l) => l.startsWith('| ')) ?? '';
const tableRows = (text: string) => text.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---')).length - 1;

const INTERNAL = /page=\d|\.csv|\.gz\b|score_lines\/|rank_tables\/|admission_plans\/|rankings_evaluations\/|batch_lines\//;

describe('every tool declares how its result is said', () => {
  it.each(TOOLS.map((t) => [t.name, t] as const))('%s', (_name, tool) => {
    expect(tool.answer, `${tool.name} has no answer declaration`).toBeDefined();
    expect(typeof tool.answer!.lead).toBe('function');
  });
});

describe('answers', () => {
  it('score lines of a university: the university line with its lowest score and lowest rank first, 最低分 and 最低位次 columns', async () => {
    const { text, lead, r } = await answer('query_score_lines', { university_name: '郑州大学', province: '河南', year: 2024, subject_type: '理科' }, '郑州大学2024年河南理科最低分多少');
    const own = r.school_lines.filter((l: any) => l.school_name === '郑州大学' && l.data_type === '院校线');
    expect(own.length).toBeGreaterThan(0);
    const lowest = own.reduce((a: any, b: any) => (b.min_score < a.min_score ? b : a));
    expect(lead).toContain(`最低分 ${lowest.min_score} 分`);
    expect(lead).toContain(`最低位次 ${lowest.min_rank}`);
    expect(lead.startsWith('郑州大学 2024 年在河南')).toBe(true);
    expect(header(text)).toMatch(/最低分 \| 最低位次/);
    expect(text).not.toMatch(INTERNAL);
  });

  it('score lines without a university: the highest and lowest line, each with score and rank', async () => {
    const { lead, r } = await answer('query_score_lines', { province: '江苏', year: 2024, subject_type: '物理', min_score_from: 600, min_score_to: 620 }, '江苏2024物理类600到620分的投档线');
    const scores = r.items.map((l: any) => l.min_score);
    expect(lead).toContain(`最低分 ${Math.max(...scores)} 分`);
    expect(lead).toContain(`最低分 ${Math.min(...scores)} 分`);
    expect(lead).toMatch(/最低位次/);
  });

  it('rank table: count at the score and cumulative rank in the first sentence; English when asked in English', async () => {
    const zh = await answer('query_rank_table', { province: '河南', year: 2025, subject_type: '物理', score: 600 }, '河南2025物理600分多少名');
    const row = zh.r.items[0];
    expect(zh.lead).toContain(`同分 ${row.count_at_score} 人，累计位次 ${row.cumulative_rank}`);
    const en = await answer('query_rank_table', { province: '河南', year: 2025, subject_type: '物理', score: 600 }, 'What rank is 600 points in Henan 2025 physics?');
    expect(en.lead).toContain(`cumulative rank ${row.cumulative_rank}`);
    expect(header(en.text)).toContain('cumulative rank');
    expect(en.text).not.toMatch(/数据年份|来源：/);
    expect(en.text).toMatch(/Data year: 2025/);
  });

  it('admission plans: the total places over every page, not only the rows shown', async () => {
    const { lead, text, r } = await answer('query_admission_plans', { province: '西藏', year: 2024, subject_type: '文科' }, '西藏2024年文科招多少人');
    expect(r.has_more).toBe(true);
    expect(lead).toContain(`共 ${r.totals.plans} 条，合计计划招生 ${r.totals.places} 人`);
    expect(r.totals.places).toBeGreaterThan(r.items.reduce((s: number, p: any) => s + (p.plan_count ?? 0), 0));
    expect(header(text)).toContain('计划人数');
    expect(text).not.toMatch(INTERNAL);
  });

  it('major rankings: 「前10」 gives ten rows, each school named in the answer', async () => {
    const { text, lead, r } = await answer('query_major_rankings', { major_name: '计算机科学与技术' }, '计算机科学与技术专业排名前10的学校');
    expect(tableRows(text)).toBe(10);
    for (const row of r.items.slice(0, 10)) expect(lead).toContain(`${row.rank}. ${row.school_name}`);
    expect(text).toContain('软科中国大学专业排名');
  });

  it('match_by_score: 冲/稳/保 counts, then the rows grouped by tier with probability, interval and the past line; a /zhiyuan/ link', async () => {
    const { text, lead, r } = await answer('match_by_score', { score: 600, province: '河南', subject_type: '物理', year: 2026 }, '河南物理600分能上什么大学');
    const n = (label: string) => r.items.filter((i: any) => i.label === label).length;
    expect(lead).toContain(`冲 ${n('冲')} 所、稳 ${n('稳')} 所、保 ${n('保')} 所`);
    expect(lead).toContain(`约第 ${r.rank.value} 名`);
    // at most ten rows on a phone, shared between the tiers so each tier's closest school is shown; the rest a link away
    expect(tableRows(text)).toBe(Math.min(r.items.length, 10));
    for (const label of ['冲', '稳', '保']) {
      const closest = r.items.find((i: any) => i.label === label);
      if (closest) expect(text).toContain(`| ${label} | ${closest.university_name} |`);
    }
    expect(text).toContain(`共 ${r.matched_total} 条；完整列表：https://site.example/zhiyuan/#match`);
    const tiers = text.split('\n').filter((l) => /^\| [冲稳保] \|/.test(l)).map((l) => l[2]);
    expect(tiers.join('')).toBe([...tiers].sort((a, b) => '冲稳保'.indexOf(a!) - '冲稳保'.indexOf(b!)).join(''));
    const first = r.items[0];
    expect(text).toContain(`${Math.round(first.probability * 100)}%（${Math.round(first.interval[0] * 100)}%–${Math.round(first.interval[1] * 100)}%）`);
    expect(text).toContain(`${first.lines[0].year} ${first.lines[0].data_type}`);
    expect(text).toContain('https://site.example/zhiyuan/#match');
  });

  it('match_by_score honours the new filters: 专业类, region, city and 公办/民办', async () => {
    const r = await run('match_by_score', { score: 600, province: '河南', subject_type: '物理', year: 2026, region: '华东', nature: '公办' });
    expect(r.count).toBeGreaterThan(0);
    for (const it of r.items) {
      expect(['上海', '江苏', '浙江', '安徽', '福建', '江西', '山东']).toContain(it.university_province);
      expect(it.nature).toBe('公办');
    }
    const wuhan = await run('match_by_score', { score: 600, province: '河南', subject_type: '物理', year: 2026, city: '武汉' });
    expect(wuhan.count).toBeGreaterThan(0);
    for (const it of wuhan.items) expect(it.city).toMatch(/^武汉/);
    const law = await run('match_by_score', { score: 600, province: '河南', subject_type: '物理', year: 2026, major_category: '法学类' });
    expect(law.count).toBeGreaterThan(0);
    expect(law.summary).toContain('专业类「法学类」');
    for (const it of law.items) {
      const l = it.lines[0];
      expect(`${l.major_name ?? ''}|${l.major_group ?? ''}`, it.university_name).toMatch(/法|知识产权|监狱|司法|纪检|国家安全|社区矫正|信用风险|国际经贸|海外利益/);
    }
  });

  it('get_university: a yes/no question is answered yes or no first, from the flags', async () => {
    const yes = await answer('get_university', { name: '北京大学' }, '北大是985吗？');
    expect(yes.r.university.flags.is_985).toBe(true);
    expect(yes.lead.startsWith('是，北京大学是 985 院校。')).toBe(true);
    const no = await answer('get_university', { name: '郑州大学' }, '郑州大学是985吗');
    expect(no.r.university.flags.is_985).toBe(false);
    expect(no.lead.startsWith('不是，郑州大学不是 985 院校。')).toBe(true);
  });

  it('a university name the data does not hold is said to be not in the data', async () => {
    const { text, r } = await answer('get_university', { name: '火星理工大学' }, '火星理工大学怎么样');
    expect(r.found).toBe(false);
    expect(text).toMatch(/数据中没有名为“火星理工大学”的院校/);
  });

  it('search_majors: a code is answered with the major it is', async () => {
    const { lead, r } = await answer('search_majors', { q: '080901' }, '080901是什么专业');
    expect(lead).toBe(`${r.items[0].code} 是${r.items[0].name}专业，属${r.items[0].category}门类${r.items[0].subcategory}。`);
  });

  it('batch lines: each line with its score in the first sentence', async () => {
    const { lead, r } = await answer('query_batch_lines', { province: '河南', year: 2023, batch: '本科一批' }, '河南2023年一本线多少');
    for (const b of r.items) expect(lead).toContain(`${b.subject_type}${b.batch} ${b.score} 分`);
  });

  it('site_about: "你是chatgpt吗" is answered as the site\'s assistant', async () => {
    const { lead, r } = await answer('site_about', {}, '你是chatgpt吗');
    expect(lead.startsWith('不是 chatgpt，我是')).toBe(true);
    expect(lead).toContain(r.name);
  });

  it('calc_concrete: the verdict and As in mm² first, then every step with unit and clause', async () => {
    const { lead, text, r } = await answer('calc_concrete', { kind: 'beam', params: { concrete_grade: 30, steel_grade: 360, moment: 180, b: 250, h: 500 } }, 'C30梁250×500，M=180kN·m，HRB400');
    expect(lead).toContain(`As = ${Math.round(r.values.As * 10) / 10} mm²`);
    expect(lead).toContain(r.verdict_text);
    // the steps that fit the answer's budget, then how many there are and the calculator page with all of them
    expect(tableRows(text)).toBeLessThanOrEqual(10);
    if (tableRows(text) < r.steps.length) expect(text).toContain(`共 ${r.steps.length} 条；完整列表：https://site.example/tools/concrete`);
    expect(text).toContain(r.suggestion.text);
  });

  it('search_universities: a quantity question gets the total over every page, counted page by page here', async () => {
    const { lead, r } = await answer('search_universities', { level: '211' }, '全国有多少所211大学');
    let counted = 0;
    for (let page = 1; ; page++) {
      const p = await run('search_universities', { level: '211', page, page_size: 100 });
      counted += p.items.length;
      if (!p.has_more) break;
    }
    expect(r.total).toBe(counted);
    expect(lead).toContain(`共 ${counted} 所`);
  });

  it('counts over every page: a university\'s A+ majors in the latest 软科 year, A+ evaluations per round', async () => {
    const ranked = await answer('query_major_rankings', { university_name: '浙江大学', grade: 'A+' }, '浙江大学有几个A+专业');
    const year = ranked.r.items[0].year;
    let counted = 0;
    for (let page = 1; ; page++) {
      const p = await run('query_major_rankings', { university_name: '浙江大学', grade: 'A+', year, page, page_size: 100 });
      counted += p.items.length;
      if (!p.has_more) break;
    }
    expect(ranked.lead).toContain(`等级为 A+ 的专业有 ${counted} 个`);
    const ev = await answer('query_discipline_evaluations', { university_name: '北京大学', grade: 'A+' }, '北大有几个A+学科');
    const all = await run('query_discipline_evaluations', { university_name: '北京大学', grade: 'A+', page_size: 100 });
    const per = (round: number) => all.items.filter((e: any) => e.round === round).length;
    expect(all.has_more).toBe(false);
    expect(ev.lead).toContain(`共 ${all.items.length} 条（第四轮 ${per(4)} 条，第五轮学校自行公布 ${per(5)} 条）`);
  });

  it('get_major: the catalogue facts first, then the 软科 leaders with rank and grade', async () => {
    const { lead, text, r } = await answer('get_major', { name: '法学' }, '法学专业怎么样');
    expect(lead).toContain(`${r.major.name}（${r.major.code}）`);
    const top = r.major.top_universities_by_ranking.items.slice(0, 10);
    expect(tableRows(text)).toBe(top.length);
    for (const u of top) expect(text).toContain(`| ${u.rank} | ${u.school_name} | ${u.grade} |`);
  });

  it('sizhu: the four pillars and the day master first, one row per pillar', async () => {
    const { lead, text, r } = await answer('sizhu', { year: 1990, month: 5, day: 15, hour: 8, minute: 30, sex: 'm' }, '1990年5月15日早上8点30分出生，男，排八字');
    for (const k of ['year', 'month', 'day', 'hour']) expect(lead).toContain(r.pillars[k].name);
    expect(lead).toContain(`${r.strength.score} 分`);
    expect(tableRows(text)).toBe(4);
    const en = await answer('sizhu', { year: 1990, month: 5, day: 15, hour: 8, minute: 30, sex: 'm' }, 'BaZi chart for 1990-05-15 08:30, male');
    expect(en.lead).toContain(`the day master ${r.day_master.name} scores ${r.strength.score}`);
  });

  it('yijing: the hexagrams and the text to read, quoted from the result', async () => {
    const { text, r } = await answer('yijing', { seed: 'hello', question: '考研' }, '帮我起一卦，问考研，种子 hello');
    expect(text).toContain(r.primary_hexagram.full_name);
    expect(text).toContain(r.primary_hexagram.judgment);
    expect(text).toContain(r.reading.main.text);
    expect(text).toContain('种子 hello');
  });

  it('random_note, read_page and daily_brief say what they returned', async () => {
    const note = await answer('random_note', { seed: '42' }, '随便推荐一篇笔记，种子 42');
    expect(note.lead).toContain(note.r.note.title);
    expect(note.text).toContain('随机种子 42');
    const page = await answer('read_page', { slug: 'about' }, '读一下关于页面');
    expect(page.lead).toContain(`《${page.r.title}》`);
    expect(page.text).toContain(page.r.text.slice(0, 40));
    const brief = await answer('daily_brief', { date: '2026-11-23' }, '离高考还有多少天');
    const exam = brief.r.calendar.find((e: any) => e.kind === 'exam');
    expect(brief.lead).toContain(`还有 ${exam.days_until} 天`);
  });

  it.each([
    ['query_discipline_evaluations', { discipline_name: '计算机', grade: 'A+' }, '第四轮学科评估计算机A+的学校'],
    ['search_universities', { province: '北京', level: '985' }, '北京有哪些985大学'],
    ['read_notes', {}, '看看笔记'],
    ['search_forum', { q: '平行志愿' }, '论坛里有没有讲平行志愿的'],
    ['search_site', { q: '八字' }, '站内搜索八字'],
  ] as Array<[string, Record<string, unknown>, string]>)('%s names every row it found, without internal paths or paging hints', async (tool, args, q) => {
    const { text, r } = await answer(tool, args, q);
    expect(r.items.length).toBeGreaterThan(0);
    // up to ten rows, fewer when they would pass the 1,500-character budget (issue 30: an answer a phone can read);
    // rows left out are counted in a line of their own
    const shown = tableRows(text);
    expect(shown).toBeLessThanOrEqual(10);
    expect(shown).toBeGreaterThanOrEqual(Math.min(r.items.length, 3));
    if (shown < r.items.length) expect(text).toContain(`（以上 ${shown} 条，共 `);
    expect(text).not.toMatch(INTERNAL);
  });

  it.each(['zh', 'en'] as AnswerLang[])('nothing found is said plainly (%s)', async (lang) => {
    const q = lang === 'en' ? 'What is the rank of 500 points in Tibet 2025?' : '西藏2025年500分排多少名';
    const { text, r } = await answer('query_rank_table', { province: '西藏', year: 2025, score: 500 }, q);
    expect(r.count).toBe(0);
    expect(text).toMatch(lang === 'en' ? /holds no score-to-rank rows/ : /数据中没有/);
  });
});

describe('batch lines lead with the ordinary batch', () => {
  it('广东2024物理本科线: the ordinary 本科 line (batch_family 本科批) is the first figure, special lines after it', async () => {
    const { lead, r } = await answer('query_batch_lines', { province: '广东', year: 2024, subject_type: '物理' }, '广东2024物理本科线是几分');
    const ordinary = r.items.find((b: any) => b.batch_family === '本科批');
    const special = r.items.find((b: any) => b.batch_family === '特殊类型');
    expect(ordinary && special).toBeTruthy();
    // the result's own order is by score (特殊类型 532 first); the answer names the ordinary line first
    expect(lead.indexOf(`${ordinary.score} 分`)).toBeGreaterThan(-1);
    expect(lead.indexOf(`${ordinary.batch} ${ordinary.score} 分`)).toBeLessThan(lead.indexOf(`${special.batch} ${special.score} 分`));
    expect(lead.indexOf(`${ordinary.batch} ${ordinary.score} 分`)).toBeLessThan(20);
  });
});

describe('「最低」 is over every matching row, the ordinary line first', () => {
  it('太原理工大学 2026 山西 物理: the lowest group line without a programme unit, found past the first page', async () => {
    const all: any[] = [];
    for (let page = 1; page < 20; page++) {
      const r = await run('query_score_lines', { university_name: '太原理工大学', province: '山西', year: 2026, subject_type: '物理', data_type: '院校线', page, page_size: 100 });
      all.push(...r.items);
      if (!r.has_more) break;
    }
    const ordinary = all.filter((l) => typeof l.min_score === 'number' && !l.admission_unit && !l.campus);
    const lowest = ordinary.reduce((a, b) => (b.min_score < a.min_score ? b : a));
    const programme = all.filter((l) => l.admission_unit && !String(l.admission_unit).startsWith('科类:')).reduce((a, b) => (b.min_score < a.min_score ? b : a));
    const { lead, r } = await answer('query_score_lines', { university_name: '太原理工大学', province: '山西', year: 2026, subject_type: '物理' }, '太原理工今年山西物理最低投档线多少 位次多少');
    // the page of 20 does not hold it: the figure comes from every row
    expect(r.lowest_lines?.some((l: any) => l.id === lowest.id)).toBe(true);
    expect(lead.split('。')[0]).toContain(`最低分 ${lowest.min_score} 分`);
    expect(lead.split('。')[0]).toContain(`最低位次 ${lowest.min_rank}`);
    // a programme lower than the ordinary line is named beside it, not as the school's line
    expect(programme.min_score).toBeLessThan(lowest.min_score);
    expect(lead.split('。')[0]).not.toContain(`${programme.min_score} 分`);
    expect(lead).toContain(`${programme.admission_unit}`);
  });

  it('a programme the question names leads (国家专项的最低呢)', async () => {
    const { lead } = await answer('query_score_lines', { university_name: '中南大学', province: '湖南', year: 2026, subject_type: '物理' }, '中南大学26年湖南物理国家专项的最低呢');
    expect(lead.split('。')[0]).toContain('国家专项');
  });
});
