// Passwords: the policy a new password must meet, and argon2id hashing (@node-rs/argon2, a Rust implementation run
// off the event loop). Parameters: 19 MiB memory, 2 passes, 1 lane — OWASP's Password Storage Cheat Sheet minimum
// for argon2id (m=19456, t=2, p=1); measured by `npm run bench -- users` (one login ≈ the time of one verify).
import { hash, verify } from '@node-rs/argon2';

export const ARGON2_PARAMS = { algorithm: 2 /* Argon2id (a const enum in the typings) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

// The most common passwords of length ≥ 10 in public breach corpora (e.g. the top of SecLists' 10k list); a policy
// that only counts characters would accept them.
const COMMON = new Set([
  '1234567890', '0123456789', '12345678910', 'qwertyuiop', '1q2w3e4r5t', 'password1', 'password12', 'password123',
  'password1234', 'passw0rd123', 'iloveyou123', 'qwerty1234', 'qwerty12345', 'qwerty123456', '1qaz2wsx3edc',
  'abcdefghij', 'abc1234567', 'aaaaaaaaaa', '1111111111', '0000000000', '5201314520', 'woaini1314', 'a123456789',
  'zxcvbnm123', 'asdfghjkl1', 'football123', 'baseball123', 'welcome123', 'admin12345', 'administrator',
]);

/** The policy as one sentence: every rejection repeats it, so the user sees the whole rule at once. */
export const PASSWORD_POLICY = `${PASSWORD_MIN}–${PASSWORD_MAX} characters, not containing the user name, not one character repeated, and not a commonly used password`;

/** Why this password is refused, or null when it meets the policy. */
export function passwordProblem(password: string, username: string): string | null {
  const chars = [...password];
  if (chars.length < PASSWORD_MIN || chars.length > PASSWORD_MAX) return `must be ${PASSWORD_POLICY}`;
  const lower = password.toLowerCase();
  if (username && lower.includes(username.toLowerCase())) return `must not contain the user name (policy: ${PASSWORD_POLICY})`;
  if (new Set(chars).size === 1) return `must not be one character repeated (policy: ${PASSWORD_POLICY})`;
  if (COMMON.has(lower)) return `is a commonly used password (policy: ${PASSWORD_POLICY})`;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

// A hash of a random password with the same parameters: a login for a name that does not exist verifies against it,
// so it takes as long as a wrong password for a name that does (no timing oracle for which names exist).
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomUUID());
  return decoy;
}
