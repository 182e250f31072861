import { z } from 'zod';
import { castHexagram, describeCast, METHODS, yijingText, type LineValue, type YijingText } from '../src/calc/yijing/index.ts';
import { InputError } from '../src/errors.ts';
import { defineTool, READ_ONLY } from './types.ts';
import { yijingOutput } from '../src/calc/yijing/output.ts';
import { say } from '../src/agent/voice.ts';

export const QUESTION_MAX = 500;
export const SEED_MAX = 200;

/** One input definition for MCP, the assistant and POST /v1/yijing. */
export const yijingInput = z
  .object({
    question: z
      .string()
      .max(QUESTION_MAX)
      .nullish()
      .describe(`所问之事（可选，原样回显，不影响起卦），至多 ${QUESTION_MAX} 字 · the question (optional, echoed back, does not affect the cast), at most ${QUESTION_MAX} characters`),
    method: z
      .enum(METHODS)
      .default('coins')
      .describe(
        '起卦方法：coins 三枚铜钱六掷（默认，老阴/老阳为动爻）；random 梅花式随机取上下卦与一个动爻；yarrow 按蓍草揲法概率 · ' +
          'casting method: coins (three coins, six throws; default), random (upper and lower trigram and exactly one moving line, uniform), yarrow (yarrow-stalk odds)',
      ),
    seed: z
      .union([z.string().min(1).max(SEED_MAX), z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER)], {
        error: `must be a string of 1 to ${SEED_MAX} characters or an integer`,
      })
      .nullish()
      .describe(
        `随机种子（可选）：同一种子与方法永远得到同一卦（算法 v1）；不给则随机生成并在结果中返回，便于复现 · ` +
          `seed (optional): the same seed and method always give the same cast (algorithm v1); without one a random seed is drawn and returned so the cast can be replayed. A string of 1–${SEED_MAX} characters or an integer (42 and "42" are the same seed)`,
      ),
    hexagram: z
      .union([z.string().min(1).max(20), z.number().int().min(1).max(64)])
      .nullish()
      .describe(
        '要读的卦（可选）：卦名（乾、既济）、全名（乾为天、地天泰）或文王序号 1–64；给出时不起卦，返回该卦六爻皆静时的原文（主读卦辞），method 与 seed 不起作用 · ' +
          'a hexagram to read instead of casting (optional): its name (乾, 既济), full name (乾为天, 地天泰) or King Wen number 1–64; the result is that hexagram with no moving line (its judgment is the text to read); method and seed are ignored',
      ),
  })
  .strict();

/** The hexagram a name or number means (乾, 乾卦, 乾为天, 地天泰, 11), or null. */
export function hexagramNamed(text: YijingText, named: string | number): YijingText['hexagrams'][number] | null {
  if (typeof named === 'number' || /^\d+$/.test(String(named).trim())) return text.hexagrams[Number(named) - 1] ?? null;
  const n = String(named).trim().replace(/卦$/, '');
  return text.hexagrams.find((h) => h.full_name === n || h.name === n) ?? null;
}

export default defineTool({
  name: 'yijing',
  title: '周易起卦 · Hexagram casting (I Ching)',
  description:
    '以文化研究视角起一卦：铜钱（默认）、随机或蓍草法得六爻，返回本卦、变卦（卦名、卦象、上下卦、卦辞、彖传、大象、六爻爻辞与小象、动爻）、互卦、错卦、综卦，以及按朱熹《易学启蒙·考变占》规则选出的应读之辞；给定 seed 可复现。用户要求算卦、起卦、占一卦、问周易时调用。结果不是预测，请如实转述原文。\n' +
    'Casts a hexagram of the Book of Changes for cultural study: coins (default), random or yarrow odds give six lines; returns the primary and changed hexagrams (names, symbol, trigrams, judgment, commentary, image, the six line texts with their small images and moving flags), the nuclear, opposite and inverted hexagrams, and the text selected by Zhu Xi\'s rules; a seed makes it reproducible. Call it when asked to cast or consult the I Ching. Not a prediction; quote the classical text faithfully.',
  inputSchema: yijingInput,
  outputSchema: yijingOutput,
  annotations: { ...READ_ONLY, idempotentHint: false },
  examples: ['帮我起一卦，问今年考研能否顺利', '用铜钱法算一卦', '用种子 hello 起一卦', 'Cast an I Ching hexagram with the yarrow method'],
  tags: ['calculator', 'yijing', 'culture'],
  keywords: ['起一卦', '起卦', '算一卦', '占一卦', '卜一卦', '起个卦', '算卦', '占卜', '卜卦', '周易', '易经', '卦象', '六爻', '铜钱法', '蓍草', '梅花易数', 'hexagram', 'i ching', 'iching', 'yijing', 'cast a hexagram'],
  handler(args, ctx) {
    const text = yijingText(ctx.dataDb());
    if (args.hexagram !== undefined && args.hexagram !== null) {
      // a named hexagram is read, not cast: its six lines still (7 yang, 8 yin), so Zhu Xi's rule reads its judgment
      const h = hexagramNamed(text, args.hexagram);
      if (!h) throw new InputError(`没有名为“${args.hexagram}”的卦：可用卦名（乾、既济）、全名（地天泰）或序号 1–64`, 'hexagram');
      const values = [...h.binary].map((b) => (b === '1' ? 7 : 8)) as LineValue[];
      return describeCast(text, { question: args.question ?? null, method: args.method, seed: `hexagram-${h.number}`, seed_drawn: false }, values);
    }
    return castHexagram(text, { question: args.question ?? null, method: args.method, seed: args.seed ?? null });
  },

  answer: {
    lead(r: Record<string, any>, c) {
      const p = r.primary_hexagram;
      if (c.args.hexagram !== undefined && c.args.hexagram !== null) {
        // a hexagram asked by name: its text, not a cast
        const lines = (p.lines ?? []) as Array<Record<string, any>>;
        return [
          say(c.lang, `第${p.number}卦${p.name}（${p.full_name}）${p.symbol}，卦辞：“${p.judgment}”`, `Hexagram ${p.number} ${p.name} (${p.full_name}) ${p.symbol}, judgment: "${p.judgment}"`),
          say(c.lang, `彖曰：${p.judgment_commentary}\n大象：${p.image}`, `Commentary: ${p.judgment_commentary}\nImage: ${p.image}`),
          lines.length ? say(c.lang, `爻辞：${lines.map((l) => `${l.label ?? ''}“${l.text ?? ''}”`).join('；')}`, `Lines: ${lines.map((l) => `${l.label ?? ''} "${l.text ?? ''}"`).join('; ')}`) : '',
          // 乾's 用九 and 坤's 用六 are part of the book's text of those two hexagrams
          p.use?.text ? say(c.lang, `${p.use.label}：“${p.use.text}”${p.use.image ? `（${p.use.image}）` : ''}`, `${p.use.label}: "${p.use.text}"`) : '',
          say(c.lang, `原文据本站数据包所收《周易》经传。${r.notice}`, 'The text is the received Book of Changes in the site\'s data bundle. Cultural study, not a prediction.'),
        ].filter(Boolean).join('\n\n');
      }
      const ch = r.changed_hexagram;
      const main = r.reading.main;
      const lines = [
        `${r.question ? say(c.lang, `所问：${r.question}\n\n`, `Question: ${r.question}\n\n`) : ''}${say(
          c.lang,
          r.summary,
          `The cast gives hexagram ${p.number} ${p.name} (${p.full_name})${ch ? `, changing to hexagram ${ch.number} ${ch.name} (${ch.full_name})` : ', with no moving line'}${main ? `; the text to read is ${main.hexagram_name} ${main.label ?? ''} "${main.text}"` : ''}.`,
        )}`,
        say(c.lang, `${p.symbol} 本卦：${p.full_name}（${p.name}）——${p.judgment}\n大象：${p.image}`, `${p.symbol} Primary: ${p.full_name} (${p.name}), judgment: ${p.judgment}\nImage: ${p.image}`),
        ch ? say(c.lang, `${ch.symbol} 变卦：${ch.full_name}（${ch.name}）——${ch.judgment}`, `${ch.symbol} Changed: ${ch.full_name} (${ch.name}), judgment: ${ch.judgment}`) : '',
        main ? say(c.lang, `主读：${main.hexagram_name}${main.label ?? ''}“${main.text}”${main.image ? `（${main.image}）` : ''}`, `Main reading: ${main.hexagram_name} ${main.label ?? ''} "${main.text}"${main.image ? ` (${main.image})` : ''}`) : '',
        say(c.lang, `取辞规则：${r.reading.rule}（${r.reading.rule_source}）`, `Rule: ${r.reading.rule_en} (${r.reading.rule_source})`),
        say(c.lang, `起卦方法 ${r.method}，种子 ${r.seed}（同一种子可复现）。${r.notice}`, `Method ${r.method}, seed ${r.seed} (the same seed casts the same hexagram). Cultural study, not a prediction.`),
      ];
      return lines.filter(Boolean).join('\n\n');
    },
    isEmpty: () => false,
    rows: () => [],
  },
});
