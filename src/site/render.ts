// Markdown → safe HTML for notes, pages and forum posts. markdown-it renders (raw HTML allowed, so writers may use
// <sup> or <kbd>), then sanitize-html keeps only an allow-list: no script or style, no event handlers, no
// javascript:/vbscript:/data: URLs, whatever the Markdown says. The sanitiser is the security boundary; the
// renderer's own link check is only a first filter.
import MarkdownIt from 'markdown-it';
import cjkFriendly from 'markdown-it-cjk-friendly';
import sanitizeHtml from 'sanitize-html';

// CommonMark does not close **“…”** next to Chinese punctuation; the CJK-friendly rule (a proposed amendment,
// maintained as a markdown-it plugin) makes emphasis in Chinese text work the way writers expect.
const md = new MarkdownIt({ html: true, linkify: true, typographer: false }).use(cjkFriendly);

const SECTION_PREFIX = 'sec-';

/** The id of a `##`/`###` section, from its heading as written: what links to a section (a knowledge-base chunk's
 * source names its note's section by this heading) point at. Prefixed, so no heading can take a page's own ids. */
export function sectionId(heading: string): string {
  return SECTION_PREFIX + heading.trim().replace(/\s+/g, '-');
}

md.core.ruler.push('section_ids', (state) => {
  const used = new Set<string>();
  state.tokens.forEach((t, i) => {
    if (t.type !== 'heading_open' || (t.tag !== 'h2' && t.tag !== 'h3')) return;
    let id = sectionId(state.tokens[i + 1]?.content ?? '');
    for (let n = 2; used.has(id); n++) id = `${sectionId(state.tokens[i + 1]?.content ?? '')}-${n}`;
    used.add(id);
    t.attrSet('id', id);
  });
});

const sectionHeading: sanitizeHtml.Transformer = (tagName, attribs) => ({ tagName, attribs: attribs.id?.startsWith(SECTION_PREFIX) ? { id: attribs.id } : ({} as sanitizeHtml.Attributes) });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'kbd', 'samp', 'var',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'strong', 'b', 'em', 'i', 's', 'del', 'ins', 'mark', 'sub', 'sup', 'small',
    'abbr', 'cite', 'q', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'a', 'img', 'figure',
    'figcaption', 'details', 'summary', 'span', 'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    h2: ['id'],
    h3: ['id'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align', 'colspan', 'rowspan', 'style'],
    td: ['align', 'colspan', 'rowspan', 'style'],
    ol: ['start'],
    abbr: ['title'],
    code: ['class'],
  },
  // markdown-it writes table alignment as style="text-align:…"; nothing else of CSS is kept.
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // the contents of these are dropped with the tag, not kept as text
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math'],
  transformTags: {
    // only section ids survive on headings (raw HTML in a post could otherwise reuse a page's own ids)
    h2: sectionHeading,
    h3: sectionHeading,
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow' } : attribs };
    },
  },
};

/** Markdown to sanitised HTML. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(md.render(markdown), SANITIZE);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&nbsp;': ' ' };

/**
 * The plain text of Markdown, as a reader sees it: rendered, every tag dropped, block boundaries kept as line
 * breaks. This is what search indexes and snippets quote.
 */
export function markdownToText(markdown: string): string {
  const html = md.render(markdown).replace(/<\/(p|h[1-6]|li|tr|blockquote|pre|dt|dd)>|<br\s*\/?>/g, '$&\n').replace(/<\/t[dh]>/g, '$& ');
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: SANITIZE.nonTextTags });
  return text
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The first `max` characters of Markdown as plain text on one line, with an ellipsis when cut. */
export function abstractOf(markdown: string, max = 120): string {
  const text = markdownToText(markdown).replace(/\s+/g, ' ');
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
