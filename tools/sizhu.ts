import { computeChart, sizhuInput } from '../src/calc/sizhu/index.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { sizhuOutput } from '../src/calc/sizhu/output.ts';
import { col, say } from '../src/agent/voice.ts';

export default defineTool({
  name: 'sizhu',
  title: '四柱八字排盘 · Four-pillar chart (BaZi)',
  description:
    '以传统命理文化研究视角排四柱八字：输入公历出生年月日时分与性别（可选经度按真太阳时、子时约定、起运算法、时间基准），返回四柱干支与纳音、藏干、十神、五行统计（三种口径并注明权重）、日主强弱评分及其因素、喜用忌神与所用规则、格局、宫位六亲、干支合冲刑害破、神煞（含依据与出处）、旬空、胎元、命宫、身宫、十步大运（起运虚岁与日期）、交节与边界提示以及中文解读。年柱以立春交节时刻、月柱以节令交节时刻为界，自动扣除 1986–1991 年夏令时。结果为文化参考，不是预测；summary 一句话概括四柱、强弱与喜用。用户问八字、四柱、排盘、生辰、大运、五行缺什么时调用。\n' +
    'Casts a four-pillar (BaZi) chart for cultural study from a Gregorian birth date, time and sex (optional longitude for true solar time, 子-hour convention, luck-start method, clock basis): pillars with 纳音, hidden stems, ten gods, five-element statistics three ways with weights, day-master strength with its factors, favourable elements with the rule that fired, pattern, palaces and relatives, stem and branch relations, auxiliary stars with basis and source, 旬空/胎元/命宫/身宫, ten luck cycles with start age and date, boundary warnings and a Chinese reading. Year and month change at the exact 立春/节 instants; China DST 1986–1991 is removed. Not a prediction.',
  inputSchema: sizhuInput,
  outputSchema: sizhuOutput,
  annotations: READ_ONLY,
  examples: ['帮我排一下八字：1990年5月15日早上8点30分出生，男', '2000-02-04 20:30 出生的女孩是什么八字？大运几岁起？', '我1988年8月2日23:30出生（女），子时怎么算？', 'Cast a BaZi chart for 1985-05-15 14:30, male, longitude 116.4'],
  tags: ['calculator', 'sizhu', 'bazi', 'culture'],
  keywords: ['八字', '四柱', '排盘', '生辰', '命盘', '命理', '大运', '五行缺', '日主', '喜用神', 'bazi', 'four pillars', 'four-pillar', 'birth chart'],
  handler(args) {
    return computeChart(args);
  },

  answer: {
    lead(r: Record<string, any>, c) {
      const i = r.input;
      const born = say(c.lang, `按公历 ${i.year}-${String(i.month).padStart(2, '0')}-${String(i.day).padStart(2, '0')} ${String(i.hour).padStart(2, '0')}:${String(i.minute).padStart(2, '0')}（${i.sex === 'm' ? '男' : '女'}）排盘：`, `For ${i.year}-${String(i.month).padStart(2, '0')}-${String(i.day).padStart(2, '0')} ${String(i.hour).padStart(2, '0')}:${String(i.minute).padStart(2, '0')} (${i.sex === 'm' ? 'male' : 'female'}): `);
      if (c.lang === 'en') {
        const p = r.pillars;
        const f = r.favourable;
        return `${born}the four pillars are ${p.year.name} ${p.month.name} ${p.day.name} ${p.hour.name}; the day master ${r.day_master.name} scores ${r.strength.score} (${r.strength.level}); favourable elements ${f.favourable.join(', ')}, unfavourable ${f.unfavourable.join(', ')}. This is a cultural reading of the tradition, not a prediction.`;
      }
      return `${born}${r.summary}`;
    },
    isEmpty: () => false,
    rows: (r: Record<string, any>) => (['year', 'month', 'day', 'hour'] as const).map((k) => ({ pillar: k, ...r.pillars[k] })),
    columns: [
      col('柱', 'pillar', (p: Record<string, any>, lang) => (lang === 'en' ? p.pillar : ({ year: '年柱', month: '月柱', day: '日柱', hour: '时柱' } as Record<string, string>)[p.pillar])),
      col('干支', 'stem-branch', 'name'),
      col('纳音', 'na yin', 'na_yin'),
      col('十神', 'ten god', 'ten_god'),
      col('藏干', 'hidden stems', (p: Record<string, any>) => (p.hidden_stems ?? []).map((h: Record<string, any>) => `${h.stem}${h.ten_god ? `(${h.ten_god})` : ''}`).join(' ')),
    ],
    notes(r: Record<string, any>, c) {
      const s = r.luck?.start;
      const cycles = (r.luck?.cycles ?? []).slice(0, 8).map((x: Record<string, any>) => `${x.pillar ?? ''}${x.start_age !== undefined ? `(${x.start_age}${say(c.lang, '岁', '')})` : ''}`);
      const out = [];
      if (s) out.push(say(c.lang, `起运：${s.years} 年 ${s.months} 个月后（${s.start_time}，虚岁 ${s.start_age}）${r.luck.direction}；大运：${cycles.join(' ')}`, `Luck starts after ${s.years} years ${s.months} months (${s.start_time}, age ${s.start_age}), ${r.luck.forward ? 'forward' : 'backward'}: ${cycles.join(' ')}`));
      for (const w of r.warnings ?? []) {
        const alt = typeof w === 'object' ? w.alternative_pillars : null;
        const text = typeof w === 'string' ? w : String(w.message ?? '');
        // the other convention's pillars said in words, not by the result's field name
        out.push(alt ? text.replace(/的四柱见 alternative_pillars/, `的四柱为 ${[alt.year, alt.month, alt.day, alt.hour].map((p: unknown) => (typeof p === 'object' && p ? (p as { name?: string }).name : p)).join(' ')}`) : text);
      }
      if (typeof r.interpretation === 'string' && c.lang === 'zh') out.push(r.interpretation.length > 900 ? `${r.interpretation.slice(0, 900)}…` : r.interpretation);
      return out;
    },
  },
});
