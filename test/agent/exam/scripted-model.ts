// The loopback model for the exam's upstream run: it understands nothing and answers only from the site-tool results
// it was given after the last user message (the tools the site pre-selected, or none). It restates each result's
// summary and the values of its rows and fields, leaving out provenance (files, URLs, ids), so the exam measures
// whether the upstream path wires the right tools and their results into the model's context, not model quality.
// Without tool results it says it has nothing to answer from, which grades as refused.
import type { UpstreamRequest } from '../../helpers/fake-upstream.ts';

// Provenance and paging are not facts: a model is told to name publishers, not files, and to page silently.
const PROVENANCE = /^(id|.*_id|source.*|.*_url|url|.*_file|file|.*_ref|raw|cleaned|clean_reason|duplicate_of|page|page_size|has_more)$/;
const PAGING_HINT = /[，,]?\s*还有更多：page=\d+/g;

/** Leaf values of a result as `key: value` lines, provenance and nested ids left out. */
function restate(value: unknown, key = '', out: string[] = [], depth = 0): string[] {
  if (out.length > 400 || depth > 6) return out;
  if (value === null || value === undefined || value === '') return out;
  if (Array.isArray(value)) {
    value.forEach((v, i) => restate(v, `${key}[${i + 1}]`, out, depth + 1));
    return out;
  }
  if (typeof value === 'object') {
    const row = Object.entries(value as Record<string, unknown>).filter(([k]) => !PROVENANCE.test(k));
    const flat = row.filter(([, v]) => v === null || typeof v !== 'object');
    if (flat.length) out.push(`${key ? `${key} ` : ''}${flat.map(([k, v]) => `${k}=${String(v).replace(PAGING_HINT, '')}`).join('，')}`);
    for (const [k, v] of row) if (v && typeof v === 'object') restate(v, k, out, depth + 1);
    return out;
  }
  out.push(`${key}=${String(value).replace(PAGING_HINT, '')}`);
  return out;
}

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (p && typeof p === 'object' && 'text' in p ? String(p.text) : '')).join('');
  return '';
}

export function scriptedAnswer(req: UpstreamRequest): { content: string } {
  const messages = (req.body.messages ?? []) as Array<{ role: string; content: unknown }>;
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const question = lastUser >= 0 ? text(messages[lastUser]!.content) : '';
  const english = !/[\u4e00-\u9fff]/.test(question);
  const results = messages.slice(lastUser + 1).filter((m) => m.role === 'tool');
  if (!results.length) {
    return { content: english ? 'I was given no site data for this question, so I cannot answer it.' : '（没有收到站内工具的结果，无法回答）' };
  }
  const parts = results.map((m) => {
    const raw = text(m.content);
    try {
      return restate(JSON.parse(raw)).join('\n');
    } catch {
      return raw; // a result cut to the context budget is not JSON any more: shown as it came
    }
  });
  const lead = english ? 'Here is what the site data says for your question, based on the results of the tools:' : '根据本站工具的结果：';
  return { content: `${lead}\n${parts.join('\n\n')}` };
}
