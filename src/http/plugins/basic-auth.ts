// HTTP Basic for the administrator (/v1/admin) and developer (/dev/api) families. Credentials come only from the
// environment; without them the family answers 503 saying which variables to set (there is no default password).
// User and password are compared as SHA-256 digests with timingSafeEqual, so neither their length nor a matching
// prefix shows in the response time. Failed attempts back off exponentially per (address, user name) and per address,
// and guesses at one name are capped without a name ever being locked (basic-backoff.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ServiceError, UnavailableError } from '../../errors.ts';
import { BasicBackoff } from './basic-backoff.ts';

export interface BasicRealm {
  /** shown in WWW-Authenticate and in messages, e.g. "admin" */
  realm: string;
  /** the two environment variables that configure it, for the 503 message */
  userVar: string;
  passwordVar: string;
  credentials: { user: string; password: string } | null;
}

class BasicAuthError extends ServiceError {
  constructor(realm: string, message: string, code: string) {
    super(message, 401, 'authentication_error', code, null, { 'www-authenticate': `Basic realm="${realm}", charset="UTF-8"` });
  }
}

class BackedOffError extends ServiceError {
  constructor(realm: string, waitMs: number) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    super(`too many failed ${realm} sign-ins from this address; retry in ${seconds} s`, 429, 'rate_limit_error', `${realm}_auth_backoff`, null, { 'retry-after': String(seconds) });
  }
}

// One back-off per configured credentials object: every hook guarding the same realm of the same app (the family's
// own routes, the internal routes) counts the same failures.
const backoffs = new WeakMap<object, BasicBackoff>();
function backoffOf(credentials: object): BasicBackoff {
  let b = backoffs.get(credentials);
  if (!b) backoffs.set(credentials, (b = new BasicBackoff()));
  return b;
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/** Parses `Authorization: Basic base64(user:password)`; null when absent or not Basic. */
export function parseBasic(header: string | undefined): { user: string; password: string } | null {
  const m = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** An onRequest hook that admits only the realm's configured credentials. */
export function basicAuth(realm: BasicRealm) {
  const expected = realm.credentials ? { user: digest(realm.credentials.user), password: digest(realm.credentials.password) } : null;
  const backoff = realm.credentials ? backoffOf(realm.credentials) : null;
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (!expected || !backoff) {
      done(
        new UnavailableError(
          `the ${realm.realm} endpoints are disabled because no ${realm.realm} credentials are configured; set ${realm.userVar} and ${realm.passwordVar} in the environment and restart`,
          `${realm.realm}_not_configured`,
        ),
      );
      return;
    }
    const given = parseBasic(request.headers.authorization);
    if (!given) {
      done(new BasicAuthError(realm.realm, `${realm.realm} credentials required (HTTP Basic)`, `${realm.realm}_auth_required`));
      return;
    }
    const wait = backoff.waitMs(given.user, request.ip);
    if (wait > 0) {
      done(new BackedOffError(realm.realm, wait));
      return;
    }
    // Both comparisons always run: no short-circuit reveals which half was wrong.
    const userOk = timingSafeEqual(digest(given.user), expected.user);
    const passwordOk = timingSafeEqual(digest(given.password), expected.password);
    if (!(userOk && passwordOk)) {
      const log = backoff.failed(given.user, request.ip);
      // once per burst, never the user name (it may be a password typed into the wrong field)
      if (log === 'burst') request.log.warn({ realm: realm.realm, ip: request.ip }, 'rejected HTTP Basic credentials');
      if (log === 'backoff') request.log.warn({ realm: realm.realm, ip: request.ip, failures: backoff.failuresOf(request.ip) }, 'repeated HTTP Basic failures: backing off this address');
      if (log === 'name_capped') request.log.warn({ realm: realm.realm }, 'many HTTP Basic failures for one user name from several addresses: each further failure backs its address off for the longest wait');
      done(new BasicAuthError(realm.realm, `wrong ${realm.realm} user or password`, `invalid_${realm.realm}_credentials`));
      return;
    }
    backoff.succeeded(given.user, request.ip);
    done();
  };
}
