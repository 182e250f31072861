// App accounts (interface 4.3): registration, login, the current user, logout. Legacy envelope `{code, message,
// data}`; errors keep the envelope and add the usual `error` object (400 names the field and the policy, 401 never
// says whether the name or the password was wrong, 409 a taken name, 429 a login lock-out with retry-after).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { login, loginBody, register, registerBody, userSchema } from '../../users/accounts.ts';
import { PASSWORD_POLICY } from '../../users/passwords.ts';
import { LIMITS } from '../../users/throttle.ts';
import { revokeToken } from '../../users/tokens.ts';
import { envelopeSchema, ok } from '../legacy-envelope.ts';
import { acceptEmptyJson } from '../empty-json.ts';
import { sessionOf } from '../plugins/user-auth.ts';

export default async function routes(app: FastifyInstance, opts: { ctx: ServiceContext }): Promise<void> {
  const { ctx } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['app users'];
  const ttl = ctx.config.appTokenTtlHours;

  // One handler on both paths (the app calls the second; the interface names the first).
  for (const [url, summary] of [
    ['/api/v1/auth/register', `register an app account: username, password (${PASSWORD_POLICY}), optional display_name; 201 with the user, 409 when the name is taken`],
    ['/api/auth/app-register', 'same as POST /api/v1/auth/register'],
  ] as const) {
    r.post(url, { config: { writeLimit: 'register' }, schema: { summary, tags, body: registerBody, response: { 201: envelopeSchema(z.object({ user: userSchema })) } } }, async (req, reply) => {
      const user = await register(ctx.state(), req.body);
      req.log.debug({ userId: user.id }, 'app user registered');
      reply.code(201);
      return ok({ user });
    });
  }

  r.post(
    '/api/auth/login',
    {
      schema: {
        summary: `log in: a Bearer token (ut-…) valid ${ttl} h; after ${LIMITS.account.attempts} failed attempts per account or ${LIMITS.ip.attempts} per address within ${LIMITS.account.windowMs / 60_000} min, 429 with retry-after`,
        tags,
        body: loginBody,
        response: {
          200: envelopeSchema(
            z.object({
              token: z.string().describe('send as "Authorization: Bearer <token>"; shown only here'),
              token_type: z.literal('Bearer'),
              expires_at: z.string().describe('ISO 8601, UTC'),
              expires_in: z.number().int().describe('seconds from now'),
              user: userSchema,
            }),
          ),
        },
      },
    },
    async (req) => {
      try {
        const result = await login(ctx.state(), req.body, req.ip, ttl);
        req.log.debug({ userId: result.user.id }, 'app login');
        return ok(result);
      } catch (err) {
        req.log.debug({ code: (err as { code?: string }).code }, 'app login refused');
        throw err;
      }
    },
  );

  r.get(
    '/api/auth/me',
    {
      config: { auth: 'user' },
      schema: { summary: 'the signed-in user and when the token expires', tags, response: { 200: envelopeSchema(z.object({ user: userSchema, token_expires_at: z.string() })) } },
    },
    async (req) => {
      const session = sessionOf(req);
      return ok({ user: session.user, token_expires_at: session.expires_at });
    },
  );

  // In its own plugin: a logout sent with `content-type: application/json` and no body still logs out.
  await app.register(async (sub) => {
    acceptEmptyJson(sub);
    sub.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/logout',
      {
        config: { auth: 'user' },
        schema: { summary: 'revoke the token of this request at once (every node); other sessions of the user stay', tags, response: { 200: envelopeSchema(z.object({ revoked: z.boolean() })) } },
      },
      async (req) => ok({ revoked: await revokeToken(ctx.state(), sessionOf(req).tokenHash) }),
    );
  });
}
