// Prompts an agent host offers its user (MCP prompts/list, prompts/get): each runs the site's own engines with the
// user's arguments and hands the model the result together with how to read it, so the answer rests on the data
// and the calculators rather than on the model's memory. Arguments complete from the data (provinces, years,
// university names) and from the tools' own enums, so nothing about a value set is written twice.
import { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { calculate, PARAM_SCHEMAS } from '../calc/concrete/index.ts';
import { completeMajor, completeProvince, completeSubjectType, completeUniversity, completeYear } from '../data/complete.ts';
import { normalizeProvince } from '../data/normalize.ts';
import { InputError } from '../errors.ts';
import { findTool } from '../../tools/index.ts';
import { runTool } from '../../tools/run.ts';

export interface PromptArgument {
  name: string;
  description: string;
  required?: boolean;
  /** values for what the user has typed so far; `others` are the arguments already filled in */
  complete?: (typed: string, ctx: ServiceContext, others: Record<string, string>) => string[];
}

export interface SitePrompt {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
  /** the user message; throws InputError naming the argument when one is wrong */
  get(args: Record<string, string>, ctx: ServiceContext): Promise<string>;
}

/** The allowed values of an enum or literal field of a zod object schema (through optional/default wrappers). */
export function enumValues(schema: z.ZodObject, field: string): string[] {
  let node = schema.shape[field] as { _zod: { def: Record<string, unknown> } } | undefined;
  for (let guard = 0; node && guard < 5; guard++) {
    const def = node._zod.def as { type: string; innerType?: typeof node; entries?: Record<string, string | number>; values?: Array<string | number> };
    if (def.type === 'enum' && def.entries) return Object.values(def.entries).map(String);
    if (def.type === 'literal' && def.values) return def.values.map(String);
    node = def.innerType;
  }
  throw new Error(`${field} is not an enum field`);
}

/** Completion from an enum field of a schema: the schema stays the one definition of its value set. */
function schemaEnum(schema: z.ZodObject, field: string): PromptArgument['complete'] {
  const values = enumValues(schema, field);
  return (typed) => values.filter((v) => v.startsWith(typed.trim()));
}

/** Completion from a tool's own input enum. */
const toolEnum = (tool: string, field: string) => schemaEnum(findTool(tool)!.inputSchema, field);

function numberArg(args: Record<string, string>, name: string, required: boolean): number | undefined {
  const raw = args[name]?.trim();
  if (!raw) {
    if (required) throw new InputError(`argument "${name}" is required`, name);
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new InputError(`argument "${name}" must be a number, got "${raw}"`, name);
  return n;
}

function block(title: string, value: unknown): string {
  return `${title}\n\`\`\`json\n${JSON.stringify(value, null, 1)}\n\`\`\``;
}

const gaokaoPlan: SitePrompt = {
  name: 'gaokao_plan',
  title: '志愿填报 · Gaokao application plan by score and province',
  description: '按分数、省份、科类给出冲稳保院校清单（本站 match_by_score 的真实数据）并请模型据此拟定志愿方案。Builds a 冲/稳/保 list from the real score lines and asks for an application plan.',
  arguments: [
    { name: 'score', description: '高考总分 · total score', required: true },
    { name: 'province', description: '省份（河南、河南省、henan 均可）· province', required: true, complete: (t) => completeProvince(t) },
    { name: 'subject_type', description: '科类：物理/历史（或理科/文科）；3+3 省份可省略 · subject type', complete: (t) => completeSubjectType(t) },
    {
      name: 'year',
      description: '考生的高考年份；不填则按备考下一年（用最近一年的一分一段表换算位次，与最近三年的录取线比较）· the candidate\'s exam year',
      complete: (t, ctx, others) => completeYear(ctx.dataDb(), t, normalizeProvince(others.province) ?? undefined),
    },
  ],
  async get(args, ctx) {
    const input = { score: numberArg(args, 'score', true), province: args.province, subject_type: args.subject_type || undefined, year: numberArg(args, 'year', false) };
    const match = await runTool('match_by_score', input, ctx, { transport: 'mcp' });
    return [
      `我是${args.province}考生，高考 ${input.score} 分${args.subject_type ? `（${args.subject_type}）` : ''}，请帮我拟定志愿填报方案。`,
      '下面是本站 match_by_score 按往年真实录取线的位次与一分一段表算出的冲 / 稳 / 保院校（位次、录取概率及区间、所用往年线和标注规则都在结果里）。请：',
      '1. 按冲、稳、保分组，说明每组的含义和建议的志愿个数；',
      '2. 对想重点考虑的院校，用 query_score_lines 查近几年的线，看是否稳定；用 query_admission_plans 看招生计划（数据有限，查不到即没有）；',
      '3. 只使用结果里的院校与数字，不要补充数据中没有的学校或分数；结果为空就如实说明。',
      '',
      block('match_by_score 结果：', match),
    ].join('\n');
  },
};

const BIRTH = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})$/;

const sizhuReading: SitePrompt = {
  name: 'sizhu_reading',
  title: '排盘解读 · Four-pillar chart reading',
  description: '按出生时间排四柱八字（本站 sizhu 引擎）并请模型以文化研究视角解读。Casts the four-pillar chart and asks for a reading framed as cultural study.',
  arguments: [
    { name: 'birth', description: '出生时间（中国钟表时间）YYYY-MM-DD HH:mm，如 1990-05-17 08:30 · birth time', required: true },
    { name: 'sex', description: '性别 m 男 / f 女 · sex', required: true, complete: toolEnum('sizhu', 'sex') },
    { name: 'longitude', description: '可选：出生地经度（东经为正），按真太阳时排日柱时柱 · optional longitude' },
    { name: 'zi_hour', description: '可选：子时约定 · optional 23:00 convention', complete: toolEnum('sizhu', 'zi_hour') },
  ],
  async get(args, ctx) {
    const m = BIRTH.exec(args.birth?.trim() ?? '');
    if (!m) throw new InputError(`argument "birth" must look like 1990-05-17 08:30, got "${args.birth ?? ''}"`, 'birth');
    const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
    const input = { year, month, day, hour, minute, sex: args.sex, longitude: numberArg(args, 'longitude', false), zi_hour: args.zi_hour || undefined };
    const chart = await runTool('sizhu', input, ctx, { transport: 'mcp' });
    return [
      `请以传统命理文化研究的视角解读这张四柱八字（出生 ${args.birth}，${args.sex === 'f' ? '女' : '男'}）。`,
      '依次讲：四柱与日主、五行力量与强弱判断（说明用了哪种口径）、喜用神及其依据、格局、十神与六亲宫位、主要干支关系与神煞（注明出处）、大运走势，最后提示 warnings 中的边界情况。',
      '只依据下面的排盘结果，不要自行改动干支；这是文化参考，不是预测，请在开头说明。',
      '',
      block('sizhu 排盘结果：', chart),
    ].join('\n');
  },
};

const BEAM = PARAM_SCHEMAS.beam as unknown as z.ZodObject;

const beamCheck: SitePrompt = {
  name: 'beam_check',
  title: '梁截面校核 · Beam section check (GB 50010)',
  description: '按 GB 50010-2010 计算矩形截面梁的正截面受弯配筋（本站混凝土计算器）并请模型逐步解释。Runs the GB 50010 beam calculation and asks for a step-by-step explanation.',
  arguments: [
    { name: 'moment', description: '弯矩设计值 M（kN·m，已含 γ0）· design moment', required: true },
    { name: 'b', description: '截面宽度 b（mm）· width', required: true },
    { name: 'h', description: '截面高度 h（mm）· depth', required: true },
    { name: 'concrete_grade', description: '混凝土等级 C20–C50（只写数字，默认 30）· concrete grade', complete: schemaEnum(BEAM, 'concrete_grade') },
    { name: 'steel_grade', description: '钢筋：300 HPB300、360 HRB400（默认）、435 HRB500 · steel key', complete: schemaEnum(BEAM, 'steel_grade') },
  ],
  async get(args) {
    const params = {
      moment: numberArg(args, 'moment', true),
      b: numberArg(args, 'b', true),
      h: numberArg(args, 'h', true),
      concrete_grade: numberArg(args, 'concrete_grade', false),
      steel_grade: numberArg(args, 'steel_grade', false),
    };
    const result = calculate({ kind: 'beam', params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) });
    return [
      `请校核这根矩形截面梁：M = ${params.moment} kN·m，b × h = ${params.b} × ${params.h} mm。`,
      '下面是本站按 GB 50010-2010（2015 年版）算出的结果：请按计算步骤逐条解释（每个量的数值、单位与条文号），说明结论（verdict）和警告，并给出配筋建议；数值以结果为准，不要重新估算。',
      '',
      block('混凝土计算器结果：', result),
    ].join('\n');
  },
};

const universityProfile: SitePrompt = {
  name: 'university_profile',
  title: '院校画像 · University profile',
  description: '查一所院校（可用简称）的详情与在某省的近年录取线，请模型整理成报考参考。Looks up a university (short names work) and its recent lines in a province.',
  arguments: [
    { name: 'university', description: '院校名称或简称（北大、哈工大）· university name', required: true, complete: (t, ctx) => completeUniversity(ctx.dataDb(), t) },
    { name: 'province', description: '可选：生源省份 · optional home province', complete: (t) => completeProvince(t) },
  ],
  async get(args, ctx) {
    if (!args.university?.trim()) throw new InputError('argument "university" is required', 'university');
    const detail = await runTool('get_university', { name: args.university }, ctx, { transport: 'mcp' });
    const lines = args.province ? await runTool('query_score_lines', { university_name: args.university, province: args.province, page_size: 30 }, ctx, { transport: 'mcp' }) : null;
    return [
      `请介绍${args.university}${args.province ? `，并说明它近年在${args.province}的录取情况` : ''}，作为报考参考。`,
      '只用下面本站数据中的信息：层次与名次、优势学科、开设专业、录取线（注明年份、科类、线别与位次）。数据里没有的就说没有。',
      '',
      block('get_university 结果：', detail),
      ...(lines ? ['', block('query_score_lines 结果：', lines)] : []),
    ].join('\n');
  },
};

const majorProfile: SitePrompt = {
  name: 'major_profile',
  title: '专业解读 · Major profile',
  description: '查一个本科专业的介绍、开设院校与软科专业排名靠前的院校，请模型整理成选专业参考。Looks up a major and the universities strongest in it.',
  arguments: [{ name: 'major', description: '专业名称或代码（哲学、计算机科学与技术、080901）· major name or code', required: true, complete: (t, ctx) => completeMajor(ctx.dataDb(), t) }],
  async get(args, ctx) {
    if (!args.major?.trim()) throw new InputError('argument "major" is required', 'major');
    const detail = await runTool('get_major', { name: args.major }, ctx, { transport: 'mcp' });
    return [
      `请介绍本科专业“${args.major}”：学什么、属于哪个门类和专业类、哪些院校这个专业最强（软科专业排名与第四轮学科评估），作为选专业参考。`,
      '只用下面本站数据中的信息；数据中没有专业介绍时如实说明，不要编写课程或就业数字。',
      '',
      block('get_major 结果：', detail),
    ].join('\n');
  },
};

/** The prompt registry. */
export const PROMPTS: readonly SitePrompt[] = [gaokaoPlan, sizhuReading, beamCheck, universityProfile, majorProfile];
