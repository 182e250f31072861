// The real service in its own process for the access tests: the same config, context and app as `npm start`, minus
// the first-start build (these tests need no data database, and must not start an import of their own). Prints
// the same "listening on" line as src/main.ts; SIGTERM closes cleanly.
import { loadConfig } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { buildApp } from '../../src/http/app.ts';

const config = loadConfig();
const ctx = createContext(config);
const app = await buildApp(ctx);
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
process.stderr.write(`listening on http://${config.host}:${typeof address === 'object' && address ? address.port : config.port}\n`);
// The test process holds our stdin open; when it ends (even killed), so do we.
process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
process.on('SIGTERM', () => {
  void app.close().then(() => {
    void ctx.close().then(() => process.exit(0));
  });
});
