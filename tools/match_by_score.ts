import { matchByScore, matchOutputSchema, matchSchema } from '../src/data/match.ts';
import { defineTool, READ_ONLY } from './types.ts';

export default defineTool({
  name: 'match_by_score',
  title: '按分数匹配院校 · Match universities by score',
  description:
    '给出分数（或位次）、省份、科类（年份可省，默认该省该科类有一分一段表的最近一年，即考生的高考年份），一次调用完成：用该年一分一段表把分数换算成位次（结果中已含位次，无需再查一分一段表），与此前 1–3 年的录取线按位次比较（并给出每条往年线在考生年份的等效分），每年按覆盖院校数自动选择依据（院校线、专业组线、专业线，无普通线时用特殊招生线），每所院校（分校单列）每个科类只列一次，给出录取概率及区间（模型 rank-history v1，经 npm run backtest 回测校准），按概率标注：冲 20%–50%、稳 50%–80%、保 80%–99%。可按院校所在省份、层次（985/211/双一流/本科/专科）、类型、专业关键词、批次筛选。该年没有一分一段表时按分数与最近一年录取线比较，不给概率，并在结果中说明。\n' +
    'Which universities a candidate can reach: converts the score to a rank with the exam year\'s rank table (the rank is in the result), compares it with the previous 1–3 years\' lines by rank (and by each past line\'s equivalent score this year), picks the line kind per year by coverage, lists each university (campuses separately) once per subject family with an admission probability and interval, labelled 冲 (20–50 %) / 稳 (50–80 %) / 保 (80–99 %). Filters: university province, level, type, major keyword, batch.',
  inputSchema: matchSchema,
  outputSchema: matchOutputSchema,
  annotations: READ_ONLY,
  examples: ['河南物理类 600 分能上什么大学？', '我是江苏考生，历史类位次 12000，能报哪些学校', '上海 520 分冲稳保推荐，只看 211', '湖南历史类 590 分想学法学'],
  tags: ['gaokao', 'match', 'score-lines', 'probability'],
  keywords: ['能上什么', '能上哪些', '能上哪', '能报哪', '能报哪些', '报哪些学校', '能报什么', '可以报', '可以上', '能考上', '上什么大学', '上什么学校', '冲稳保', '冲一冲', '填志愿', '志愿推荐', '推荐院校', '推荐学校', '能去哪', '报考建议', 'what universities can', 'which universities can', 'my score'],
  handler(args, ctx) {
    return matchByScore(ctx.dataDb(), args);
  },
});
