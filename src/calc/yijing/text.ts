// The classical text as the engine uses it, and the one structural check both the import and the serving side run,
// so a database that passes here is one the engine can answer every cast from.
import { TRIGRAM_LINES, TRIGRAM_ORDER } from './generator.ts';

export interface TrigramText {
  /** index in the 乾兑离震巽坎艮坤 order (0..7) */
  index: number;
  name: string;
  /** 天, 泽, 火, 雷, 风, 水, 山, 地 */
  nature: string;
  symbol: string;
  /** three lines bottom first, 1 = yang */
  binary: string;
  family: string;
}

export interface LineText {
  /** 1 = 初 (bottom) … 6 = 上 */
  position: number;
  /** 初九, 六二, … 上六 */
  label: string;
  yang: boolean;
  /** 爻辞 without its label */
  text: string;
  /** 小象 */
  image: string;
}

export interface UseText {
  /** 用九 (乾) or 用六 (坤) */
  label: string;
  text: string;
  image: string;
}

export interface HexagramText {
  /** King Wen number 1..64 */
  number: number;
  /** 先天 (Shao Yong) order, 乾 = 1 … 坤 = 64 */
  fuxi: number;
  name: string;
  /** 乾为天, 水雷屯, … */
  full_name: string;
  symbol: string;
  /** six lines bottom first, 1 = yang */
  binary: string;
  upper: string;
  lower: string;
  /** 卦辞 */
  judgment: string;
  /** 彖传 */
  judgment_commentary: string;
  /** 大象 */
  image: string;
  lines: LineText[];
  use: UseText | null;
}

export interface TextSource {
  title: string;
  /** where the text comes from, as the bundle's meta states it */
  source: Record<string, string>;
  errata_applied: number;
}

export interface YijingText {
  /** index = number - 1 */
  hexagrams: HexagramText[];
  byBinary: Map<string, HexagramText>;
  /** in the 乾兑离震巽坎艮坤 order */
  trigrams: TrigramText[];
  trigramByName: Map<string, TrigramText>;
  source: TextSource;
}

export class YijingTextError extends Error {}

const NUMERALS = ['', '初', '二', '三', '四', '五', '上'];

/** The label the received text gives a line: 初九 / 六二 / … / 上六. */
export function lineLabel(position: number, yang: boolean): string {
  const kind = yang ? '九' : '六';
  return position === 1 || position === 6 ? `${NUMERALS[position]}${kind}` : `${kind}${NUMERALS[position]}`;
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/**
 * Checks the whole text for the properties the engine relies on and indexes it. Throws YijingTextError listing
 * every problem found (up to 20), so a broken bundle or database fails loudly and says where.
 */
export function buildYijingText(hexagrams: HexagramText[], trigrams: TrigramText[], source: TextSource): YijingText {
  const problems: string[] = [];
  const problem = (msg: string): void => {
    problems.push(msg);
  };

  if (trigrams.length !== 8) problem(`expected 8 trigrams, found ${trigrams.length}`);
  trigrams.forEach((t, i) => {
    const expectedBinary = TRIGRAM_LINES[i]?.join('');
    if (t.name !== TRIGRAM_ORDER[i]) problem(`trigram ${i}: expected ${TRIGRAM_ORDER[i]}, found ${t.name}`);
    if (t.binary !== expectedBinary) problem(`trigram ${t.name}: lines ${t.binary}, expected ${expectedBinary}`);
    if (!nonEmpty(t.nature) || !nonEmpty(t.symbol)) problem(`trigram ${t.name}: nature or symbol missing`);
  });
  const trigramByName = new Map(trigrams.map((t) => [t.name, t]));

  if (hexagrams.length !== 64) problem(`expected 64 hexagrams, found ${hexagrams.length}`);
  const byBinary = new Map<string, HexagramText>();
  const seen = { number: new Set<number>(), fuxi: new Set<number>(), name: new Set<string>() };
  for (const h of hexagrams) {
    const where = `hexagram ${h.number} ${h.name}`;
    if (!Number.isInteger(h.number) || h.number < 1 || h.number > 64) problem(`${where}: number out of 1..64`);
    if (seen.number.has(h.number)) problem(`${where}: number repeated`);
    seen.number.add(h.number);
    if (!Number.isInteger(h.fuxi) || h.fuxi < 1 || h.fuxi > 64 || seen.fuxi.has(h.fuxi)) problem(`${where}: bad or repeated fuxi index ${h.fuxi}`);
    seen.fuxi.add(h.fuxi);
    if (!nonEmpty(h.name) || seen.name.has(h.name)) problem(`${where}: empty or repeated name`);
    seen.name.add(h.name);
    if (!/^[01]{6}$/.test(h.binary)) {
      problem(`${where}: binary ${JSON.stringify(h.binary)} is not six 0/1 digits`);
      continue;
    }
    if (byBinary.has(h.binary)) problem(`${where}: binary ${h.binary} repeats hexagram ${byBinary.get(h.binary)!.number}`);
    byBinary.set(h.binary, h);
    const lower = trigramByName.get(h.lower);
    const upper = trigramByName.get(h.upper);
    if (lower?.binary !== h.binary.slice(0, 3)) problem(`${where}: lower trigram ${h.lower} does not match lines ${h.binary}`);
    if (upper?.binary !== h.binary.slice(3)) problem(`${where}: upper trigram ${h.upper} does not match lines ${h.binary}`);
    for (const [field, value] of [['full_name', h.full_name], ['symbol', h.symbol], ['judgment', h.judgment], ['judgment_commentary', h.judgment_commentary], ['image', h.image]] as const) {
      if (!nonEmpty(value)) problem(`${where}: ${field} is empty`);
    }
    if (h.lines.length !== 6) {
      problem(`${where}: expected 6 lines, found ${h.lines.length}`);
      continue;
    }
    h.lines.forEach((line, i) => {
      const yang = h.binary[i] === '1';
      if (line.position !== i + 1) problem(`${where}: line ${i + 1} has position ${line.position}`);
      if (line.yang !== yang) problem(`${where}: line ${i + 1} yang=${line.yang} contradicts binary ${h.binary}`);
      if (line.label !== lineLabel(i + 1, yang)) problem(`${where}: line ${i + 1} label ${line.label}, expected ${lineLabel(i + 1, yang)}`);
      if (!nonEmpty(line.text) || !nonEmpty(line.image)) problem(`${where}: line ${i + 1} text or 小象 empty`);
    });
    const expectedUse = h.binary === '111111' ? '用九' : h.binary === '000000' ? '用六' : null;
    if ((h.use?.label ?? null) !== expectedUse) problem(`${where}: use ${h.use?.label ?? 'none'}, expected ${expectedUse ?? 'none'}`);
    if (h.use && (!nonEmpty(h.use.text) || !nonEmpty(h.use.image))) problem(`${where}: ${h.use.label} text empty`);
  }
  if (problems.length) {
    const shown = problems.slice(0, 20).join('\n  ');
    throw new YijingTextError(`the 易经 text is not usable (${problems.length} problem(s)):\n  ${shown}`);
  }
  const ordered = [...hexagrams].sort((a, b) => a.number - b.number);
  return { hexagrams: ordered, byBinary, trigrams, trigramByName, source };
}
