// The keyword router: which site tool a message asks for. Each tool declares its trigger words (Chinese and
// English) in its own file (`keywords`); a tool scores the total length of its keywords found in the message, and
// the best score wins (ties: registry order). The understanding (understand/) consults it for questions none of its
// intents covers (notes, forum, pages, tools added later).
import type { SiteTool } from '../../tools/types.ts';
import { matchForm } from './text.ts';

export interface Route {
  tool: SiteTool;
  score: number;
  matched: string[];
}

const normalisedKeywords = new WeakMap<SiteTool, string[]>();

function keywordsOf(tool: SiteTool): string[] {
  let k = normalisedKeywords.get(tool);
  if (!k) {
    k = [...new Set((tool.keywords ?? []).map(matchForm).filter(Boolean))];
    normalisedKeywords.set(tool, k);
  }
  return k;
}

/** Every tool whose keywords occur in the text, best first. */
export function routeAll(text: string, tools: readonly SiteTool[]): Route[] {
  const t = matchForm(text);
  const routes: Route[] = [];
  for (const tool of tools) {
    const matched = keywordsOf(tool).filter((k) => t.includes(k));
    if (matched.length) routes.push({ tool, score: matched.reduce((s, k) => s + [...k].length, 0), matched });
  }
  // Stable sort keeps registry order among equal scores.
  return routes.sort((a, b) => b.score - a.score);
}

/** The tool a message asks for, or null. */
export function route(text: string, tools: readonly SiteTool[]): Route | null {
  return routeAll(text, tools)[0] ?? null;
}
