// Token counting stays linear: the byte-pair merge is quadratic in one pre-token's length, and a text without split
// points (100,000 copies of one Han character) is one pre-token, which held a node for half a minute. The text is
// encoded in bounded pieces cut where the tokenizer splits anyway, so ordinary text counts exactly as a whole.
import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { PIECE, pieces, tokensOf, truncateTokens } from '../../src/agent/tokens.ts';
import { siteContent } from '../../src/site/content.ts';

describe('token counting', () => {
  it('never hands the tokenizer more than PIECE characters, whatever the text', () => {
    for (const text of ['中'.repeat(100_000), 'a'.repeat(50_001), '😀'.repeat(30_000), `${'中'.repeat(399)}😀${'中'.repeat(1000)}`]) {
      const p = pieces(text);
      expect(p.join('')).toBe(text);
      expect(Math.max(...p.map((x) => x.length))).toBeLessThanOrEqual(PIECE);
      // a surrogate pair is never split between two pieces
      for (const x of p) expect(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(x)).toBe(false);
    }
  });

  it('counts ordinary text exactly as the tokenizer counts it whole (the site notes)', () => {
    const notes = siteContent().notes.slice(0, 20).map((n) => n.markdown);
    expect(notes.length).toBeGreaterThan(5);
    for (const body of notes) expect(tokensOf(body)).toBe(countTokens(body));
  });

  it('a run without split points counts within 1 % of the whole', () => {
    const text = '中国高考志愿填报'.repeat(400); // 3,200 characters, one pre-token
    const whole = countTokens(text);
    expect(Math.abs(tokensOf(text) - whole) / whole).toBeLessThan(0.01);
  });

  it('truncates to the first max tokens across pieces', () => {
    const text = '中'.repeat(5_000);
    const cut = truncateTokens(text, 1_234);
    expect(cut.cut).toBe(true);
    expect(countTokens(cut.text)).toBe(1_234);
    expect(truncateTokens('你好', 10)).toEqual({ text: '你好', cut: false });
  });
});
