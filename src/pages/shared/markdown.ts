// Markdown for the chat page's answers, bundled for the browser as /assets/markdown.js (esbuild, on first request).
// The assistant's answers are Markdown (tables of universities, lists); markdown-it renders them with raw HTML
// turned off, so nothing in an answer becomes markup of its own, and its link check drops javascript:/data: URLs.
// Table alignment would be a style attribute, which the pages' CSP refuses: it is dropped.
import MarkdownIt from 'markdown-it';
import cjkFriendly from 'markdown-it-cjk-friendly';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true }).use(cjkFriendly);
md.core.ruler.push('no_inline_style', (state) => {
  for (const token of state.tokens) if (token.attrs) token.attrs = token.attrs.filter(([name]) => name !== 'style');
});
const defaultLink = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('rel', 'noopener noreferrer');
  return defaultLink(tokens, idx, options, env, self);
};

export function renderMarkdown(text: string): string {
  return md.render(text);
}
