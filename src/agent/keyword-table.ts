// The README's keyword → tool table, rendered from the registry (a test compares it with the README, so the
// documentation cannot drift from the keywords the router actually uses).
import type { SiteTool } from '../../tools/types.ts';

export function keywordTable(tools: readonly SiteTool[]): string {
  const lines = ['| tool | 中文关键词 | English keywords |', '| --- | --- | --- |'];
  for (const t of tools) {
    const words = t.keywords ?? [];
    const zh = words.filter((k) => /[\u4e00-\u9fff]/.test(k));
    const en = words.filter((k) => !/[\u4e00-\u9fff]/.test(k));
    lines.push(`| \`${t.name}\` | ${zh.join('、') || '—'} | ${en.join(', ') || '—'} |`);
  }
  return lines.join('\n');
}
