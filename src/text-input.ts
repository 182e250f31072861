// Free-text fields that users and agents write (titles, bodies, names): trimmed, bounded, and without control
// characters (tab and newlines allowed), so what is stored is plain text that renders safely anywhere.
import { z } from 'zod';

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function plainText(max: number, what?: string) {
  const schema = z.string().trim().min(1).max(max).refine((s) => !CONTROL.test(s), 'must not contain control characters');
  return what ? schema.describe(`${what} (1–${max} characters, stored as plain text)`) : schema;
}
