import { lookupUniversity, universityLookupSchema } from '../src/data/universities.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { lookupResultSchema, universityDetailSchema } from '../src/data/responses.ts';
import { PROVINCE_NAMES } from '../src/data/normalize.ts';
import { col, fmt, names, say } from '../src/agent/voice.ts';

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

  answer: {
    lead(r: { summary: string; university: Record<string, any> }, c) {
      const u = r.university;
      const flags: string[] = [u.flags.is_985 && '985', u.flags.is_211 && '211', u.flags.is_double_first_class && '双一流'].filter(Boolean);
      // "是985吗": the yes or no first, from the flags the tool returned
      const asked = (['985', '211', '双一流'] as const).filter((f) => c.question.includes(f));
      const yesNo = asked
        .map((f) =>
          flags.includes(f)
            ? say(c.lang, `是，${u.name}是 ${f} 院校。`, `Yes, ${u.name} is a ${f} university.`)
            : say(c.lang, `不是，${u.name}不是 ${f} 院校。`, `No, ${u.name} is not a ${f} university.`),
        )
        .join('');
      if (c.lang === 'en') {
        return `${yesNo}${yesNo ? ' ' : ''}${u.name}${u.ranking.ruanke_2026_main ? ` is ranked #${u.ranking.ruanke_2026_main} in the 软科 2026 main ranking and` : ''}${u.affiliation ? ` (under ${u.affiliation})` : ''} is in ${u.city ?? u.province} (${u.province}); ${[u.level, u.nature, u.type].filter(Boolean).join(', ')}${flags.length ? `; ${flags.join('/')}` : ''}. 第四轮 A-grade disciplines: ${u.strong_disciplines.eval4_a.length}; 双一流 disciplines: ${u.strong_disciplines.double_first_class.length}.`;
      }
      const affiliation = u.affiliation ? `主管部门：${u.affiliation}。` : '';
      return `${yesNo}${r.summary}${affiliation}`;
    },
    empty(r: { summary: string; candidates: Array<{ name: string }> }, c) {
      if (r.candidates.length) {
        return say(c.lang, `“${c.args.name}”可能指以下几所院校，请说明是哪一所：${names(r.candidates.map((x) => x.name), 'zh', 10)}。`, `"${c.args.name}" may mean several universities; which one? ${names(r.candidates.map((x) => x.name), 'en', 10)}.`);
      }
      return say(c.lang, `数据中没有名为“${c.args.name ?? c.args.id}”的院校（本站院校名单来自教育部 2025 年全国高等学校名单）。查不到即不在本站数据中，不做推测。`, `The data holds no university named "${c.args.name ?? c.args.id}" (the list is the 2025 national list); nothing is guessed.`);
    },
    // the admission lines of a province the question names, else the most recent ones
    rows(r: { university: Record<string, any> }, c) {
      const lines = r.university.recent_admission_lines as Array<Record<string, any>>;
      const province = PROVINCE_NAMES.find((p) => c.question.includes(p));
      const chosen = province ? lines.filter((l) => l.province === province) : lines;
      return [...chosen].sort((a, b) => b.year - a.year).slice(0, 12);
    },
    columns: [
      col('省份', 'province', 'province'),
      col('年份', 'year', 'year'),
      col('科类', 'subject', 'subject_family'),
      col('最低分（范围）', 'lowest score (range)', (l: Record<string, any>) => (l.lowest_min_score === l.highest_min_score ? fmt(l.lowest_min_score) : `${fmt(l.lowest_min_score)}–${fmt(l.highest_min_score)}`)),
      col('最低位次（范围）', 'lowest rank (range)', (l: Record<string, any>) => (l.best_min_rank == null ? null : l.best_min_rank === l.worst_min_rank ? fmt(l.best_min_rank) : `${fmt(l.best_min_rank)}–${fmt(l.worst_min_rank)}`)),
      col('线数', 'lines', 'lines'),
    ],
    notes(r: { university: Record<string, any> }, c) {
      const d = r.university.strong_disciplines;
      const out: string[] = [];
      if (d.double_first_class.length) out.push(say(c.lang, `双一流建设学科：${d.double_first_class.join('、')}。`, `双一流 disciplines: ${d.double_first_class.join(', ')}.`));
      if (d.eval4_a.length) out.push(say(c.lang, `第四轮学科评估 A 类：${d.eval4_a.map((e: any) => `${e.discipline_name}（${e.grade}）`).join('、')}。`, `第四轮 A grades: ${d.eval4_a.map((e: any) => `${e.discipline_name} (${e.grade})`).join(', ')}.`));
      out.push(say(c.lang, '上表是各省录取线的摘要（该省该年所有线的最低分范围）；某省某年的具体院校线与专业线可以继续问“它 2024 年在河南的最低分”。', 'The table summarises the lines per province and year; ask for a province and year for the exact lines.'));
      return out;
    },
  },
});
