// The shape of a cast (yijing tool outputSchema, POST /v1/yijing response).
import { z } from 'zod';

const trigram = z.object({ name: z.string(), nature: z.string(), symbol: z.string() });
const brief = z.looseObject({ number: z.number().int(), name: z.string(), full_name: z.string(), symbol: z.string(), binary: z.string() });
const hexagram = brief.extend({
  fuxi_number: z.number().int(),
  upper_trigram: trigram,
  lower_trigram: trigram,
  judgment: z.string(),
  judgment_commentary: z.string(),
  image: z.string(),
  lines: z.array(z.looseObject({})),
  use: z.looseObject({}).nullable().describe('用九 / 用六 (hexagrams 1 and 2 only)'),
});

export const yijingOutput = z.object({
  question: z.string().nullable(),
  method: z.enum(['coins', 'random', 'yarrow']),
  seed: z.string(),
  seed_drawn: z.boolean(),
  algorithm: z.string(),
  line_values: z.array(z.number().int()).length(6),
  moving_lines: z.array(z.number().int()),
  primary_hexagram: hexagram,
  changed_hexagram: hexagram.nullable(),
  nuclear_hexagram: brief,
  opposite_hexagram: brief,
  inverted_hexagram: brief,
  reading: z.looseObject({ moving_count: z.number().int(), rule: z.string(), main: z.looseObject({}), secondary: z.array(z.looseObject({})) }),
  summary: z.string(),
  notice: z.string(),
  text_source: z.looseObject({}),
});
