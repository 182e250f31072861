import { z } from 'zod';
import { castHexagram, METHODS, yijingText } from '../src/calc/yijing/index.ts';
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
  })
  .strict();

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
    return castHexagram(yijingText(ctx.dataDb()), { question: args.question ?? null, method: args.method, seed: args.seed ?? null });
  },

  answer: {
    lead(r: Record<string, any>, c) {
      const p = r.primary_hexagram;
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
