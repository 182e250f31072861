// Token counts when no upstream model reports usage: gpt-tokenizer (pure JS) with o200k_base, the encoding of
// OpenAI's current chat models, and OpenAI's accounting of 3 tokens per message plus 3 to prime the reply.
//
// The byte-pair merge is quadratic in the length of one pre-token, and a text without split points (100,000 copies
// of one Han character) is one pre-token: counted whole it held the event loop for half a minute. So a text is
// encoded in pieces of at most PIECE characters, cut where a run of letters or digits ends when the piece has such a
// place (the tokenizer's own pre-tokenizer splits there too, so ordinary text counts exactly as it would whole) and hard otherwise
// (never inside a surrogate pair). The work is then linear in the text's length; a hard cut may count a token or
// two more than the whole text would, which only errs on the side of the budget.
import { countTokens, decode, encode } from 'gpt-tokenizer';

export const TOKENIZER = 'gpt-tokenizer o200k_base';

const WORD = /[\p{L}\p{N}\p{M}]/u;

/** Characters encoded at once (see above). */
export const PIECE = 400;

/** The text in pieces of at most PIECE characters, each cut where the tokenizer would split anyway when it can. */
export function pieces(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (text.length - start > PIECE) {
    let end = start + PIECE;
    // the last place in the window where a letter or digit is followed by something else: a pre-token ends there
    let cut = -1;
    for (let i = end - 1; i > start; i--) {
      if (WORD.test(text[i - 1]!) && !WORD.test(text[i]!) && text[i] !== "'") {
        cut = i;
        break;
      }
    }
    if (cut > start) end = cut;
    else if (/[\uDC00-\uDFFF]/.test(text[end]!)) end -= 1; // never between the halves of a surrogate pair
    out.push(text.slice(start, end));
    start = end;
  }
  out.push(text.slice(start));
  return out;
}

export function tokensOf(text: string): number {
  if (!text) return 0;
  let n = 0;
  for (const p of pieces(text)) n += countTokens(p);
  return n;
}

export function promptTokens(texts: string[]): number {
  return texts.reduce((n, t) => n + 3 + tokensOf(t), 3);
}

/** The first `max` tokens of a text, and whether it was cut. */
export function truncateTokens(text: string, max: number): { text: string; cut: boolean } {
  const ids: number[] = [];
  for (const p of pieces(text)) {
    for (const id of encode(p)) ids.push(id);
    if (ids.length > max) return { text: decode(ids.slice(0, max)), cut: true };
  }
  return { text, cut: false };
}
