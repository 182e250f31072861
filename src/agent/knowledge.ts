// Knowledge-base context for the agent (POST /api/ai/chat): the retrieved chunks, numbered [1], [2] …, shown to the
// upstream model as a second system message, or written out by the offline composer as the passages of each chunk
// that share the question's words. Both engines cite by those numbers; the citations of an answer are the numbers it
// uses, listed with the chunks' ids and titles under the answer.
import { chunkOrigin, SITE_KB } from '../kb/chunks.ts';
import { queryWords } from '../site/segment.ts';

export interface KnowledgeChunk {
  id: number;
  kb_id: string;
  title: string;
  body: string;
  source: string | null;
}

export interface Knowledge {
  /** the question the chunks were retrieved for */
  query: string;
  /** best first; chunk i is cited as [i + 1] */
  chunks: KnowledgeChunk[];
}

/** Characters of one chunk shown to the upstream model. */
const MODEL_CHUNK_CHARS = 1_500;
/** Characters of one chunk's passages in an offline answer. */
const EXCERPT_CHARS = 360;

function sourceNote(c: KnowledgeChunk): string {
  return c.source ? `（来源：${c.source}）` : '';
}

/** The system message that hands the chunks to an upstream model. */
export function knowledgeMessage(k: Knowledge): string {
  const head = [
    '以下是从知识库检索到的资料，按相关程度排列。回答时优先依据这些资料；用到某条资料时，在相应句子末尾标注它的编号，例如 [1]。',
    '资料与问题无关时不要使用，也不要编造资料里没有的内容；资料和工具结果都没有答案时，直接说明没有找到。',
  ].join('\n');
  const blocks = k.chunks.map((c, i) => {
    const body = c.body.length > MODEL_CHUNK_CHARS ? `${c.body.slice(0, MODEL_CHUNK_CHARS)}…` : c.body;
    return `[${i + 1}] ${c.title}${sourceNote(c)}\n${body}`;
  });
  return `${head}\n\n${blocks.join('\n\n')}`;
}

const SENTENCE = /[^。！？!?；;\n]+[。！？!?；;]?/g;

/** The sentences of a chunk that carry the question's words (in their order), up to EXCERPT_CHARS; the chunk's
 * opening when none does (the chunk was retrieved for its meaning, not a shared word). */
export function excerpt(body: string, query: string): string {
  const wanted = queryWords(query);
  const sentences = (body.match(SENTENCE) ?? [body]).map((s) => s.trim()).filter(Boolean);
  const scored = sentences.map((s, i) => ({ s, i, hits: wanted.filter((w) => s.toLowerCase().includes(w)).length }));
  const best = scored.filter((x) => x.hits > 0).sort((a, b) => b.hits - a.hits || a.i - b.i);
  const picked: typeof scored = [];
  let used = 0;
  for (const x of best) {
    if (used && used + x.s.length > EXCERPT_CHARS) continue;
    picked.push(x);
    used += x.s.length;
  }
  const text = picked.length ? picked.sort((a, b) => a.i - b.i).map((x) => x.s).join(' … ') : sentences.join('');
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** The offline composer's knowledge part: each chunk's relevant passages under its number and title. */
export function knowledgeText(k: Knowledge): string {
  if (!k.chunks.length) return '知识库中没有与这个问题相关的资料。';
  const lines = ['知识库中的相关资料：'];
  k.chunks.forEach((c, i) => lines.push(`[${i + 1}] **${c.title}**\n${excerpt(c.body, k.query)}`));
  return lines.join('\n\n');
}

export interface Citation {
  /** the number the answer cites it by */
  n: number;
  id: number;
  kb_id: string;
  title: string;
  source: string | null;
}

/** The chunks an answer cites by number (each once, in number order); numbers outside the list are ignored. */
export function citationsOf(answer: string, k: Knowledge): Citation[] {
  const used = new Set<number>();
  for (const m of answer.matchAll(/\[(\d{1,2})\]/g)) {
    const n = Number(m[1]);
    if (n >= 1 && n <= k.chunks.length) used.add(n);
  }
  return [...used].sort((a, b) => a - b).map((n) => {
    const c = k.chunks[n - 1]!;
    return { n, id: c.id, kb_id: c.kb_id, title: c.title, source: c.source };
  });
}

/**
 * The list of cited chunks that closes an answer: number, title, where it comes from in words and the chunk id —
 * never the site's internal file paths (a user's own source is shown as they typed it).
 */
export function citationList(citations: Citation[]): string {
  if (!citations.length) return '';
  return ['参考资料：', ...citations.map((c) => `[${c.n}] ${c.title}（${chunkOrigin(c)} · 片段 ${c.id}${c.kb_id !== SITE_KB && c.source ? ` · ${c.source}` : ''}）`)].join('\n');
}
