// A request whose body never completes is cut: 408 request_timeout and the connection closed once
// REQUEST_TIMEOUT_MS has passed (before: held open for more than 330 s). The test sets the limit to 1 s and allows
// the answer 20 s before it calls the connection held.
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ listen: true, config: { REQUEST_TIMEOUT_MS: '1000' } });
});
afterAll(async () => t.close());

it('answers a body that never completes with 408 and closes the connection', async () => {
  const { port } = new URL(t.url);
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(`POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"model":"svc",`);
  const held = await Promise.race([closed.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 20_000))]);
  socket.destroy();
  expect(held).toBe(false);
  expect(received).toMatch(/^HTTP\/1\.1 408/);
  expect(received).toContain('request_timeout');
}, 30_000);
