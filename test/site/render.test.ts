// Sanitisation: hostile Markdown (test/site/fixtures/hostile.md) renders to HTML with no script, no event
// handler, no javascript:/vbscript:/data: URL, whatever nesting it hides them in; ordinary Markdown survives.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { abstractOf, markdownToText, renderMarkdown, sectionId } from '../../src/site/render.ts';

const hostile = fs.readFileSync(new URL('./fixtures/hostile.md', import.meta.url), 'utf8');

describe('renderMarkdown', () => {
  const html = renderMarkdown(hostile);

  it('drops every script, frame, object, form, style and svg element', () => {
    expect(html).not.toMatch(/<\s*(script|iframe|object|embed|form|input|button|style|svg|math|mglyph)\b/i);
    expect(html).not.toMatch(/alert\('(script tag|svg|mxss)'\)/);
  });

  it('drops every event handler attribute and inline style except table alignment', () => {
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/position:\s*fixed/);
    expect(html).toContain('style="text-align:left"');
  });

  it('leaves no javascript:, vbscript: or data: URL in any attribute', () => {
    const urls = [...html.matchAll(/\s(?:href|src)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) {
      const decoded = u.replace(/&#x?[0-9a-f]+;?/gi, '').replace(/%0?9|\s/gi, '').toLowerCase();
      expect(decoded, u).not.toMatch(/^(javascript|vbscript|data):/);
    }
    expect(html).not.toMatch(/href="\s*javascript/i);
  });

  it('keeps the harmless content: headings, text inside nested HTML, tables, safe links with rel', () => {
    expect(html).toContain('<h1>测试夹具：恶意 Markdown（test fixture, not site content）</h1>');
    expect(html).toContain('嵌套内容');
    expect(html).toContain('带事件处理器的段落');
    expect(html).toMatch(/<a href="https:\/\/example\.org\/ok" rel="noopener noreferrer nofollow">正常外链<\/a>/);
    expect(html).toContain('<b>粗</b>');
  });

  it('gives ## and ### sections an id a link can point at, and keeps no other id on a heading', () => {
    const out = renderMarkdown('## 表的下端\n\n文字\n\n### 为什么 要这样\n\n## 表的下端\n\n<h2 id="content">冒名</h2>\n\n<p id="chat-log">x</p>');
    expect(out).toContain('<h2 id="sec-表的下端">表的下端</h2>');
    expect(out).toContain('<h3 id="sec-为什么-要这样">为什么 要这样</h3>');
    expect(out).toContain('<h2 id="sec-表的下端-2">表的下端</h2>'); // a repeated heading gets its own id
    expect(out).toContain('<h2>冒名</h2>'); // a page's own ids cannot be taken
    expect(out).not.toContain('chat-log');
    expect(sectionId('  三列 数字 ')).toBe('sec-三列-数字');
  });

  it('renders emphasis next to Chinese punctuation', () => {
    expect(renderMarkdown('改为**“院校专业组”**投档')).toBe('<p>改为<strong>“院校专业组”</strong>投档</p>\n');
  });
});

describe('markdownToText and abstractOf', () => {
  it('give the text a reader sees, without markup or script bodies', () => {
    const text = markdownToText('## 小标题\n\n一段 **粗体** 与 [链接](https://example.org)。\n\n<script>alert(1)</script>\n\n- 甲\n- 乙');
    expect(text).toBe('小标题\n\n一段 粗体 与 链接。\n\n甲\n\n乙');
  });
  it('cuts an abstract at the limit with an ellipsis, and leaves short text whole', () => {
    expect(abstractOf('一二三四五六七八九十', 4)).toBe('一二三四…');
    expect(abstractOf('短文本', 10)).toBe('短文本');
  });
});
