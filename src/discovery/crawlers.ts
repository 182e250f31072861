// What search-engine crawlers read first: robots.txt (the pages are open; the JSON families, the same-origin page
// and chat endpoints, MCP and the search result pages are not for crawling) and sitemap.xml (every page a reader can
// land on, with the date it last changed where the site knows it).
import { escapeHtml } from '../pages/html.ts';
import { NAV } from '../pages/layout.ts';
import { PAGES } from '../pages/registry.ts';
import type { SiteContent } from '../site/content.ts';
import { pagePath } from '../site/search.ts';

/** Path prefixes crawlers are asked to leave alone. */
export const NOT_FOR_CRAWLERS = ['/v1/', '/api/', '/page-api/', '/llm/', '/mcp', '/dev/', '/search'];

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', ...NOT_FOR_CRAWLERS.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD */
  lastmod?: string;
}

/** Every page of the site: the home, the pages of the navigation and registry, the notes and static pages, the news
 * page (changes daily) and each forum post (dated by its last reply). */
export function sitemapEntries(content: SiteContent, posts: Array<{ id: string; created_at: string; last_reply_at: string | null }>, today: string): SitemapEntry[] {
  const newestNote = content.notes.reduce((d, n) => (n.date > d ? n.date : d), '');
  const newestPost = posts.reduce((d, p) => ((p.last_reply_at ?? p.created_at) > d ? (p.last_reply_at ?? p.created_at) : d), '').slice(0, 10);
  const fixed: SitemapEntry[] = [{ path: '/' }, ...NAV.map((n) => ({ path: n.path })), ...PAGES.map((p) => ({ path: p.path }))];
  const dated: Record<string, string> = { '/notes': newestNote, '/forum': newestPost, '/news/': today };
  const seen = new Set<string>();
  return [
    ...fixed,
    ...content.notes.map((n) => ({ path: pagePath(n), lastmod: n.date })),
    ...content.pages.map((p) => ({ path: pagePath(p), lastmod: p.date })),
    ...posts.map((p) => ({ path: `/forum/${p.id}`, lastmod: (p.last_reply_at ?? p.created_at).slice(0, 10) })),
  ]
    .map((e) => (dated[e.path] ? { path: e.path, lastmod: dated[e.path] } : e))
    .filter((e) => !seen.has(e.path) && seen.add(e.path));
}

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => `  <url><loc>${escapeHtml(siteUrl + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
