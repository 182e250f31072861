// Validation messages name the field and say what is allowed, in words a caller can act on.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { InputError, parseInput } from '../src/errors.ts';

const schema = z.object({
  province: z.string(),
  year: z.coerce.number().int().min(2000).max(2026),
  page_size: z.number().int().min(1).max(100).optional(),
  method: z.enum(['coins', 'random']).optional(),
  question: z.string().max(5).optional(),
  nested: z.object({ b: z.number().gt(0) }).strict().optional(),
}).strict();

function message(input: unknown): InputError {
  try {
    parseInput(schema, input);
  } catch (err) {
    return err as InputError;
  }
  throw new Error('expected a failure');
}

describe('parseInput messages', () => {
  it('says a missing field is required, also when a coerced query parameter was never sent', () => {
    const err = message({ province: '河南' });
    expect(err.message).toBe('year: is required (number)');
    expect(err.param).toBe('year');
    expect(err.status).toBe(400);
  });
  it('says a wrong type is the wrong type when the field was sent', () => {
    expect(message({ province: '河南', year: 'abc' }).message).toBe('year: must be number');
  });
  it('states numeric and length bounds with their limits', () => {
    expect(message({ province: 'x', year: 2024, page_size: 101 }).message).toBe('page_size: must be ≤ 100');
    expect(message({ province: 'x', year: 1999 }).message).toBe('year: must be ≥ 2000');
    expect(message({ province: 'x', year: 2024, question: 'abcdef' }).message).toBe('question: must have at most 5 characters');
    expect(message({ province: 'x', year: 2024, nested: { b: 0 } }).message).toBe('nested.b: must be > 0');
  });
  it('lists the allowed values of an enum and names unknown fields', () => {
    expect(message({ province: 'x', year: 2024, method: 'tarot' }).message).toBe('method: must be one of "coins", "random"');
    const unknown = message({ province: 'x', year: 2024, colour: 1 });
    expect(unknown.message).toBe('colour: unknown field; allowed: province, year, page_size, method, question, nested');
    expect(unknown.param).toBe('colour');
  });
  it('lists the allowed fields of a nested object too', () => {
    expect(message({ province: 'x', year: 2024, nested: { b: 1, c: 2 } }).message).toBe('nested.c: unknown field; allowed: b');
  });
  it('reports every problem in one message, the first one as param', () => {
    const err = message({ year: 3000, method: 'x' });
    expect(err.message).toBe('province: is required (string); year: must be ≤ 2026; method: must be one of "coins", "random"');
    expect(err.param).toBe('province');
  });
});
