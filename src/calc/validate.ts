// The in-place check the calculator pages run on every keystroke: one kind's params against its schema, each
// problem with its field as the page's form names it (no `params.` prefix; an unknown key names itself).
import type { z } from 'zod';

export interface FieldIssue {
  field: string;
  /** zod issue code: invalid_type, too_small, too_big, invalid_value, custom, unrecognized_keys, … */
  code: string;
  message: string;
  /** the issue's own figures, which the pages' translator words in Chinese by code (errors-zh.js issueZh) */
  origin?: string;
  minimum?: number;
  maximum?: number;
  inclusive?: boolean;
  expected?: string;
  values?: unknown[];
}

const FIGURES = ['origin', 'minimum', 'maximum', 'inclusive', 'expected', 'values'] as const;

export function validateWith(schema: z.ZodType, params: unknown): { ok: true } | { ok: false; issues: FieldIssue[] } {
  const result = schema.safeParse(params);
  if (result.success) return { ok: true };
  return {
    ok: false,
    issues: result.error.issues.map((i) => {
      const keys = i.code === 'unrecognized_keys' ? (i as { keys: string[] }).keys : [];
      const figures = Object.fromEntries(FIGURES.filter((k) => k in i).map((k) => [k, (i as unknown as Record<string, unknown>)[k]]));
      // bigint bounds are not JSON, and no calculator field needs them
      for (const k of ['minimum', 'maximum'] as const) if (typeof figures[k] === 'bigint') figures[k] = Number(figures[k]);
      return { field: [...i.path.map(String), ...keys].join('.'), code: i.code, message: i.message, ...figures };
    }),
  };
}
