import { offload } from '../src/offload/pool.ts';
import { matchOutputSchema, matchSchema, type MatchItem, type MatchResult } from '../src/data/match.ts';
import { col, fmt, say } from '../src/agent/voice.ts';
import { defineTool, READ_ONLY, type AnswerContext, type AnswerLang } from './types.ts';

const LABEL_EN = { 冲: 'reach', 稳: 'match', 保: 'safety' } as const;
const pct = (p: number) => `${Math.round(p * 100)}%`;

/** "2024 院校线 601 分 / 位次 22963 → 今年等效 598 分": the past line an entry is compared with. */
function pastLine(it: MatchItem, lang: AnswerLang): string {
  const l = it.lines[0];
  if (!l) return '';
  const what = `${l.year} ${l.data_type}${l.data_type === '专业组线' && l.major_group ? (lang === 'en' ? ` (${l.major_group})` : `（${l.major_group}）`) : ''}${l.data_type === '专业线' && l.major_name ? ` ${l.major_name}` : ''}`;
  const rank = l.min_rank !== null ? say(lang, ` / 位次 ${fmt(l.min_rank)}`, ` / rank ${fmt(l.min_rank)}`) : '';
  const eq = l.equivalent_score !== null ? say(lang, ` → 今年等效 ${fmt(l.equivalent_score)} 分`, ` → ${fmt(l.equivalent_score)} this year`) : '';
  return say(lang, `${what} ${fmt(l.min_score)} 分${rank}${eq}`, `${what} ${fmt(l.min_score)}${rank}${eq}`);
}

function who(r: MatchResult, lang: AnswerLang): string {
  const place = say(lang, `${r.year} 年${r.province}${r.subject_label ?? ''}`, `${r.province} ${r.year} (${r.subject_label ?? ''})`);
  if (!r.rank) return say(lang, `${r.score} 分（${place}没有可用的一分一段表，按分数与往年线比较，不给概率）`, `${r.score} points (${place} has no rank table, so lines are compared by score, without probabilities)`);
  if (r.rank.source === 'given') return say(lang, `位次 ${fmt(r.rank.value)}（${place}）`, `rank ${fmt(r.rank.value)} (${place})`);
  return say(lang, `${r.score} 分在 ${place}一分一段表中约第 ${fmt(r.rank.value)} 名`, `${r.score} points are about rank ${fmt(r.rank.value)} in the ${place} score-to-rank table`);
}

/** The family's stated constraints the match applied, as the tool received them. */
function filtersText(a: Record<string, unknown>, lang: AnswerLang): string {
  const parts = [
    a.level,
    a.university_province && say(lang, `位于${a.university_province}`, `in ${a.university_province}`),
    a.region && say(lang, `${a.region}地区`, `${a.region} region`),
    a.city && say(lang, `${a.city}的院校`, `in ${a.city}`),
    a.nature,
    a.type && say(lang, `${a.type}类`, `${a.type}`),
    a.major && say(lang, `含“${a.major}”的专业（组）`, `groups/majors with "${a.major}"`),
    a.major_category && say(lang, `专业类 ${a.major_category}`, `专业类 ${a.major_category}`),
  ].filter(Boolean);
  return parts.length ? say(lang, `（按你的条件：${parts.join('、')}）`, ` (your conditions: ${parts.join(', ')})`) : '';
}

function lead(r: MatchResult, c: AnswerContext): string {
  const { lang } = c;
  const only = filtersText(c.args, lang);
  const n = { 冲: 0, 稳: 0, 保: 0 };
  for (const it of r.items) n[it.label]++;
  const years = r.bases.map((b) => `${b.year}${say(lang, ' 年', ' ')}${b.basis}`).join(say(lang, '、', ', '));
  const more = r.matched_total > r.count ? say(lang, `（共 ${r.matched_total} 所符合，各档取最接近的）`, ` (${r.matched_total} qualify; the closest of each tier are listed)`) : '';
  return say(
    lang,
    `${who(r, lang)}；与${years}比较，匹配到 ${r.count} 所院校${only}：冲 ${n.冲} 所、稳 ${n.稳} 所、保 ${n.保} 所${more}。`,
    `${who(r, lang)}; compared with the ${years} lines, ${r.count} universities match${only}: ${n.冲} reach (冲), ${n.稳} match (稳), ${n.保} safety (保)${more}.`,
  );
}

export default defineTool({
  name: 'match_by_score',
  title: '按分数匹配院校 · Match universities by score',
  description:
    '给出分数（或位次）、省份、科类（年份可省：不填则按备考下一年，用最近一年的一分一段表换算位次，与含最近一年在内的最近三年录取线比较，结果中说明；给出年份则用该年一分一段表），一次调用完成：把分数换算成位次（结果中已含位次，无需再查一分一段表），与往年 1–3 年的录取线按位次比较（并给出每条往年线在考生年份的等效分），每年按覆盖院校数自动选择依据（院校线、专业组线、专业线，无普通线时用特殊招生线），每所院校（分校单列）每个科类只列一次，给出录取概率及区间（模型 rank-history v1，经 npm run backtest 回测校准），按概率标注：冲 20%–50%、稳 50%–80%、保 80%–99%。可按院校所在省份、地区（华东、西南…）、城市、层次（985/211/双一流/本科/专科）、类型、办学性质（公办/民办）、专业关键词或专业类（计算机类、法学类…）、批次筛选。该年没有一分一段表时按分数与最近一年录取线比较，不给概率，并在结果中说明。\n' +
    'Which universities a candidate can reach: converts the score to a rank with the exam year\'s rank table (the rank is in the result), compares it with the previous 1–3 years\' lines by rank (and by each past line\'s equivalent score this year), picks the line kind per year by coverage, lists each university (campuses separately) once per subject family with an admission probability and interval, labelled 冲 (20–50 %) / 稳 (50–80 %) / 保 (80–99 %). Filters: university province, region, city, level, type, public/private, major keyword or 专业类, batch.',
  inputSchema: matchSchema,
  outputSchema: matchOutputSchema,
  annotations: READ_ONLY,
  examples: ['河南物理类 600 分能上什么大学？', '我是江苏考生，历史类位次 12000，能报哪些学校', '上海 520 分冲稳保推荐，只看 211', '湖南历史类 590 分想学法学'],
  tags: ['gaokao', 'match', 'score-lines', 'probability'],
  keywords: ['能上什么', '能上哪些', '能上哪', '能报哪', '能报哪些', '报哪些学校', '能报什么', '可以报', '可以上', '能考上', '上什么大学', '上什么学校', '冲稳保', '冲一冲', '填志愿', '志愿推荐', '推荐院校', '推荐学校', '能去哪', '报考建议', 'what universities can', 'which universities can', 'my score'],
  // on a worker thread (src/offload): a province not yet warmed costs ~2 s of predicting past lines
  handler(args, ctx) {
    return offload(ctx.config.dataDb, 'match_by_score', args);
  },
  answer: {
    lead,
    empty: (r: MatchResult, c) => say(c.lang, `${r.summary}（查不到即不在本站数据中，不做推测。）`, `No university falls in the reach/match/safety range for this (${r.province}${r.year ? ` ${r.year}` : ''}); nothing is guessed.`),
    // grouped 冲 → 稳 → 保, closest first within each tier (the order the tool gives); the rows shown are shared
    // between the tiers, so each tier's closest schools are always among them
    rows: (r: MatchResult, c) => {
      const tiers = (['冲', '稳', '保'] as const).map((label) => r.items.filter((it) => it.label === label));
      const limit = c.limit ?? r.items.length;
      const take = [0, 0, 0];
      for (let n = 0, moved = true; n < limit && moved; ) {
        moved = false;
        for (let t = 0; t < 3 && n < limit; t++) if (take[t]! < tiers[t]!.length) (take[t]!++, n++, (moved = true));
      }
      return tiers.flatMap((list, t) => list.slice(0, take[t]));
    },
    total: (r: MatchResult) => r.matched_total,
    listUrl: (_r: MatchResult, c) => `${c.siteUrl}/zhiyuan/#match`,
    columns: (r: MatchResult) => [
      col<MatchItem>('档', 'tier', (it, lang) => (lang === 'en' ? `${it.label} ${LABEL_EN[it.label]}` : it.label)),
      col<MatchItem>('院校', 'university', 'university_name'),
      col<MatchItem>('所在地', 'location', (it) => [it.university_province, it.city && it.city !== it.university_province ? it.city : null].filter(Boolean).join(' ')),
      col<MatchItem>('层次', 'level', (it) => [...it.tags, it.nature === '民办' ? '民办' : null].filter(Boolean).join('/') || it.level),
      ...(r.method === 'probability'
        ? [col<MatchItem>('录取概率（80% 区间）', 'chance (80% interval)', (it, lang) => (it.probability === null ? null : `${pct(it.probability)}${it.interval ? (lang === 'en' ? ` (${pct(it.interval[0]!)}–${pct(it.interval[1]!)})` : `（${pct(it.interval[0]!)}–${pct(it.interval[1]!)}）`) : ''}`))]
        : [col<MatchItem>('分差', 'score gap', (it) => it.score_diff)]),
      col<MatchItem>('对比的往年线', 'past line compared', (it, lang) => pastLine(it, lang)),
    ],
    notes(r: MatchResult, c) {
      const lines: string[] = [];
      if (r.method === 'probability') lines.push(say(c.lang, `冲/稳/保 = 录取概率 20–50% / 50–80% / 80–99%（模型 ${r.model}，按往年位次模拟）。`, `Reach / match / safety = admission chance 20–50 % / 50–80 % / 80–99 % (model ${r.model}, simulated from past ranks).`));
      else lines.push(r.thresholds);
      if (r.left_out.filtered) lines.push(say(c.lang, `按你的条件筛掉了 ${r.left_out.filtered} 所院校。`, `${r.left_out.filtered} universities were left out by your filters.`));
      return lines;
    },
  },
});
