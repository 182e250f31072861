// The calculator pages' engine.js, fetched from a running app and imported into Node, so a test can show it is the
// engine: the same answers as the POST route, the same description as GET.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

export async function withServedEngine<E>(t: TestApp, url: string, use: (engine: E) => Promise<void>): Promise<void> {
  const r = await t.app.inject({ url });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toContain('javascript');
  expect(r.body).not.toMatch(/from\s*["']node:/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'served-engine-'));
  const file = path.join(dir, 'engine.mjs');
  fs.writeFileSync(file, r.body);
  try {
    await use((await import(pathToFileURL(file).href)) as E);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
