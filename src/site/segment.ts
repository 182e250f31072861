// Chinese-aware tokens for the site's full-text index. FTS5's unicode61 tokenizer treats a run of Han characters
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
