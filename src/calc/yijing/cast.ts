// One cast, described in full: the six line values, 本卦 and 变卦 with their texts, the 互/错/综 relations, and the
// text Zhu Xi's rules select. Pure given the text and the line values.
import { ALGORITHM_VERSION, canonicalSeed, castLineValues, randomSeed, type LineValue, type Method } from './generator.ts';
import { selectReading, type ReadingRef } from './reading.ts';
import { changedBinary, invertedBinary, movingPositions, nuclearBinary, oppositeBinary, primaryBinary } from './relations.ts';
import type { HexagramText, TextSource, TrigramText, UseText, YijingText } from './text.ts';

export interface CastRequest {
  question?: string | null;
  method: Method;
  /** absent: a crypto-random seed is drawn and returned */
  seed?: string | number | null;
}

export interface TrigramView {
  name: string;
  nature: string;
  symbol: string;
}

export interface HexagramRef {
  number: number;
  name: string;
  full_name: string;
  symbol: string;
  /** six lines bottom first, 1 = yang */
  binary: string;
}

export interface LineView {
  position: number;
  label: string;
  yang: boolean;
  /** this position moved in the cast (in the 变卦: this line is the result of a change) */
  moving: boolean;
  text: string;
  /** 小象 */
  image: string;
}

export interface HexagramView extends HexagramRef {
  fuxi_number: number;
  upper_trigram: TrigramView;
  lower_trigram: TrigramView;
  /** 卦辞 */
  judgment: string;
  /** 彖传 */
  judgment_commentary: string;
  /** 大象 */
  image: string;
  lines: LineView[];
  /** 用九 / 用六, only 乾 and 坤 */
  use: UseText | null;
}

export interface ReadingText {
  from: 'primary' | 'changed';
  hexagram_number: number;
  hexagram_name: string;
  kind: ReadingRef['kind'];
  position: number | null;
  /** 卦辞, 初九 … 上六, 用九 / 用六 */
  label: string;
  text: string;
  /** 小象 of a line or 用; null for a judgment */
  image: string | null;
}

export interface YijingCast {
  question: string | null;
  method: Method;
  seed: string;
  seed_drawn: boolean;
  algorithm: string;
  /** 6 old yin (moving), 7 young yang, 8 young yin, 9 old yang (moving); 初 to 上 */
  line_values: LineValue[];
  moving_lines: number[];
  primary_hexagram: HexagramView;
  changed_hexagram: HexagramView | null;
  nuclear_hexagram: HexagramRef;
  opposite_hexagram: HexagramRef;
  inverted_hexagram: HexagramRef;
  reading: {
    moving_count: number;
    rule: string;
    rule_source: string;
    rule_en: string;
    main: ReadingText;
    secondary: ReadingText[];
  };
  summary: string;
  notice: string;
  text_source: TextSource;
}

export const NOTICE = '以文化研究视角呈现《周易》经传原文与朱熹《易学启蒙》的占例规则，不是科学预测，也不构成任何决策建议。';
const RULE_SOURCE = '朱熹《易学启蒙·考变占》';
const POSITION_NAMES = ['', '初', '二', '三', '四', '五', '上'];

function trigramView(t: TrigramText | undefined): TrigramView {
  return { name: t!.name, nature: t!.nature, symbol: t!.symbol };
}

function ref(h: HexagramText): HexagramRef {
  return { number: h.number, name: h.name, full_name: h.full_name, symbol: h.symbol, binary: h.binary };
}

function view(text: YijingText, h: HexagramText, moving: readonly number[]): HexagramView {
  // Spelled out rather than spread from ref(h): object spread measured ~20× slower here and this runs per cast.
  return {
    number: h.number,
    name: h.name,
    full_name: h.full_name,
    symbol: h.symbol,
    binary: h.binary,
    fuxi_number: h.fuxi,
    upper_trigram: trigramView(text.trigramByName.get(h.upper)),
    lower_trigram: trigramView(text.trigramByName.get(h.lower)),
    judgment: h.judgment,
    judgment_commentary: h.judgment_commentary,
    image: h.image,
    lines: h.lines.map((l) => ({ position: l.position, label: l.label, yang: l.yang, moving: moving.includes(l.position), text: l.text, image: l.image })),
    use: h.use,
  };
}

function lookup(text: YijingText, binary: string): HexagramText {
  const h = text.byBinary.get(binary);
  // buildYijingText guarantees all 64 binaries; reaching this means the text object was built some other way.
  if (!h) throw new Error(`no hexagram with lines ${binary}`);
  return h;
}

function readingText(r: ReadingRef, primary: HexagramText, changed: HexagramText | null): ReadingText {
  const h = r.from === 'primary' ? primary : changed!;
  let label: string;
  let body: string;
  let image: string | null;
  if (r.kind === 'judgment') {
    [label, body, image] = ['卦辞', h.judgment, null];
  } else if (r.kind === 'use') {
    [label, body, image] = [h.use!.label, h.use!.text, h.use!.image];
  } else {
    const l = h.lines[r.position! - 1]!;
    [label, body, image] = [l.label, l.text, l.image];
  }
  return { from: r.from, hexagram_number: h.number, hexagram_name: h.name, kind: r.kind, position: r.position, label, text: body, image };
}

// A quotation inside the summary sentence drops its own closing 。, as Chinese punctuation does.
const bare = (s: string): string => s.replace(/。$/, '');

function cite(t: ReadingText): string {
  return `${t.hexagram_name}${t.label}“${bare(t.text)}”`;
}

function summarise(primary: HexagramText, changed: HexagramText | null, moving: number[], rule: string, main: ReadingText, secondary: ReadingText[]): string {
  const head = `本卦为第${primary.number}卦${primary.name}（${primary.full_name}）`;
  const change = changed
    ? `，${moving.map((p) => POSITION_NAMES[p]).join('、')}爻动，变卦为第${changed.number}卦${changed.name}（${changed.full_name}）`
    : '，六爻皆静，无变卦';
  const also = secondary.length ? `，兼看${secondary.map(cite).join('、')}` : '';
  return `${head}${change}；依朱熹考变占“${bare(rule)}”，主读${cite(main)}${also}。`;
}

/** Describes a cast whose line values are known (a replay, or a hand-made case in a test). */
export function describeCast(
  text: YijingText,
  meta: { question: string | null; method: Method; seed: string; seed_drawn: boolean },
  values: LineValue[],
): YijingCast {
  const primary = lookup(text, primaryBinary(values));
  const moving = movingPositions(values);
  const changed = moving.length ? lookup(text, changedBinary(values)) : null;
  const plan = selectReading(values, primary.use !== null);
  const [main, ...secondary] = plan.refs.map((r) => readingText(r, primary, changed));
  return {
    question: meta.question,
    method: meta.method,
    seed: meta.seed,
    seed_drawn: meta.seed_drawn,
    algorithm: ALGORITHM_VERSION,
    line_values: values,
    moving_lines: moving,
    primary_hexagram: view(text, primary, moving),
    changed_hexagram: changed ? view(text, changed, moving) : null,
    nuclear_hexagram: ref(lookup(text, nuclearBinary(primary.binary))),
    opposite_hexagram: ref(lookup(text, oppositeBinary(primary.binary))),
    inverted_hexagram: ref(lookup(text, invertedBinary(primary.binary))),
    reading: { moving_count: plan.moving_count, rule: plan.rule, rule_source: RULE_SOURCE, rule_en: plan.rule_en, main: main!, secondary },
    summary: summarise(primary, changed, moving, plan.rule, main!, secondary),
    notice: NOTICE,
    text_source: text.source,
  };
}

/** Casts by the given method; the same seed always gives the same result (algorithm v1). */
export function castHexagram(text: YijingText, request: CastRequest): YijingCast {
  const drawn = request.seed === undefined || request.seed === null;
  const seed = drawn ? randomSeed() : canonicalSeed(request.seed!);
  const values = castLineValues(request.method, seed);
  return describeCast(text, { question: request.question ?? null, method: request.method, seed, seed_drawn: drawn }, values);
}
