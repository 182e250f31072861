// The chat pages' Markdown renderer (src/pages/shared/markdown.ts, also served as /assets/markdown.js): raw HTML in an
// answer stays text, and on the knowledge-base page each [n] that names a retrieved chunk links to its source.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/pages/shared/markdown.ts';

describe('renderMarkdown', () => {
  it('keeps HTML an answer contains as text and drops script URLs', () => {
    const out = renderMarkdown('<img src=x onerror=alert(1)> [a](javascript:alert(1))');
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;img');
    expect(out).not.toContain('href="javascript:');
  });

  it('links [n] to #<prefix>n for the retrieved chunks only, outside code and links', () => {
    const out = renderMarkdown('规则见 [1]，另见 [7]；`[2]` 与 [说明](https://example.org/[2]) [2][3]', { cite: { count: 3, prefix: 'cite-4-' } });
    expect(out).toContain('规则见 <a href="#cite-4-1" class="cite">[1]</a>');
    expect(out).toContain('另见 [7]'); // not a retrieved chunk
    expect(out).toContain('<code>[2]</code>');
    expect(out).toContain('<a href="#cite-4-2" class="cite">[2]</a><a href="#cite-4-3" class="cite">[3]</a>');
    expect(out.match(/class="cite"/g)).toHaveLength(3);
    // links of the answer itself keep rel=noopener, the in-page citation links need none
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).not.toMatch(/class="cite" rel=/);
  });

  it('leaves [n] alone without the option (the assistant page)', () => {
    expect(renderMarkdown('见 [1]')).toBe('<p>见 [1]</p>\n');
  });
});
