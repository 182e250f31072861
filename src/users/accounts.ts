// App accounts: registration, login (→ a token), the current user. Errors never say whether the name or the
// password was wrong, and a login for an unknown name costs the same argon2id verify as a wrong password.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StateStore } from '../db/store.ts';
import { InputError, ServiceError } from '../errors.ts';
import { decoyHash, hashPassword, passwordProblem, PASSWORD_MAX, PASSWORD_POLICY, verifyPassword } from './passwords.ts';
import { countAttempt, loginSucceeded } from './throttle.ts';
import { issueToken, type AppUser } from './tokens.ts';

export const USERNAME_RULE = '3–32 letters (any script), digits, "_", "-" or "."';
const USERNAME = /^[\p{L}\p{N}_.-]{3,32}$/u;

export const usernameSchema = z
  .string()
  .max(64, `must be ${USERNAME_RULE}`)
  .transform((s) => s.normalize('NFKC').trim())
  .refine((s) => USERNAME.test(s), `must be ${USERNAME_RULE}`)
  .describe(`user name: ${USERNAME_RULE}; case-insensitive (Alice and alice are one account)`);

export const registerBody = z
  .object({
    username: usernameSchema,
    // The policy (containing the name, common passwords) is checked in register(), which sees both fields.
    password: z.string().max(PASSWORD_MAX * 4, `must be ${PASSWORD_POLICY}`).describe(`password: ${PASSWORD_POLICY}`),
    display_name: z.string().trim().min(1).max(64).optional().describe('name shown to others (1–64 characters); default: the user name'),
  })
  .strict();

export const loginBody = z
  .object({
    username: z.string().min(1).max(64).describe('the user name given at registration (any case)'),
    password: z.string().min(1).max(PASSWORD_MAX * 4).describe('the password'),
  })
  .strict();

export const userSchema = z.object({
  id: z.string().describe('user id (UUID)'),
  username: z.string(),
  display_name: z.string(),
  created_at: z.string().describe('ISO 8601, UTC'),
});

export function usernameKey(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}

/** The id of the account with this user name (any case, as at login), or undefined. */
export async function userIdByName(store: StateStore, name: string): Promise<string | undefined> {
  const row = await store.db.selectFrom('app_users').select('id').where('username_key', '=', usernameKey(name)).executeTakeFirst();
  return row?.id;
}

export class ConflictError extends ServiceError {
  constructor(message: string, param: string, code: string) {
    super(message, 409, 'invalid_request_error', code, param);
  }
}

export async function register(store: StateStore, input: z.output<typeof registerBody>, now = new Date()): Promise<AppUser> {
  const problem = passwordProblem(input.password, input.username);
  if (problem) throw new InputError(`password: ${problem}`, 'password', 'weak_password');
  const user: AppUser = { id: randomUUID(), username: input.username, display_name: input.display_name ?? input.username, created_at: now.toISOString() };
  const password_hash = await hashPassword(input.password);
  // The unique index decides between two registrations of one name racing on different nodes.
  const inserted = await store.db
    .insertInto('app_users')
    .values({ ...user, username_key: usernameKey(input.username), password_hash })
    .onConflict((oc) => oc.column('username_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new ConflictError(`username: the name "${input.username}" is taken; choose another`, 'username', 'username_taken');
  return user;
}

export class CredentialsError extends ServiceError {
  constructor() {
    super('wrong user name or password', 401, 'authentication_error', 'invalid_credentials', null, { 'www-authenticate': 'Bearer realm="app"' });
  }
}

export interface LoginResult {
  token: string;
  token_type: 'Bearer';
  expires_at: string;
  expires_in: number;
  user: AppUser;
}

export async function login(store: StateStore, input: z.output<typeof loginBody>, ip: string, ttlHours: number, now = new Date()): Promise<LoginResult> {
  const key = usernameKey(input.username);
  await countAttempt(store, [['ip', ip], ['account', key]], now.getTime());
  const row = await store.db.selectFrom('app_users').select(['id', 'username', 'display_name', 'created_at', 'password_hash']).where('username_key', '=', key).executeTakeFirst();
  const ok = await verifyPassword(row?.password_hash ?? (await decoyHash()), input.password);
  if (!row || !ok) throw new CredentialsError();
  await loginSucceeded(store, key, ip);
  const { token, expires_at } = await issueToken(store, row.id, ttlHours, now);
  const { password_hash: _omit, ...user } = row;
  return { token, token_type: 'Bearer', expires_at, expires_in: Math.round(ttlHours * 3600), user };
}
