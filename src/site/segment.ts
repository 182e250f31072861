// The one jieba wrapper of the service. Chinese-aware tokens for the site's full-text index (below: the knowledge
// base's words). FTS5's unicode61 tokenizer treats a run of Han characters
// as one token, and its trigram tokenizer cannot find 1–2 character queries (stack.md), so the text is turned into
// space-separated terms before it reaches FTS5:
//   - every Han character (1-character queries: 梁, 卦),
//   - every pair of adjacent Han characters, in text order (2-character queries, and any longer word as the phrase
//     of its pairs, which finds the word whatever the segmenter made of it),
//   - the segmenter's words of 3+ characters (jieba, with the site's own tags added to its dictionary, so that
//     一分一段 or 平行志愿 stay one word), which lift documents that use the exact word;
//   - everything that is not Han (Latin words, numbers) as written; unicode61 folds case.
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

const HAN = /\p{Script=Han}+/gu;
const HAN_ONE = /^\p{Script=Han}$/u;
const WORD = /[\p{L}\p{N}]+/gu;

const IS_WORD = /[\p{L}\p{N}]/u;

/** A segmenter with jieba's dictionary plus `extraWords` (domain terms such as the site's tags). */
export function makeSegmenter(extraWords: Iterable<string> = []): Jieba {
  const j = Jieba.withDict(dict);
  const words = [...new Set([...extraWords].filter((w) => /\p{Script=Han}{2,}/u.test(w) && !/\s/.test(w)))];
  if (words.length) j.loadDict(Buffer.from(words.map((w) => `${w} 200000`).join('\n')));
  return j;
}

function pairs(run: string): string[] {
  const chars = [...run];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/** The text as index terms, space-separated (see the file comment). */
export function indexTerms(jieba: Jieba, text: string): string {
  const out: string[] = [];
  const nonHan = text.replace(HAN, ' ').match(WORD);
  if (nonHan) out.push(...nonHan);
  for (const run of text.match(HAN) ?? []) {
    out.push(...run);
    out.push(...pairs(run));
  }
  for (const w of jieba.cut(text, true)) if ([...w].length >= 3 && /^\p{Script=Han}+$/u.test(w)) out.push(w);
  return out.join(' ');
}

// Words that carry no topic: left out of both queries (the strict one keeps them when nothing else remains).
const STOP = new Set(
  '的 了 和 与 及 或 是 在 有 我 你 他 她 它 们 这 那 这个 那个 这些 吗 呢 吧 啊 么 得 地 着 过 上 下 中 里 从 对 把 被 让 就 都 也 还 又 很 最 更 怎么 怎样 如何 什么 为什么 哪些 哪个 可以 能 会 要 想 请 一下 关于 介绍 一个 一些 多少 还是 应该 知道 告诉 给 看 用 找'.split(' '),
);

export interface QueryPlan {
  /** FTS5 expression that every term must match, or null when the query has no searchable term */
  strict: string | null;
  /** FTS5 expression matching any topical word of the query (for long natural-language queries), or null */
  relaxed: string | null;
  /** the words of the relaxed query, to weigh a page by how many of them it holds */
  relaxedWords: string[];
  /** the strings to mark in snippets, longest first */
  highlight: string[];
}

const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;

/**
 * One word of the query as FTS5. A Han word of 2+ characters is the phrase of its character pairs: indexTerms
 * writes a run's pairs one after another, so the phrase matches exactly where the characters stand together in the
 * text, however the segmenter cut it, and bm25 counts the word once, not once per pair.
 */
function runExpr(run: string): string {
  if (HAN_ONE.test(run)) return quote(run);
  if (!/^\p{Script=Han}+$/u.test(run)) return quote(run.toLowerCase());
  const phrase = quote(pairs(run).join(' '));
  // a word the segmenter also indexed whole (3+ characters) scores once more where it was cut the same way
  return [...run].length >= 3 ? `${quote(run)} OR ${phrase}` : phrase;
}

/** A word of the query as FTS5: its Han and non-Han parts (jieba may keep 3d打印 together; the index splits them). */
function wordExpr(word: string): string {
  const parts = [...(word.match(HAN) ?? []), ...(word.replace(HAN, ' ').match(WORD) ?? [])];
  return parts.map((p) => `(${runExpr(p)})`).join(' AND ');
}

export function planQuery(jieba: Jieba, q: string): QueryPlan {
  const text = q.normalize('NFKC').trim();
  const runs = [...(text.match(HAN) ?? []), ...(text.replace(HAN, ' ').match(WORD) ?? [])];
  if (!runs.length) return { strict: null, relaxed: null, relaxedWords: [], highlight: [] };
  const norm = (w: string) => (HAN_ONE.test(w[0]!) ? w : w.toLowerCase());
  // The strict query: every word of the query (each as the phrase of its character pairs, so it matches however the
  // page's text was segmented); function words are left out when anything else remains. Pairs that straddle two
  // words (分数线|接口 → 线接) are not required.
  const words = [...new Set(jieba.cut(text, true).filter((w) => IS_WORD.test(w)).map(norm))];
  const content = words.filter((w) => !STOP.has(w));
  const strict = (content.length ? content : words).map((w) => `(${wordExpr(w)})`).join(' AND ');
  // The relaxed query: the query's words in search mode (填志愿 also gives 志愿), function words left out, single
  // characters kept (搭, 梁 carry meaning) but not marked in snippets.
  const relaxedWords = [...new Set(jieba.cutForSearch(text, true).filter((w) => IS_WORD.test(w) && !STOP.has(w)).map(norm))];
  const topical = relaxedWords.filter((w) => w.length >= 2 || !HAN_ONE.test(w));
  const relaxed = relaxedWords.length ? relaxedWords.map((w) => `(${wordExpr(w)})`).join(' OR ') : null;
  const highlight = [...new Set([...runs, ...topical])].filter((w) => w.length >= 2 || runs.length === 1).sort((a, b) => b.length - a.length);
  return { strict, relaxed, relaxedWords, highlight: highlight.length ? highlight : runs };
}

// ---- Knowledge-base words (src/kb): the same jieba wrapper, in search mode, for the chunks' full-text index, the LSA
// embedder and retrieval queries. Words of a Chinese (or mixed) text: jieba's search-mode segmentation, so a long word
// also yields its shorter words (哈尔滨工业大学 → 哈尔滨, 工业, 大学 …) and a 2-character query finds text that has it
// inside a longer word.
let kbJieba: Jieba | null = null;

// Function words that carry no topic; everything else, single characters included (分, 卦, 梁), is kept.
const KB_STOP = new Set(['的', '了', '是', '在', '和', '与', '及', '或', '也', '都', '就', '而', '被', '把', '对', '从', '以', '之', '其', '这', '那', '个', '中', '上', '下', '为', '有', '不', '会', '要', '可', '能', '等', '吗', '呢', '吧', '啊', 'the', 'a', 'an', 'of', 'and', 'or', 'to', 'in', 'is', 'for', 'on', 'with']);

export function words(text: string): string[] {
  kbJieba ??= makeSegmenter();
  const out: string[] = [];
  for (const raw of kbJieba.cutForSearch(text.normalize('NFKC'), true)) {
    const w = raw.trim().toLowerCase();
    if (w && IS_WORD.test(w) && !KB_STOP.has(w)) out.push(w);
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

function hanPairs(text: string): string[] {
  return (text.match(HAN) ?? []).flatMap((run) => pairs(run));
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
