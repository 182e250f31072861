// Markdown for the chat pages' answers, bundled for the browser as /assets/markdown.js (esbuild, on first request).
// The assistant's answers are Markdown (tables of universities, lists); markdown-it renders them with raw HTML
// turned off, so nothing in an answer becomes markup of its own, and its link check drops javascript:/data: URLs.
// Table alignment would be a style attribute, which the pages' CSP refuses: it is dropped.
import MarkdownIt from 'markdown-it';
import cjkFriendly from 'markdown-it-cjk-friendly';

export interface RenderOptions {
  /** Knowledge-base answers cite chunks as [n]: each [n] with 1 ≤ n ≤ count becomes a link to `#${prefix}${n}`. */
  cite?: { count: number; prefix: string };
}

const md = new MarkdownIt({ html: false, linkify: true, breaks: true }).use(cjkFriendly);
md.core.ruler.push('no_inline_style', (state) => {
  for (const token of state.tokens) if (token.attrs) token.attrs = token.attrs.filter(([name]) => name !== 'style');
});
// After text_join, so "[1]" is inside one text token; text inside links and code spans is left alone.
md.core.ruler.push('cite_links', (state) => {
  const cite = (state.env as RenderOptions | undefined)?.cite;
  if (!cite) return;
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const out: typeof block.children = [];
    let inLink = 0;
    for (const t of block.children) {
      if (t.type === 'link_open') inLink++;
      if (t.type === 'link_close') inLink--;
      if (t.type !== 'text' || inLink > 0 || !/\[\d{1,2}\]/.test(t.content)) {
        out.push(t);
        continue;
      }
      let last = 0;
      for (const m of t.content.matchAll(/\[(\d{1,2})\]/g)) {
        const n = Number(m[1]);
        if (n < 1 || n > cite.count) continue;
        const before = new state.Token('text', '', 0);
        before.content = t.content.slice(last, m.index);
        const open = new state.Token('link_open', 'a', 1);
        open.attrs = [['href', `#${cite.prefix}${n}`], ['class', 'cite']];
        const label = new state.Token('text', '', 0);
        label.content = m[0];
        out.push(before, open, label, new state.Token('link_close', 'a', -1));
        last = m.index + m[0].length;
      }
      const rest = new state.Token('text', '', 0);
      rest.content = t.content.slice(last);
      out.push(rest);
    }
    block.children = out;
  }
});
// A table sits in a scroll box that takes focus (keyboard users can scroll it; axe asks for it), so on a phone a
// wide table scrolls instead of squeezing its cells until numbers break mid-digit.
md.renderer.rules.table_open = () => '<div class="table-scroll" tabindex="0" role="region" aria-label="表格（可左右滑动）"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';
const defaultLink = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  // in-page citation links stay in the page; links an answer carries open nothing of ours to the target
  if (!tokens[idx]!.attrGet('href')?.startsWith('#')) tokens[idx]!.attrSet('rel', 'noopener noreferrer');
  return defaultLink(tokens, idx, options, env, self);
};

export function renderMarkdown(text: string, opts: RenderOptions = {}): string {
  return md.render(text, { ...opts });
}
