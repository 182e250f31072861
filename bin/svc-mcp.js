#!/usr/bin/env node
// `svc-mcp`: the MCP stdio server, runnable from any directory (agent hosts start it with their own cwd).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/mcp/stdio.ts')], { stdio: 'inherit', cwd: root });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
