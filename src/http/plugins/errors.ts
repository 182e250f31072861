// The one error handler: every error leaves as an OpenAI-style body {error: {message, type, param, code}}.
// ServiceErrors carry their own status; Fastify's own 4xx keep theirs; the state database not answering (a statement
// timeout, a lost connection) is a 503 to retry; anything else is a 500 whose body hides the internals (the log
// keeps them, keyed by the request id).
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { isStateUnavailable } from '../../db/store.ts';
import { ERROR_TYPES, ServiceError, StateUnavailableError, type ErrorType } from '../../errors.ts';
import { isLegacyPath } from '../legacy-envelope.ts';

/** Every error body, as a schema (the OpenAPI document's error responses are generated from it). */
export const errorBodySchema = z
  .object({
    error: z.object({
      message: z.string().describe('what went wrong, for the caller'),
      type: z.enum(ERROR_TYPES),
      param: z.string().nullable().describe('the request field at fault, when one is'),
      code: z.string().nullable().describe('machine-readable code, e.g. invalid_parameter, invalid_api_key, daily_quota_exceeded'),
    }),
  })
  .describe('OpenAI-style error');
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The legacy envelope of an error (every /api/* path): `code` is the HTTP status, `message` names the field when one
 * is at fault, and the usual `error` object rides along so app code reading either finds the reason. */
export const envelopeErrorSchema = z
  .object({
    code: z.number().int().describe('the HTTP status'),
    message: z.string().describe('what went wrong; starts with the field at fault when one is ("province: …")'),
    data: z.null(),
    error: errorBodySchema.shape.error,
  })
  .describe('legacy envelope error');

export function errorBody(message: string, type: ErrorType, code: string | null, param: string | null = null): ErrorBody {
  return { error: { message, type, param, code } };
}

/** The error body for this request's family: the legacy /api/* family wraps it in its envelope. */
function bodyFor(url: string, status: number, body: ErrorBody): ErrorBody | z.infer<typeof envelopeErrorSchema> {
  if (!isLegacyPath(url)) return body;
  const { message, param } = body.error;
  return { code: status, message: param && !message.startsWith(param) ? `${param}: ${message}` : message, data: null, ...body };
}

const FASTIFY_4XX_TYPES: Record<number, ErrorType> = { 401: 'authentication_error', 403: 'permission_error', 404: 'not_found_error', 429: 'rate_limit_error' };

async function errors(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((err: FastifyError | ServiceError, request, reply) => {
    if (err instanceof ServiceError) {
      if (err.status >= 500) request.log.warn({ code: err.code }, err.message);
      return reply.code(err.status).headers(err.headers).send(bodyFor(request.url, err.status, errorBody(err.message, err.type, err.code, err.param)));
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large, …
      const fc = (err as FastifyError).code;
      const code = fc === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported_media_type' : fc === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'body_too_large' : 'invalid_request';
      const message = (err as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'the request body is empty; send a JSON object' : err.message;
      return reply.code(status).send(bodyFor(request.url, status, errorBody(message, FASTIFY_4XX_TYPES[status] ?? 'invalid_request_error', code, code === 'body_too_large' ? 'body' : null)));
    }
    if (isStateUnavailable(err)) {
      request.log.error({ err }, 'state database did not answer');
      const e = new StateUnavailableError();
      return reply.code(503).headers(e.headers).send(bodyFor(request.url, 503, errorBody(e.message, e.type, e.code)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(bodyFor(request.url, 500, errorBody(`internal error (request ${request.id}); it has been logged`, 'server_error', 'internal_error')));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(bodyFor(request.url, 404, errorBody(`no route ${request.method} ${request.url.split('?')[0]}; see /v1/openapi.json or /llms.txt`, 'not_found_error', 'route_not_found')));
  });
}

/**
 * Errors Fastify raises before routing (a path whose percent-encoding is not UTF-8, e.g. a `%FF` segment): the
 * service's own error body naming the path, instead of Fastify's {error, code, message, statusCode}.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const badUrl = err.code === 'FST_ERR_BAD_URL';
  const status = badUrl ? 400 : (err.statusCode ?? 400);
  const message = badUrl ? 'the URL path is not valid percent-encoded UTF-8 (a segment such as %FF decodes to no character); encode each path segment as UTF-8' : err.message;
  void reply.code(status).send(bodyFor(request.url, status, errorBody(message, 'invalid_request_error', badUrl ? 'invalid_path' : 'invalid_request', badUrl ? 'path' : null)));
}

/** The query parameter whose value holds raw (not percent-encoded) non-ASCII bytes in a rejected request line. */
function rawParam(packet: Buffer | undefined): string | null {
  const line = packet?.subarray(0, Math.max(0, packet.indexOf(13))).toString('latin1') ?? '';
  const query = line.split(' ')[1]?.split('?')[1] ?? '';
  for (const pair of query.split('&')) {
    const [name = '', value = ''] = pair.split('=');
    if (/[^\x00-\x7f]/.test(value) && /^[\w.-]+$/.test(name)) return name;
  }
  return null;
}

/**
 * Requests Node's HTTP parser rejects before any route sees them (most often a URL with raw UTF-8 — `?q=北大` typed
 * into curl — which HTTP does not allow) get the service's own error body, naming the query parameter when it can,
 * instead of Fastify's bare "Client Error". Envelope fields ride along for the /api/* family.
 */
export function clientErrorHandler(error: Error, socket: Socket): void {
  const err = error as Error & { code?: string; rawPacket?: Buffer };
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const timeout = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const overflow = err.code === 'HPE_HEADER_OVERFLOW';
  const status = timeout ? 408 : overflow ? 431 : 400;
  const param = err.code === 'HPE_INVALID_URL' ? rawParam(err.rawPacket) : null;
  const message = timeout
    ? 'the request was not received in time'
    : overflow
      ? 'the request headers are too large'
      : err.code === 'HPE_INVALID_URL'
        ? `${param ? `${param}: ` : ''}the URL must be percent-encoded (UTF-8): send ?q=%E5%8C%97%E5%A4%A7 for ?q=北大 (curl: -G --data-urlencode 'q=北大')`
        : 'malformed HTTP request';
  const path = err.rawPacket?.toString('latin1').split(' ')[1] ?? '';
  const body = JSON.stringify(bodyFor(path, status, errorBody(message, 'invalid_request_error', timeout ? 'request_timeout' : overflow ? 'headers_too_large' : 'bad_request', param)));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${timeout ? 'Request Timeout' : overflow ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

export default fp(errors, { name: 'errors' });
