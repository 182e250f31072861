// The OpenAPI document: the strict linter (@redocly/cli lint, recommended ruleset) finds 0 errors, every operation
// documents its success answer and the error answers its auth kind implies. A failure names the operation.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { tempDir } from '../helpers/context.ts';

type Operation = { responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }>; security?: unknown[] };
type Doc = { paths: Record<string, Record<string, Operation>> };

/** "#/paths/~1v1~1data~1overview/get/responses/200" → "GET /v1/data/overview (responses/200)" */
function operationOf(pointer: string): string {
  const m = /^#\/paths\/([^/]+)\/([a-z]+)(\/.*)?$/.exec(pointer);
  if (!m) return pointer;
  return `${m[2]!.toUpperCase()} ${decodeURIComponent(m[1]!).replace(/~1/g, '/').replace(/~0/g, '~')}${m[3] ? ` (${m[3].slice(1)})` : ''}`;
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  const operations: Array<[string, Operation]> = [];
  beforeAll(async () => {
    t = await startTestApp({ config: { ADMIN_USER: 'a', ADMIN_PASSWORD: 'b', DEV_USER: 'c', DEV_PASSWORD: 'd' } });
    doc = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    for (const [p, ops] of Object.entries(doc.paths)) for (const [m, op] of Object.entries(ops)) operations.push([`${m.toUpperCase()} ${p}`, op]);
  });
  afterAll(async () => t.close());

  it('passes @redocly/cli lint (recommended ruleset) with 0 errors', () => {
    const file = path.join(tempDir(), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const run = spawnSync(path.resolve('node_modules/.bin/redocly'), ['lint', file, '--extends', 'recommended', '--format', 'json'], { encoding: 'utf8', timeout: 120_000 });
    const report = JSON.parse(run.stdout) as { totals: { errors: number }; problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> };
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${operationOf(p.location[0]?.pointer ?? '')}: ${p.ruleId}: ${p.message}`);
    expect(errors, `redocly lint errors:\n${errors.join('\n')}`).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('documents a success answer with a schema for every operation (add `response: { 200: zodSchema }` to the route)', () => {
    const missing = operations
      .filter(([, op]) => !Object.entries(op.responses).some(([status, r]) => /^2/.test(status) && Object.values(r.content ?? {}).some((c) => c.schema)))
      .map(([name]) => name);
    expect(missing, `operations without a success response schema:\n${missing.join('\n')}`).toEqual([]);
  });

  it('adds the error answers by auth kind, each with the error object', () => {
    const op = (name: string) => operations.find(([n]) => n === name)?.[1] as Operation;
    const errorSchema = (o: Operation, status: string) => JSON.stringify(o.responses[status]?.content?.['application/json']?.schema ?? null);
    const lines = op('GET /v1/data/score-lines');
    for (const status of ['400', '401', '429']) expect(errorSchema(lines, status), `GET /v1/data/score-lines ${status}`).toContain('"message"');
    expect(lines.responses['429']!.headers).toHaveProperty('retry-after');
    expect(op('GET /v1/data/universities/{id}').responses).toHaveProperty('404');
    expect(op('GET /v1/usage').responses).not.toHaveProperty('429'); // not counted: answers even when the quota is spent
    const toggle = op('POST /v1/admin/keys/{id}/toggle');
    for (const status of ['400', '401', '404', '409', '503']) expect(toggle.responses, `toggle ${status}`).toHaveProperty(status);
    expect(op('POST /mcp').responses).toHaveProperty('403');
    expect(op('GET /llms.txt').responses).not.toHaveProperty('401');
  });

  it('prefixes custom schema keywords with x- (the concrete calculator form hints)', () => {
    const text = JSON.stringify(doc);
    expect(text).toContain('"x-unit"');
    // a property named label (match_by_score items) is an object; a keyword left unprefixed would be a value
    expect(text).not.toMatch(/"(unit|label|choices)":(?!\{)/);
  });

  it("declaring a response schema does not re-serialise the data API's cached byte answers", async () => {
    const url = '/v1/data/score-lines?province=河南&year=2024&page_size=5';
    const first = await t.app.inject({ url: encodeURI(url), headers: t.auth });
    expect(first.statusCode).toBe(200);
    const stringify = JSON.stringify;
    const pages: unknown[] = [];
    JSON.stringify = ((value: unknown, ...rest: unknown[]) => {
      if (value && typeof value === 'object' && 'items' in value) pages.push(value);
      return stringify(value, ...(rest as []));
    }) as typeof JSON.stringify;
    try {
      const again = await t.app.inject({ url: encodeURI(url), headers: t.auth });
      expect(again.body).toBe(first.body);
    } finally {
      JSON.stringify = stringify;
    }
    expect(pages).toEqual([]);
  });
});
