// Words of a Chinese (or mixed) text for indexing: jieba's search-mode segmentation, so a long word also yields its
// shorter words (哈尔滨工业大学 → 哈尔滨, 工业, 大学 …) and a 2-character query finds text that has it inside a longer word.
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

let jieba: Jieba | null = null;

// Function words that carry no topic; everything else, single characters included (分, 卦, 梁), is kept.
const STOP = new Set(['的', '了', '是', '在', '和', '与', '及', '或', '也', '都', '就', '而', '被', '把', '对', '从', '以', '之', '其', '这', '那', '个', '中', '上', '下', '为', '有', '不', '会', '要', '可', '能', '等', '吗', '呢', '吧', '啊', 'the', 'a', 'an', 'of', 'and', 'or', 'to', 'in', 'is', 'for', 'on', 'with']);

const WORD = /[\p{L}\p{N}]/u;

export function words(text: string): string[] {
  jieba ??= Jieba.withDict(dict);
  const out: string[] = [];
  for (const raw of jieba.cutForSearch(text.normalize('NFKC'), true)) {
    const w = raw.trim().toLowerCase();
    if (w && WORD.test(w) && !STOP.has(w)) out.push(w);
  }
  return out;
}

// Question words: they say what kind of answer is wanted, not what it is about, so a query leaves them out.
const QUESTION = new Set(['怎么', '怎样', '如何', '什么', '为什么', '为何', '哪些', '哪个', '哪里', '多少', '是否', '请问', '我', '我们', '你', '你们', '一下', '应该', '需要', '可以', '能否', '么', '什么样', '怎么办', 'how', 'what', 'why', 'which', 'does', 'do', 'i']);

/** The words of a query that can match: its words without question words (all of them when nothing else is left). */
export function queryWords(text: string): string[] {
  const all = [...new Set(words(text))];
  const topical = all.filter((w) => !QUESTION.has(w));
  return topical.length ? topical : all;
}

const HAN_RUN = /\p{Script=Han}{2,}/gu;

function hanPairs(text: string): string[] {
  const out: string[] = [];
  for (const run of text.match(HAN_RUN) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  }
  return out;
}

/** What the full-text index holds for a text: its words, plus every pair of adjacent Han characters, so that a query
 * word the segmenter cut differently in the text (柱子 in 柱子越细长, 长细比 as 长细 + 细比) still matches. */
export function indexWords(text: string): string[] {
  return [...words(text), ...hanPairs(text.normalize('NFKC'))];
}

/** The full-text query for a question: its topical words, plus the character pairs inside its longer words (never
 * pairs that straddle a question word, such as 么算 from 怎么算, which would match by accident). */
export function queryIndexWords(text: string): string[] {
  const topical = queryWords(text);
  return [...new Set([...topical, ...topical.filter((w) => [...w].length >= 3).flatMap((w) => hanPairs(w))])];
}
