// Token counts when no upstream model reports usage: gpt-tokenizer (pure JS) with o200k_base, the encoding of
// OpenAI's current chat models, and OpenAI's accounting of 3 tokens per message plus 3 to prime the reply.
import { countTokens, decode, encode } from 'gpt-tokenizer';

export const TOKENIZER = 'gpt-tokenizer o200k_base';

export function tokensOf(text: string): number {
  return text ? countTokens(text) : 0;
}

export function promptTokens(texts: string[]): number {
  return texts.reduce((n, t) => n + 3 + tokensOf(t), 3);
}

/** The first `max` tokens of a text, and whether it was cut. */
export function truncateTokens(text: string, max: number): { text: string; cut: boolean } {
  const ids = encode(text);
  if (ids.length <= max) return { text, cut: false };
  return { text: decode(ids.slice(0, max)), cut: true };
}
