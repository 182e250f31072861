// Scripts often send `content-type: application/json` with an empty body on routes that take no body (a toggle, a
// DELETE, a logout); Fastify refuses that with 400 before any handler runs, so a logout would leave its token valid.
// Routes that take no body register this parser in their own (encapsulated) plugin: an empty body is no body, and
// anything else is parsed as JSON as usual.
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('the request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });
}
