// Server-side HTML for the pages the service renders itself (the daily news page, the 410 page): a tagged template
// that escapes every interpolated value unless it is already markup made by this template.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Markup that is safe to insert as is (made by `html`). */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Value = Html | string | number | null | undefined | false | Value[];

function render(v: Value): string {
  if (v === null || v === undefined || v === false) return '';
  if (Array.isArray(v)) return v.map(render).join('');
  if (v instanceof Html) return v.text;
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/**
 * Sanitised HTML from the site's Markdown renderer, as markup. The one attribute it may keep that the pages' CSP
 * refuses (a table cell's `style="text-align:…"`) is dropped, so the browser has nothing to block.
 */
export function sanitisedHtml(markup: string): Html {
  return new Html(markup.replace(/\sstyle="[^"]*"/g, ''));
}
