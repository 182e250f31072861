// Plans for the questions of issue 21, made against the real data database and the registry's tools: the tool and
// the arguments each question must run with are read off the question itself (and, for names, off the data).
import { describe, expect, it } from 'vitest';
import { understandConversation, mergedPlan } from '../../../src/agent/understand/understand.ts';
import type { PartPlan } from '../../../src/agent/understand/plan.ts';
import type { ChatMessage } from '../../../src/agent/request.ts';
import { TOOLS } from '../../../tools/index.ts';
import { realDb } from '../../data/helpers.ts';

const rows = [{ university_name: '郑州大学', university_id: 1 }, { university_name: '河南大学', university_id: 2 }];

async function understand(...turns: string[]) {
  const messages: ChatMessage[] = turns.flatMap((t, i) => [{ role: 'user' as const, content: t }, ...(i < turns.length - 1 ? [{ role: 'assistant' as const, content: '…' }] : [])]);
  return understandConversation(messages, { tools: TOOLS, db: realDb(), itemsOf: async () => rows });
}

function calls(p: PartPlan) {
  return p.kind === 'tools' ? p.calls.map((c) => [c.tool.name, c.args]) : [];
}

describe('understanding picks the tool and its arguments', () => {
  it.each([
    ['郑州大学2024年河南理科最低分多少', 'query_score_lines', { university_name: '郑州大学', province: '河南', year: 2024, subject_type: '物理' }],
    ['080901是什么专业', 'get_major', { name: '计算机科学与技术' }],
    ['华中科技大学哪些专业是A+', 'query_major_rankings', { university_name: '华中科技大学', grade: 'A+' }],
    ['第四轮学科评估计算机A+的学校', 'query_discipline_evaluations', { grade: 'A+' }],
    ['河南物理类位次5万能上什么大学', 'match_by_score', { rank: 50000, province: '河南', subject_type: '物理' }],
    ['河南理科排名3.5万', 'match_by_score', { rank: 35000, province: '河南' }],
    ['厦门大学2025年在福建物理类最低多少分', 'query_score_lines', { university_name: '厦门大学', province: '福建', year: 2025, subject_type: '物理' }],
    ['计算机专业排名前10的学校', 'query_major_rankings', { major_name: '计算机', page_size: 10 }],
    ['上交怎么样', 'get_university', { name: '上海交通大学' }],
    ['成都有哪些211大学', 'search_universities', { city: '成都', level: '211' }],
    ['C30梁250×500，M=180kN·m，HRB400', 'calc_concrete', { kind: 'beam', params: { b: 250, h: 500, moment: 180, concrete_grade: 30, steel_grade: 360 } }],
    ['2005年农历八月十五晚上9点出生的男孩八字', 'sizhu', { year: 2005, month: 9, day: 18, hour: 21, minute: 0, sex: 'm' }],
    ['What is the cutoff score of Peking University in Henan 2024?', 'query_score_lines', { university_name: '北京大学', province: '河南', year: 2024 }],
  ])('%s', async (question, tool, args) => {
    const u = await understand(question);
    expect(u.parts).toHaveLength(1);
    expect(calls(u.parts[0]!)[0]).toEqual([tool, expect.objectContaining(args)]);
  });

  it('reads match constraints as the match tool filters', async () => {
    const u = await understand('河南物理600分，想学法学，想留在省内，只看211');
    expect(calls(u.parts[0]!)).toEqual([['match_by_score', { score: 600, province: '河南', subject_type: '物理', level: '211', major: '法学', university_province: '河南' }]]);
  });

  it('a score question about one university also looks up its own lines', async () => {
    const u = await understand('河南物理600分能上郑州大学吗');
    expect(calls(u.parts[0]!).map((c) => c[0])).toEqual(['match_by_score', 'query_score_lines']);
  });
});

describe('several questions, follow-ups, names and small talk', () => {
  it('splits a two-question message and carries the province into the second part', async () => {
    const u = await understand('河南2024年一本线多少？郑州大学2024年理科最低分多少？');
    expect(u.parts.map((p) => calls(p)[0])).toEqual([
      ['query_batch_lines', { province: '河南', year: 2024, batch: '本科一批' }],
      ['query_score_lines', expect.objectContaining({ university_name: '郑州大学', year: 2024, province: '河南', subject_type: '物理' })],
    ]);
  });

  it('says a part it cannot answer instead of dropping it', async () => {
    const u = await understand('河南2024年一本线多少？今天天气怎么样？');
    expect(u.parts.map((p) => p.kind)).toEqual(['tools', 'none']);
  });

  it('carries the rank into a match, a university into its major, and 第二所 to the second row', async () => {
    expect(calls((await understand('河南物理类位次2万', '能上什么大学？')).parts[0]!)).toEqual([['match_by_score', { rank: 20000, province: '河南', subject_type: '物理' }]]);
    expect(calls((await understand('介绍一下郑州大学', '它的计算机专业呢？')).parts[0]!)[0]).toEqual(['query_major_rankings', { university_name: '郑州大学', major_name: '计算机' }]);
    expect(calls((await understand('河南物理600分能上什么大学', '第二所学校的详情')).parts[0]!)[0]).toEqual(['get_university', { id: 2 }]);
  });

  it('asks which university a shared short name means, offering each', async () => {
    const [p] = (await understand('华师的分数线')).parts;
    expect(p).toMatchObject({ kind: 'clarify' });
    expect(p!.kind === 'clarify' && p.candidates.sort()).toEqual(['华东师范大学', '华中师范大学', '华南师范大学']);
  });

  it('reads a shared short name from the other university or province named, and stays ambiguous without one', async () => {
    // 河大 is 河南大学 or 河北大学; next to 郑大 (河南) it is the one in 河南
    expect(calls((await understand('郑大和河大哪个排名高')).parts[0]!).map((c) => (c[1] as { name: string }).name)).toEqual(['郑州大学', '河南大学']);
    expect((await understand('河大怎么样')).parts[0]).toMatchObject({ kind: 'clarify' });
  });

  it('reads the sex from who the chart is for', async () => {
    expect(calls((await understand('我老婆1993年6月6日下午2点40出生 帮看看八字')).parts[0]!)[0]).toEqual(['sizhu', expect.objectContaining({ year: 1993, month: 6, day: 6, hour: 14, minute: 40, sex: 'f' })]);
  });

  it('never runs a list tool without arguments when the question has content words', async () => {
    const [p] = (await understand('哪些专业好就业')).parts;
    expect(calls(p!)[0]?.[0]).toBe('search_site');
    expect((await understand('推荐几所学校')).parts[0]).toMatchObject({ kind: 'ask', tool: { name: 'match_by_score' } });
  });

  it('answers thanks and identity, and flags English', async () => {
    expect((await understand('谢谢你！')).parts[0]).toMatchObject({ kind: 'greeting', greeting: 'thanks' });
    const who = await understand('你是chatgpt吗');
    expect(who.parts[0]).toMatchObject({ kind: 'tools', notes: [expect.stringContaining('不是 chatgpt')] });
    expect((await understand('Which 985 universities are in Beijing?')).language).toBe('en');
  });

  it('merges the parts into one plan for callers that take one', async () => {
    const plan = mergedPlan(await understand('河南2024年一本线多少？郑州大学2024年理科最低分多少？'));
    expect(plan.kind === 'tools' && plan.calls.map((c) => c.tool.name)).toEqual(['query_batch_lines', 'query_score_lines']);
  });
});
