// The shape of a chart (sizhu tool outputSchema, POST /v1/sizhu response). Top-level members are typed; the
// inner tables (relations, stars, luck cycles …) are objects whose members README "Four-pillar chart" documents.
import { z } from 'zod';

const pillar = z.looseObject({
  name: z.string(),
  stem: z.string(),
  branch: z.string(),
  stem_element: z.string(),
  branch_element: z.string(),
  na_yin: z.string(),
  ten_god: z.string().nullable(),
  hidden_stems: z.array(z.looseObject({})),
  di_shi: z.string(),
  xun_kong: z.array(z.string()).or(z.string()),
});

const obj = z.looseObject({});

export const sizhuOutput = z.looseObject({
  summary: z.string().describe('one sentence: pillars, strength, favourable elements'),
  input: obj,
  conventions: obj.describe('every convention and rule set used'),
  time: obj.describe('clock reading, daylight-saving correction, Beijing time, true solar time'),
  sex: z.string(),
  pillars: z.object({ year: pillar, month: pillar, day: pillar, hour: pillar }),
  day_master: obj,
  five_elements: obj,
  strength: obj,
  favourable: obj,
  pattern: obj,
  palaces: z.array(obj),
  relatives: z.array(obj),
  relations: obj,
  shen_sha: obj,
  xun_kong: obj,
  tai_yuan: obj,
  ming_gong: obj,
  shen_gong: obj,
  jie: obj,
  luck: obj,
  warnings: z.array(obj),
  interpretation: z.string(),
});
