// search_site: full-text search over the body text of every static page and note. The index is an in-memory
// SQLite FTS5 table (unicode61 over the terms of segment.ts), built once per content set: the content ships with
// the release, so there is nothing to keep in sync on disk. Ranking is FTS5's bm25 with the title weighted above
// the tags and summary, and those above the body. A query first must match all its terms; when that finds fewer
// hits than asked for, documents matching any topical word of the query follow, so a question typed as a sentence
// still finds its page.
import Database from 'better-sqlite3';
import type { Jieba } from '@node-rs/jieba';
import { escapeHtml } from './render.ts';
import { indexTerms, makeSegmenter, planQuery, type QueryPlan } from './segment.ts';
import type { NoteKind, Page, SiteContent } from './content.ts';

export const SEARCH_SCOPES = ['all', 'notes', 'pages'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

export interface SearchHit {
  slug: string;
  type: 'page' | 'note';
  kind?: NoteKind;
  title: string;
  date: string;
  /** where the page is served: /notes/{slug} or /pages/{slug} */
  path: string;
  /** about 100 characters of the body around the best cluster of hits, the hits wrapped in <mark>…</mark>, the rest HTML-escaped */
  snippet: string;
}

interface Index {
  db: Database.Database;
  jieba: Jieba;
  docs: Page[];
  /** per document: title, tags, summary and body text, lower-cased (for counting which query words it holds) */
  haystacks: string[];
  /** per document: the title, lower-cased */
  titles: string[];
  scored: Map<SearchScope, Database.Statement>;
}

const WEIGHTS = '8.0, 3.0, 1.0';

const indexes = new WeakMap<SiteContent, Index>();

export function pagePath(p: Pick<Page, 'type' | 'slug'>): string {
  return `/${p.type === 'note' ? 'notes' : 'pages'}/${p.slug}`;
}

function buildIndex(content: SiteContent): Index {
  const docs = [...content.pages, ...content.notes];
  const jieba = makeSegmenter(docs.flatMap((d) => d.tags));
  const db = new Database(':memory:');
  db.exec("CREATE VIRTUAL TABLE docs USING fts5(title, meta, body, type UNINDEXED, tokenize = 'unicode61 remove_diacritics 2')");
  const insert = db.prepare('INSERT INTO docs (rowid, title, meta, body, type) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    docs.forEach((d, i) => insert.run(i, indexTerms(jieba, d.title), indexTerms(jieba, `${d.tags.join(' ')} ${d.summary}`), indexTerms(jieba, d.text), d.type));
  })();
  db.exec("INSERT INTO docs(docs) VALUES ('optimize')");
  const scopes: Array<[SearchScope, string]> = [
    ['all', ''],
    ['notes', "AND type = 'note'"],
    ['pages', "AND type = 'page'"],
  ];
  const order = `ORDER BY bm25(docs, ${WEIGHTS}), rowid LIMIT ?`;
  return {
    db,
    jieba,
    docs,
    haystacks: docs.map((d) => `${d.title}\n${d.tags.join(' ')}\n${d.summary}\n${d.text}`.toLowerCase()),
    titles: docs.map((d) => d.title.toLowerCase()),
    scored: new Map(scopes.map(([k, where]) => [k, db.prepare(`SELECT rowid AS id, -bm25(docs, ${WEIGHTS}) AS score FROM docs WHERE docs MATCH ? ${where} ${order}`)])),
  };
}

function indexOf(content: SiteContent): Index {
  let idx = indexes.get(content);
  if (!idx) indexes.set(content, (idx = buildIndex(content)));
  return idx;
}

/** Builds the index now (at start-up) rather than on the first search. */
export function warmSearch(content: SiteContent): void {
  indexOf(content);
}

const WINDOW = 100;
const LEAD = 24;
const MAX_HITS = 60;

/** The stretch of `text` with the most distinct highlight terms, hits marked. */
export function snippet(text: string, terms: string[]): string {
  const flat = text.replace(/\s+/g, ' ');
  const lower = flat.toLowerCase();
  const hits: Array<{ at: number; end: number; term: number }> = [];
  terms.forEach((t, ti) => {
    const needle = t.toLowerCase();
    // a very common term could occur hundreds of times; the first occurrences are enough to place the window
    for (let at = lower.indexOf(needle), n = 0; at >= 0 && n < MAX_HITS; at = lower.indexOf(needle, at + needle.length), n++) hits.push({ at, end: at + needle.length, term: ti });
  });
  hits.sort((a, b) => a.at - b.at || b.end - a.end);
  // Sliding window over the hits in text order: the window starting LEAD before some hit that covers the most
  // distinct terms (earliest on ties).
  let start = 0;
  let best = 0;
  const inWindow = new Map<number, number>();
  let right = 0;
  for (let left = 0; left < hits.length; left++) {
    const s = Math.max(0, hits[left]!.at - LEAD);
    while (right < hits.length && hits[right]!.end <= s + WINDOW) {
      const t = hits[right]!.term;
      inWindow.set(t, (inWindow.get(t) ?? 0) + 1);
      right++;
    }
    if (inWindow.size > best) {
      best = inWindow.size;
      start = s;
    }
    if (right > left) {
      const t = hits[left]!.term;
      const n = inWindow.get(t)! - 1;
      if (n) inWindow.set(t, n);
      else inWindow.delete(t);
    } else right = left + 1;
  }
  const end = Math.min(flat.length, start + WINDOW);
  let out = start > 0 ? '…' : '';
  let pos = start;
  for (const h of hits) {
    if (h.at < pos || h.end > end) continue;
    out += escapeHtml(flat.slice(pos, h.at)) + '<mark>' + escapeHtml(flat.slice(h.at, h.end)) + '</mark>';
    pos = h.end;
  }
  out += escapeHtml(flat.slice(pos, end)) + (end < flat.length ? '…' : '');
  return out;
}

export interface SearchOptions {
  q: string;
  limit: number;
  scope?: SearchScope;
}

/** Ranked hits for `q` (best first), at most `limit`. */
export function searchSite(content: SiteContent, opts: SearchOptions): SearchHit[] {
  const idx = indexOf(content);
  const plan = planQuery(idx.jieba, opts.q);
  if (!plan.strict) return [];
  const scope = opts.scope ?? 'all';
  const ids = rank(idx, plan.strict, plan.relaxedWords, scope, opts.limit, false);
  if (ids.length < opts.limit && plan.relaxed) {
    const seen = new Set(ids);
    for (const id of rank(idx, plan.relaxed, plan.relaxedWords, scope, RELAXED_POOL, true)) {
      if (ids.length >= opts.limit) break;
      if (!seen.has(id)) ids.push(id);
    }
  }
  return ids.map((id) => {
    const d = idx.docs[id]!;
    return {
      slug: d.slug,
      type: d.type,
      ...(d.kind ? { kind: d.kind } : {}),
      title: d.title,
      date: d.date,
      path: pagePath(d),
      // a page found by its tags or summary alone quotes the summary, where the words are
      snippet: snippet(plan.highlight.some((t) => d.text.toLowerCase().includes(t.toLowerCase())) ? d.text : d.summary, plan.highlight),
    };
  });
}

const RELAXED_POOL = 50;

/**
 * Documents matching the FTS5 expression, best first, at most `limit`. Pages whose title holds more of the query's
 * words come first (a page titled with the words is about them; attribute ranking as site-search engines do it,
 * and the only signal left when a word such as 本站 is on every page and bm25 gives it no weight). Within that,
 * bm25 times the square of the share of the query's words the page holds anywhere (the coordination factor of
 * classic Lucene scoring), so a page that answers the whole question beats one that repeats a single common word.
 */
function rank(idx: Index, expr: string, words: string[], scope: SearchScope, limit: number, coordinate: boolean): number[] {
  const rows = idx.scored.get(scope)!.all(expr, Math.max(limit, RELAXED_POOL)) as Array<{ id: number; score: number }>;
  const share = (text: string) => (words.length ? words.filter((w) => text.includes(w)).length / words.length : 0);
  return rows
    // a page matching the strict query holds every word already: no need to count them in its text
    .map((r) => ({ id: r.id, title: share(idx.titles[r.id]!), score: coordinate ? r.score * share(idx.haystacks[r.id]!) ** 2 : r.score }))
    .sort((a, b) => b.title - a.title || b.score - a.score || a.id - b.id)
    .slice(0, limit)
    .map((r) => r.id);
}

/** Slugs of documents matching `q` (every term), best first; the note list's `q` filter uses this. */
export function matchingSlugs(content: SiteContent, q: string, scope: SearchScope): string[] {
  const idx = indexOf(content);
  const plan = planQuery(idx.jieba, q);
  if (!plan.strict) return [];
  return rank(idx, plan.strict, plan.relaxedWords, scope, idx.docs.length, false).map((id) => idx.docs[id]!.slug);
}
