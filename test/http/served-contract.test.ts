// What the service serves says exactly what it does (issue 33, "the contract"), checked on the served documents — the
// OpenAPI document, the agent card, llms.txt, MCP's tools/list — not on the functions that build them:
// - POST /mcp documents its body (one JSON-RPC message or a batch) and its event stream covers the notifications
//   sent before the result (a failed tool call's log message has no id: the old schema required one);
// - every object schema in the document that requires a key defines it (the overview's coverage required four keys
//   it never defined);
// - llms.txt's skills and the agent card agree (every tool but site_about is a skill), and the card's extension URI
//   points to a heading llms.txt has;
// - the one-paragraph identity (llms.txt's summary, the card, site_about) names the steel calculators;
// - every tool's input schema, as tools/list, /v1/capabilities and the card serve it, compiles with default Ajv
//   (strict: only JSON Schema keywords).
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

type Json = Record<string, any>;

let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  doc = await (await fetch(`${t.url}/v1/openapi.json`, { headers: t.auth })).json();
});
afterAll(async () => t.close());

/** The data of each SSE message event of a body. */
const events = (text: string) => text.split('\n').filter((l) => l.startsWith('data:')).map((l) => JSON.parse(l.slice(5)) as Json);

async function mcp(body: unknown): Promise<{ status: number; type: string; text: string }> {
  const r = await fetch(`${t.url}/mcp`, { method: 'POST', headers: { ...t.auth, accept: 'application/json, text/event-stream', 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, type: r.headers.get('content-type') ?? '', text: await r.text() };
}

/** The document's schema at a JSON pointer, compiled against the whole document (its $refs resolve). */
function compile(...path: string[]) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(doc, 'openapi');
  const validate = ajv.getSchema(`openapi#/${path.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`);
  expect(validate, path.join(' ')).toBeDefined();
  return validate!;
}

describe('POST /mcp in the OpenAPI document', () => {
  it('documents its body: one JSON-RPC request or notification, or a batch', () => {
    const body = compile('paths', '/mcp', 'post', 'requestBody', 'content', 'application/json', 'schema');
    expect(body({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBe(true);
    expect(body({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe(true);
    expect(body([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'site_about', arguments: {} } }, { jsonrpc: '2.0', id: 2, method: 'ping' }])).toBe(true);
    expect(body({ id: 1, method: 'tools/list' })).toBe(false);
    expect(body([])).toBe(false);
  });

  it('its event stream covers the notifications sent before the result, and its JSON a batch answer', async () => {
    const stream = compile('paths', '/mcp', 'post', 'responses', '200', 'content', 'text/event-stream', 'schema');
    // a failed tool call sends an error log message, then the result
    const r = await mcp({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'query_score_lines', arguments: { year: 2024 } } });
    expect(r.type).toMatch(/text\/event-stream/);
    const sent = events(r.text);
    expect(sent.map((e) => e.method ?? `result ${e.id}`)).toEqual(['notifications/message', 'result 7']);
    for (const e of sent) expect(stream(e), JSON.stringify(stream.errors)).toBe(true);
    const json = compile('paths', '/mcp', 'post', 'responses', '200', 'content', 'application/json', 'schema');
    expect(json([{ jsonrpc: '2.0', id: 1, result: {} }, { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } }])).toBe(true);
    // a batch's answers, as served, fit the document
    const batch = await mcp([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }]);
    expect(batch.status).toBe(200);
    const answers = batch.type.includes('json') ? [JSON.parse(batch.text)] : events(batch.text);
    for (const a of answers) expect(batch.type.includes('json') ? json(a) : stream(a)).toBe(true);
  });
});

it('every object schema in the document defines each key it requires', () => {
  const undefinedKeys: string[] = [];
  const walk = (s: unknown, at: string): void => {
    if (!s || typeof s !== 'object') return;
    if (Array.isArray(s)) return s.forEach((x, i) => walk(x, `${at}/${i}`));
    const o = s as Json;
    if (Array.isArray(o.required) && (o.type === 'object' || o.properties || o.additionalProperties || o.propertyNames)) {
      for (const k of o.required) if (!o.properties || !(k in o.properties)) undefinedKeys.push(`${at}: ${k}`);
    }
    for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
  };
  walk(doc.paths, '#/paths');
  expect(undefinedKeys).toEqual([]);
  // the overview's coverage names its four tables
  const coverage = doc.paths['/v1/data/overview'].get.responses['200'].content['application/json'].schema.properties.coverage;
  expect(Object.keys(coverage.properties)).toEqual(['score_lines', 'rank_tables', 'admission_plans', 'batch_lines']);
});

describe('llms.txt, the agent card and the identity', () => {
  let llms: string;
  let card: Json;
  beforeAll(async () => {
    llms = await (await fetch(`${t.url}/llms.txt`)).text();
    card = await (await fetch(`${t.url}/.well-known/agent-card.json`)).json();
  });

  it("agree on the skills (every listed tool but site_about), and the card's extension URI is a heading of llms.txt", () => {
    const section = llms.split('\n## ').find((s) => s.startsWith('Tools\n'))!;
    const tools = [...section.matchAll(/^- \[([a-z_]+)\]/gm)].map((m) => m[1]);
    expect(tools.length).toBeGreaterThan(10);
    expect(card.skills.map((s: Json) => s.id).sort()).toEqual(tools.filter((n) => n !== 'site_about').sort());
    expect(llms).toMatch(/one skill per tool except site_about/);
    const uri = new URL(card.capabilities.extensions[0].uri);
    expect(uri.pathname).toBe('/llms.txt');
    const anchors = llms
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => l.replace(/^#+\s*/, '').toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s+/g, '-'));
    expect(anchors).toContain(uri.hash.slice(1));
  });

  it('the identity paragraph names the steel calculators beside the concrete one', async () => {
    const summary = llms.split('\n').find((l) => l.startsWith('> '))!;
    const about = await (await fetch(`${t.url}/v1/tools/site_about`, { method: 'POST', headers: { ...t.auth, 'content-type': 'application/json' }, body: '{}' })).text();
    for (const [where, text] of [['llms.txt', summary], ['agent card', card.description], ['site_about', about]] as const) {
      expect(text, where).toMatch(/GB 50010/);
      expect(text, where).toMatch(/GB 50017/);
      expect(text, where).toMatch(/钢|steel/);
    }
  });
});

it('every tool input schema, as tools/list, /v1/capabilities and the card serve it, compiles with default Ajv', async () => {
  const listed = events((await mcp({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })).text)[0]!.result.tools as Json[];
  const capabilities = (await (await fetch(`${t.url}/v1/capabilities`, { headers: t.auth })).json()).tools as Json[];
  const card = await (await fetch(`${t.url}/.well-known/agent-card.json`)).json();
  const served: Array<[string, unknown]> = [
    ...listed.map((x) => [`tools/list ${x.name}`, x.inputSchema] as [string, unknown]),
    ...capabilities.map((x) => [`capabilities ${x.name ?? x.function?.name}`, x.input_schema ?? x.parameters ?? x.function?.parameters] as [string, unknown]),
    ...Object.entries(card.capabilities.extensions[0].params.skill_input_schemas as Json),
  ];
  expect(listed.length).toBeGreaterThan(10);
  expect(served.every(([, s]) => s && typeof s === 'object')).toBe(true);
  const thrown: string[] = [];
  for (const [name, schema] of served) {
    try {
      new Ajv({ logger: false }).compile(schema as object);
    } catch (err) {
      thrown.push(`${name}: ${(err as Error).message}`);
    }
  }
  expect(thrown).toEqual([]);
});
