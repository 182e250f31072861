// Planning without the registry's own tools: tools that other branches add later (notes, forum, site search, a
// daily brief, a concrete calculator tool) are routed by their own keywords and get their arguments from their
// field names, with no change to the agent. Also the pieces the conversation suite relies on.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { planConversation } from '../../src/agent/conversation.ts';
import { extractArgs } from '../../src/agent/extract.ts';
import { readMentions } from '../../src/agent/mentions.ts';
import { routeAll } from '../../src/agent/router.ts';
import { greetingKind } from '../../src/agent/understand/smalltalk.ts';
import { MemoryToolCallCache, callKey } from '../../src/agent/tool-cache.ts';
import { defineTool, READ_ONLY, type SiteTool } from '../../tools/types.ts';
import { TOOLS } from '../../tools/index.ts';

const later = (name: string, keywords: string[], shape: z.ZodRawShape): SiteTool =>
  defineTool({ name, title: name, description: name, inputSchema: z.object(shape).strict(), outputSchema: z.unknown(), annotations: READ_ONLY, examples: [], tags: [], keywords, handler: () => ({}) }) as unknown as SiteTool;

const readNotes = later('read_notes', ['笔记', 'notes'], { q: z.string().optional(), kind: z.enum(['思辨', '复盘', '记']).optional() });
const readPage = later('read_page', ['读一下页面', '页面全文'], { slug: z.string() });
const dailyBrief = later('daily_brief', ['日报', '简报'], { date: z.string().optional() });
const searchSite = later('search_site', ['站内搜索', '搜索本站'], { q: z.string() });
const concrete = later('concrete', ['混凝土', '配筋', '裂缝'], {
  kind: z.enum(['beam', 'column', 'shear', 'crack']),
  params: z.record(z.string(), z.number()),
});
const later6 = [readNotes, readPage, dailyBrief, searchSite, concrete];

const plan = (text: string, tools: SiteTool[] = later6) => planConversation([{ role: 'user', content: text }], { tools, db: null, itemsOf: async () => [] });

describe('tools added later work without touching the agent', () => {
  it('routes by their keywords and fills enum, q, slug and date fields', async () => {
    expect(await plan('看看思辨类的笔记')).toMatchObject({ kind: 'tools', calls: [{ tool: readNotes, args: { kind: '思辨' } }] });
    expect(await plan('读一下页面 gaokao-guide-2025 的全文')).toMatchObject({ kind: 'tools', calls: [{ tool: readPage, args: { slug: 'gaokao-guide-2025' } }] });
    expect(await plan('2025年6月1日的日报')).toMatchObject({ kind: 'tools', calls: [{ tool: dailyBrief, args: { date: '2025-06-01' } }] });
    expect(await plan('站内搜索“志愿填报”')).toMatchObject({ kind: 'tools', calls: [{ tool: searchSite, args: { q: '志愿填报' } }] });
  });

  it('reads concrete kind and params', async () => {
    const p = await plan('混凝土梁配筋：C30，HRB400，弯矩 150，截面 250×500');
    expect(p).toMatchObject({ kind: 'tools', calls: [{ tool: concrete, args: { kind: 'beam', params: { concrete_grade: 30, steel_grade: 360, moment: 150, b: 250, h: 500 } } }] });
    const crack = await plan('裂缝宽度验算 M=80 b=200 h=450 As=942 直径 20');
    expect(crack).toMatchObject({ kind: 'tools', calls: [{ args: { kind: 'crack', params: { moment: 80, b: 200, h: 450, As: 942, dia: 20 } } }] });
  });

  it('asks for a required field the message lacks', async () => {
    expect(await plan('读一下页面')).toMatchObject({ kind: 'ask', tool: readPage });
  });
});

describe('mentions', () => {
  it('reads provinces in every written form, years, scores, ranks, subject types and batches', () => {
    for (const [text, province] of [['河南省', '河南'], ['henan', '河南'], ['内蒙古自治区', '内蒙古'], ['广西壮族自治区', '广西'], ['上海市', '上海']]) {
      expect(readMentions(`${text} 2024 年`).provinces).toEqual([province]);
    }
    const m = readMentions('河南 2024 年理科考了 612 分，位次 12000，一本');
    expect(m).toMatchObject({ years: [2024], scores: [612], rank: 12000, subjectType: '物理', batch: '本科一批' });
  });

  it('reads birth moments in several notations', () => {
    expect(readMentions('1990年5月15日早上8点30分，男')).toMatchObject({ birth: { year: 1990, month: 5, day: 15, hour: 8, minute: 30 }, sex: 'm' });
    expect(readMentions('1992-11-03 晚上9点半出生的女生')).toMatchObject({ birth: { year: 1992, month: 11, day: 3, hour: 21, minute: 30 }, sex: 'f' });
    expect(readMentions('2001/1/9 07:05 male')).toMatchObject({ birth: { year: 2001, month: 1, day: 9, hour: 7, minute: 5 }, sex: 'm' });
  });
});

describe('router', () => {
  it('every registry tool declares keywords, in Chinese and English', () => {
    for (const t of TOOLS) {
      expect(t.keywords?.length, t.name).toBeGreaterThan(0);
      expect(t.keywords!.some((k) => /[\u4e00-\u9fff]/.test(k)), t.name).toBe(true);
      expect(t.keywords!.some((k) => /^[a-z0-9 +-]+$/i.test(k)), t.name).toBe(true);
    }
  });

  it('the longest matching keywords win', () => {
    expect(routeAll('介绍一下你自己', TOOLS)[0]!.tool.name).toBe('site_about');
    expect(routeAll('介绍一下哈工大', TOOLS)[0]!.tool.name).toBe('get_university');
  });

  it('recognises greetings only when the message is nothing else', () => {
    expect(greetingKind('你好！')).toBe('hello');
    expect(greetingKind('谢谢啦')).toBe('thanks');
    expect(greetingKind('你好，河南 600 分能上什么大学')).toBeNull();
  });
});

describe('tool-call cache', () => {
  it('keys ignore argument order and entries expire', () => {
    let now = 0;
    const c = new MemoryToolCallCache(1000, 10, () => now);
    c.set(callKey('t', { a: 1, b: 2 }), 'x');
    expect(c.get(callKey('t', { b: 2, a: 1 }))).toBe('x');
    now = 1001;
    expect(c.get(callKey('t', { a: 1, b: 2 }))).toBeUndefined();
  });
});

it('extractArgs fills only declared fields, and never reads an enum value out of a trigger word', () => {
  expect(extractArgs(readNotes, readMentions('看看笔记'))).toEqual({});
  expect(extractArgs(readNotes, readMentions('复盘类笔记'))).toEqual({ kind: '复盘' });
});

it('a very long message is planned from its beginning', async () => {
  const long = '河南物理类 600 分能上什么大学？' + '这是一段很长的粘贴文本。'.repeat(8000);
  const p = await planConversation([{ role: 'user', content: long }], { tools: TOOLS, db: null, itemsOf: async () => [] });
  expect(p).toMatchObject({ kind: 'tools', calls: [{ args: { score: 600, province: '河南' } }] });
});
