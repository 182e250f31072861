// Free-text fields that users and agents write (titles, bodies, names): trimmed, bounded, and without control
// characters (tab and newlines allowed), so what is stored is plain text that renders safely anywhere.
import { z } from 'zod';
import { sizeLimit } from './errors.ts';

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function plainText(max: number, what?: string, opts: { sizeLimit?: boolean } = {}) {
  // a size limit (a chat message) answers 413 naming the field when passed (errors.ts sizeLimit)
  const schema = z.string().trim().min(1).max(max, opts.sizeLimit ? sizeLimit(`at most ${max.toLocaleString('en')} characters`) : undefined).refine((s) => !CONTROL.test(s), 'must not contain control characters');
  return what ? schema.describe(`${what} (1–${max} characters, stored as plain text)`) : schema;
}
