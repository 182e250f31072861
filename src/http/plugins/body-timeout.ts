// A request body must arrive within REQUEST_TIMEOUT_MS of the request's start. Node's own requestTimeout stops
// counting once the headers are in and the handler has the request, so a client that sends headers and a part of a
// body held a connection (and whatever the route had started) for minutes. Every request with a body gets a timer;
// the body's end (or the answer) clears it, and when it fires the caller gets 408 `request_timeout` and the
// connection is closed, as for headers that never complete (errors.ts clientErrorHandler).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './errors.ts';

async function bodyTimeout(app: FastifyInstance, opts: { timeoutMs: number }): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const hasBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!hasBody || raw.complete) return done();
    const timer = setTimeout(() => {
      if (raw.complete || reply.raw.headersSent || raw.socket.destroyed) return;
      const body = JSON.stringify(errorBody(`the request body did not arrive within ${opts.timeoutMs} ms`, 'invalid_request_error', 'request_timeout'));
      raw.socket.end(`HTTP/1.1 408 Request Timeout\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
      raw.socket.destroySoon();
    }, opts.timeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('finish', clear);
    done();
  });
}

export default fp(bodyTimeout, { name: 'body-timeout' });
