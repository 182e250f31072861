// HTTP Basic for the administrator (/v1/admin) and developer (/dev/api) families. Credentials come only from the
// environment; without them the family answers 503 saying which variables to set (there is no default password).
// User and password are compared as SHA-256 digests with timingSafeEqual, so neither their length nor a matching
// prefix shows in the response time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ServiceError, UnavailableError } from '../../errors.ts';

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
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (!expected) {
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
    // Both comparisons always run: no short-circuit reveals which half was wrong.
    const userOk = timingSafeEqual(digest(given.user), expected.user);
    const passwordOk = timingSafeEqual(digest(given.password), expected.password);
    if (!(userOk && passwordOk)) {
      request.log.warn({ realm: realm.realm }, 'rejected HTTP Basic credentials');
      done(new BasicAuthError(realm.realm, `wrong ${realm.realm} user or password`, `invalid_${realm.realm}_credentials`));
      return;
    }
    done();
  };
}
