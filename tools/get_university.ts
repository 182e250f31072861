import { lookupUniversity, universityLookupSchema } from '../src/data/universities.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { lookupResultSchema, universityDetailSchema } from '../src/data/responses.ts';

export default defineTool({
  name: 'get_university',
  title: '院校详情 · University detail',
  description:
    '按院校 id 或名称（可用简称：北大、哈工大、上海交大）查一所院校的详情：基本信息（所在地、层次、985/211/双一流、类型、主管部门、软科名次、官网）、开设专业数（软科专业排名上榜数与一流本科专业数）、优势学科（双一流建设学科、第四轮评估 A 类学科）、近年各省录取线摘要。名称对应多所院校时返回候选，不猜测；不在教育部全国高等学校名单中的院校（国防科大、海军军医大学等军队院校）说明这一点并给出其录取线摘要。\n' +
    'One university by id or name (short names work): basics, number of majors (ranked by 软科 and first-class majors), strong disciplines (双一流, 第四轮 A grades) and a summary of recent admission lines per province. An ambiguous name returns candidates instead of a guess; an institution outside the national list (military academies …) is said to be so, with its recent lines.',
  inputSchema: universityLookupSchema,
  outputSchema: lookupResultSchema('university', universityDetailSchema),
  annotations: READ_ONLY,
  examples: ['介绍一下哈工大', '北京大学是 985 吗？', '复旦大学的优势学科有哪些？', '浙江大学近年在各省的录取分数'],
  tags: ['gaokao', 'universities'],
  keywords: ['介绍一下', '介绍下', '介绍', '怎么样', '详情', '简介', '是985吗', '是211吗', '是双一流吗', '985吗', '211吗', '双一流吗', '优势学科', '王牌专业', '在哪个城市', '在哪', '官网', '学校的详情', '所学校', '院校详情', 'university detail', 'tell me about'],
  handler(args, ctx) {
    const r = lookupUniversity(ctx.dataDb(), args);
    const asked = args.id !== undefined ? `id 为 ${args.id}` : `名为“${args.name}”`;
    if (!r.found) {
      if (r.outside_national_list) {
        const o = r.outside_national_list;
        const told = o
          .map((x) => `${x.name}${x.kind ? `（${x.kind}）` : ''}：${x.note}，数据中没有它的院校档案（所在地、层次、排名等），只有按名称收录的录取线 ${x.score_lines} 条、招生计划 ${x.admission_plans} 条（${x.provinces.join('、')}，${x.years[0]}–${x.years[x.years.length - 1]} 年）`)
          .join('；');
        const listed = r.candidates.length ? `名单中名称含“${args.name}”的院校：${r.candidates.map((c) => `${c.name}（id ${c.id}）`).join('、')}${r.more ? ' 等' : ''}。` : '';
        return { found: false, summary: `“${args.name}”对应：${told}。${listed}`, candidates: r.candidates, outside_national_list: o };
      }
      if (r.candidates.length === 0) return { found: false, summary: `数据中没有${asked}的院校。`, candidates: [] };
      const names = r.candidates.map((c) => `${c.name}（id ${c.id}）`).join('、');
      return {
        found: false,
        summary: `“${args.name}”对应多所院校，请用 id 或全称指定其一：${names}${r.more ? ' 等' : ''}。`,
        candidates: r.candidates,
      };
    }
    const u = r.university;
    const flags = [u.flags.is_985 && '985', u.flags.is_211 && '211', u.flags.is_double_first_class && '双一流'].filter(Boolean).join('、');
    const rank = u.ranking.ruanke_2026_main ? `，软科 2026 主榜第 ${u.ranking.ruanke_2026_main} 名` : '';
    const a = u.strong_disciplines.eval4_a.length;
    const lines = u.recent_admission_lines.length;
    const summary =
      `${u.name}位于${u.province}${u.city ?? ''}，${u.level ?? ''}${u.nature ? `、${u.nature}` : ''}${u.type ? `、${u.type}类` : ''}${flags ? `，${flags}` : ''}${rank}；` +
      `第四轮学科评估 A 类学科 ${a} 个，双一流建设学科 ${u.strong_disciplines.double_first_class.length} 项；` +
      (lines ? `近年录取线摘要覆盖 ${new Set(u.recent_admission_lines.map((l: any) => l.province)).size} 个省份。` : '数据中没有该校的录取分数线。');
    const campusNote = u.asked_campus
      ? `“${args.name}”是${u.name}的分校/校区（${u.asked_campus}），录取线摘要中带 campus 的行属于它，其余是${u.name}本部。`
      : '';
    return { found: true, summary: campusNote + summary, university: u };
  },
});
