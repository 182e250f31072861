import { matchByScore, matchSchema } from '../src/data/match.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { matchResultSchema } from '../src/data/responses.ts';

export default defineTool({
  name: 'match_by_score',
  title: '按分数匹配院校 · Match universities by score',
  description:
    '给出分数、省份、科类（年份可省，默认该省有数据的最近一年），一次调用完成：按该省该年的数据覆盖自动选择依据（院校线、专业线或特殊招生线），用一分一段表把分数换算成位次（结果中已含位次，无需再查一分一段表），每所院校每个科类只列一次，按与分数（有位次时按位次）的接近程度排序，并标注 冲 / 稳 / 保。阈值：有位次时按相对位次差 冲 −15%~−3%、稳 −3%~+10%、保 +10%~+35%；无位次时按分差 冲 高 3~15 分、稳 −10~+3 分、保 低 10~30 分。\n' +
    'Which universities a score can reach in a province and year, in one call: picks the basis (institution, major or special-admission lines) by coverage, converts the score to a rank with the rank table (the rank is in the result), lists each university once per subject family, sorts by closeness and labels each 冲 (reach) / 稳 (match) / 保 (safety).',
  inputSchema: matchSchema,
  outputSchema: matchResultSchema,
  annotations: READ_ONLY,
  examples: ['河南物理类 600 分能上什么大学？', '我是江苏考生，历史类 580 分，2024 年能报哪些学校', '浙江 650 分冲稳保推荐'],
  tags: ['gaokao', 'match', 'score-lines'],
  keywords: ['能上什么', '能上哪些', '能上哪', '能报哪', '能报哪些', '报哪些学校', '能报什么', '可以报', '可以上', '能考上', '上什么大学', '上什么学校', '冲稳保', '冲一冲', '填志愿', '志愿推荐', '推荐院校', '推荐学校', '能去哪', '报考建议', 'what universities can', 'which universities can', 'my score'],
  handler(args, ctx) {
    return matchByScore(ctx.dataDb(), args);
  },
});
