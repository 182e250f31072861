// The page token of /llm/chat/completions: with an upstream model configured, that endpoint relays prompts with the
// operator's key, so besides the Origin check (which any script can forge) it wants proof that the caller loaded one
// of the site's own pages recently from the same address. Every page answer sets a short-lived cookie (HttpOnly,
// SameSite=Strict, Path=/llm) holding `<expiry>.<HMAC(expiry, address)>`; the chat page's same-origin fetch sends it
// without any code of its own, a foreign site's page cannot make the browser send it, and a script must fetch a page
// from the very address it then calls from, once per TTL — the per-address limit and the site's daily budget do the
// rest. The signing secret is PAGE_TOKEN_SECRET, else derived from LLM_API_KEY (every node configured alike verifies
// every node's tokens), else random for this process.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

export const PAGE_TOKEN_COOKIE = 'svc_page';
export const PAGE_TOKEN_TTL_S = 2 * 3600;

export type PageTokenCheck = 'valid' | 'missing' | 'expired' | 'invalid';

export interface PageTokens {
  /** the Set-Cookie value carrying a fresh token for this address */
  cookie(ip: string, now?: number): string;
  check(cookieHeader: string | undefined, ip: string, now?: number): PageTokenCheck;
}

function secretOf(config: Config): Buffer {
  if (config.pageTokenSecret) return Buffer.from(config.pageTokenSecret, 'utf8');
  // a derived key: the upstream key itself is never used as, or recoverable from, the signing key
  if (config.llm.apiKey) return createHmac('sha256', config.llm.apiKey).update('svc page token v1').digest();
  return randomBytes(32);
}

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const perConfig = new WeakMap<Config, PageTokens>();

/** The page tokens of this configuration (one signer per app, so a random secret is shared by issuer and checker). */
export function pageTokens(config: Config): PageTokens {
  let t = perConfig.get(config);
  if (!t) perConfig.set(config, (t = signer(config)));
  return t;
}

function signer(config: Config): PageTokens {
  const secret = secretOf(config);
  const secure = config.siteUrl.startsWith('https:') ? '; Secure' : '';
  const sign = (expires: string, ip: string) => createHmac('sha256', secret).update(`${expires}\n${ip}`).digest('base64url');
  return {
    cookie(ip, now = Date.now()) {
      const expires = Math.floor(now / 1000 + PAGE_TOKEN_TTL_S).toString(36);
      return `${PAGE_TOKEN_COOKIE}=${expires}.${sign(expires, ip)}; Path=/llm; Max-Age=${PAGE_TOKEN_TTL_S}; HttpOnly; SameSite=Strict${secure}`;
    },
    check(header, ip, now = Date.now()) {
      const token = cookieValue(header, PAGE_TOKEN_COOKIE);
      if (!token) return 'missing';
      const [expires = '', mac = ''] = token.split('.');
      const expected = Buffer.from(sign(expires, ip));
      const given = Buffer.from(mac);
      if (!/^[0-9a-z]{1,12}$/.test(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return parseInt(expires, 36) * 1000 > now ? 'valid' : 'expired';
    },
  };
}
