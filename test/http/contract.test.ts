// The published contract matches what is served: one real response of every operation in /v1/openapi.json (over a
// real listener) is checked against its documented status, content type and schema with ajv (JSON Schema 2020-12,
// additionalProperties as documented, not zod's stripping safeParse); streamed operations event by event. The list
// of operations is read from the document, so an operation added later is checked too: it gets the input below when
// it has an entry, else one generated from its parameter and body schemas (whatever it answers must be documented).
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { appUser } from '../helpers/app-user.ts';

type Json = Record<string, any>;
interface Input {
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** the status this input must get (default: a 2xx) */
  status?: number;
}

const ADMIN = { ADMIN_USER: 'root', ADMIN_PASSWORD: 'contract test admin password' };
const DEV = { DEV_USER: 'dev', DEV_PASSWORD: 'contract test developer password' };
const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

describe('every operation answers as /v1/openapi.json documents it', () => {
  let t: TestApp;
  let doc: Json;
  let user: { authorization: string };
  let spareUser: { authorization: string };
  let spareKeyId = '';
  let pageCookie = '';
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (formats as unknown as { default: (a: Ajv2020) => void }).default(ajv);

  beforeAll(async () => {
    t = await startTestApp({ listen: 'site', config: { ...ADMIN, ...DEV } });
    doc = await (await fetch(`${t.url}/v1/openapi.json`, { headers: t.auth })).json();
    user = (await appUser(t)).headers;
    spareUser = (await appUser(t)).headers; // the one the logout ends
    spareKeyId = (await (await fetch(`${t.url}/v1/admin/keys`, { method: 'POST', headers: { authorization: basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD), 'content-type': 'application/json' }, body: JSON.stringify({ name: 'spare' }) })).json()).id; // the one the toggle disables
    // a knowledge base and an agent of the app user, for the routes that need one
    await fetch(`${t.url}/api/v1/kb`, { method: 'POST', headers: { ...user, 'content-type': 'application/json' }, body: JSON.stringify({ id: 'contract-kb', name: 'contract' }) });
    pageCookie = (await fetch(`${t.url}/dialog/`)).headers.get('set-cookie')?.split(';')[0] ?? '';
  });
  afterAll(async () => t?.close());

  /** Inputs that reach each operation's success answer (others are generated from the document). */
  const inputs = (): Record<string, Input> => {
    const note = 'pingxing-zhiyuan-toudang';
    const chat = { model: 'svc', messages: [{ role: 'user', content: '你好' }] };
    return {
      'GET /v1/models/{model}': { path: { model: 'svc' } },
      'POST /v1/tools/{name}': { path: { name: 'site_about' }, body: {} },
      'GET /v1/tools/{name}': { path: { name: 'site_about' } },
      'POST /mcp': { headers: { accept: 'application/json, text/event-stream' }, body: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} } },
      'POST /v1/yijing': { body: { question: '合同', method: 'coins', seed: 7 } },
      'POST /v1/sizhu': { body: { year: 2008, month: 8, day: 8, hour: 20, minute: 8, sex: 'm' } },
      'POST /v1/admin/keys': { body: { name: 'contract' } },
      'POST /v1/admin/keys/{id}/toggle': { path: { id: spareKeyId } },
      'POST /api/auth/logout': { headers: spareUser },
      'DELETE /v1/admin/keys/{id}': { path: { id: 'no-such-key' }, status: 404 },
      'POST /v1/calc/concrete': { body: { kind: 'beam', params: { moment: 150, b: 250, h: 500 } } },
      'POST /page-api/{tool}': { path: { tool: 'yijing' }, body: { question: '合同', method: 'coins', seed: 7 }, headers: { origin: t.url } },
      'GET /forum/{id}': { path: { id: 'no-such-post' }, status: 404 },
      'GET /v1/data/universities/{id}': { path: { id: '9999999999' }, status: 404 },
      'GET /v1/data/majors/{id}': { path: { id: '999999' }, status: 404 },
      'GET /v1/data/rank-table': { query: { province: '河南', year: '2024' } },
      'POST /v1/chat/completions': { body: chat },
      'POST /llm/chat': { body: { message: '你好' } },
      'POST /llm/chat/completions': { body: chat, headers: { origin: t.url, cookie: pageCookie } },
      'POST /v1/a2a': { body: { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 'no-such-task' } } },
      'GET /api/recommendation/search': { query: { q: '北京大学' } },
      'GET /api/majors/ranking': { query: { category: '计算机科学与技术' } },
      'GET /api/recommendation/rank-table': { query: { province: '河南', year: '2024' } },
      'POST /api/simulation/mirofish': { body: { province: '河南', subject_type: '物理', score: 600, targets: ['郑州大学'] } },
      'POST /api/v1/auth/register': { body: { username: 'contract_reg', password: 'a long pass phrase here' } },
      'POST /api/auth/app-register': { body: { username: 'contract_reg2', password: 'a long pass phrase here' } },
      'POST /api/auth/login': { body: { username: 'contract_reg', password: 'a long pass phrase here' } },
      'POST /api/v1/kb': { body: { id: 'contract-kb-2', name: 'contract' } },
      'POST /api/v1/kb/{kb_id}/chunks': { path: { kb_id: 'contract-kb' }, body: { title: '契约', body: '契约测试的一段文字。' } },
      'GET /api/v1/kb/{kb_id}/chunks': { path: { kb_id: 'contract-kb' } },
      'GET /api/v1/kb/{kb_id}/search': { path: { kb_id: 'site' }, query: { q: '平行志愿' } },
      'DELETE /api/v1/kb/{kb_id}/chunks/{chunk_id}': { path: { kb_id: 'contract-kb', chunk_id: '999999' }, status: 404 },
      'DELETE /api/v1/kb/{kb_id}': { path: { kb_id: 'contract-kb-2' } },
      'POST /api/ai/chat': { body: { message: '平行志愿怎么投档' } },
      'POST /api/v1/forum/{agent_name}/post': { path: { agent_name: 'zhiyuan-guide' }, body: { title: '契约', body: '正文' }, status: 403 },
      'POST /api/agents/registry': { body: { name: 'contract-agent', display_name: '契约', role: '测试', description: '契约测试' } },
      'PATCH /api/agents/registry/{agent_name}': { path: { agent_name: 'contract-agent' }, body: { owner: null } },
      'GET /api/memory/{agent_name}': { path: { agent_name: 'zhiyuan-guide' } },
      'GET /v1/site/notes/{slug}': { path: { slug: note } },
      'GET /v1/site/forum/posts/{id}': { path: { id: 'no-such-post' }, status: 404 },
      'GET /notes/{slug}': { path: { slug: 'no-such-note' }, status: 404 },
      'GET /pages/{slug}': { path: { slug: 'no-such-page' }, status: 404 },
    };
  };

  /** A value satisfying a schema, for operations without an entry above. */
  const sample = (s: Json | undefined): any => {
    if (!s) return 'x';
    if (s.example !== undefined) return s.example;
    if (s.default !== undefined) return s.default;
    if (s.enum) return s.enum[0];
    if (s.anyOf) return sample(s.anyOf[0]);
    if (s.type === 'object') return Object.fromEntries((s.required ?? []).map((k: string) => [k, sample(s.properties?.[k])]));
    if (s.type === 'integer' || s.type === 'number') return s.minimum ?? 1;
    if (s.type === 'boolean') return false;
    if (s.type === 'array') return [];
    return 'x';
  };

  /** The credentials an operation wants. */
  const authFor = (path: string, op: Json): Record<string, string> => {
    if (path.startsWith('/v1/admin') || (path.startsWith('/api/agents/registry') && op.__method !== 'get')) return { authorization: basic(ADMIN.ADMIN_USER, ADMIN.ADMIN_PASSWORD) };
    if (path.startsWith('/dev/api') || path.startsWith('/api/agents') || ['/api/discussions', '/api/digest/today'].includes(path) || path.startsWith('/api/memory')) return { authorization: basic(DEV.DEV_USER, DEV.DEV_PASSWORD) };
    const userRoute = JSON.stringify(op.security ?? []).includes('appToken') || /^\/api\/(v1\/kb|auth\/(me|logout)|ai\/chat|v1\/forum\/(my-agents|\{agent_name\}))/.test(path);
    return userRoute ? user : t.auth;
  };

  const pointer = (...parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

  it('documents the status, content type and body of one real answer of each operation', async () => {
    ajv.addSchema({ ...doc, $id: 'openapi' }, 'openapi');
    const failures: string[] = [];
    const table = inputs();
    let checked = 0;
    let streamedChecked = 0;
    const check = async (path: string, method: string, op: Json, name: string, given: Input, chosen: boolean) => {
      const params = (op.parameters ?? []) as Json[];
      let url = path;
      for (const p of params.filter((p) => p.in === 'path')) url = url.replace(`{${p.name}}`, encodeURIComponent(given.path?.[p.name] ?? String(sample(p.schema))));
      const query = new URLSearchParams(given.query ?? Object.fromEntries(params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema))])));
      const hasBody = op.requestBody !== undefined;
      const body = given.body ?? (hasBody ? sample(op.requestBody.content?.['application/json']?.schema) : undefined);
      const r = await fetch(`${t.url}${url}${query.size ? `?${query}` : ''}`, {
        method: method.toUpperCase(),
        headers: { ...authFor(path, { ...op, __method: method }), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...given.headers },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const text = await r.text();
      checked++;
      if (chosen && (given.status ? r.status !== given.status : r.status >= 300)) failures.push(`${name}: answered ${r.status}, the input was chosen for ${given.status ?? 'a 2xx'} (${text.slice(0, 160)})`);
      const documented = op.responses?.[String(r.status)];
      if (!documented) {
        failures.push(`${name}: answered ${r.status}, not documented (${text.slice(0, 120)})`);
        return;
      }
      const type = (r.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const content = documented.content as Json | undefined;
      if (!content) {
        if (text) failures.push(`${name} ${r.status}: a body (${type}) where none is documented`);
        return;
      }
      if (!content[type]) {
        failures.push(`${name} ${r.status}: answered ${type}, documented ${Object.keys(content).join(', ')}`);
        return;
      }
      const ref = pointer('paths', path, method, 'responses', String(r.status), 'content', type, 'schema');
      const validate = ajv.getSchema(`openapi${ref}`);
      if (!validate) {
        failures.push(`${name} ${r.status}: no schema at ${ref}`);
        return;
      }
      const events = type === 'text/event-stream' ? text.split('\n\n').flatMap((e) => e.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim())).filter((d) => d && d !== '[DONE]') : null;
      const values = events ? events.map((e) => JSON.parse(e)) : type.includes('json') ? [JSON.parse(text)] : [text];
      for (const v of values) {
        if (!validate(v)) failures.push(`${name} ${r.status}: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 400)}`);
      }
    };
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        const name = `${method.toUpperCase()} ${path}`;
        await check(path, method, op, name, table[name] ?? {}, name in table);
      }
    }
    // the streamed variant of every operation that documents an event stream, checked event by event
    const streamed: Record<string, Input> = {
      'POST /v1/chat/completions': { body: { ...(table['POST /v1/chat/completions']!.body as Json), stream: true, stream_options: { include_usage: true } } },
      'POST /llm/chat/completions': { ...table['POST /llm/chat/completions']!, body: { ...(table['POST /llm/chat/completions']!.body as Json), stream: true } },
      'POST /mcp': { headers: { accept: 'application/json, text/event-stream' }, body: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'site_about', arguments: {} } } },
      'POST /v1/a2a': { body: { jsonrpc: '2.0', id: 3, method: 'message/stream', params: { message: { kind: 'message', role: 'user', messageId: 'contract-1', parts: [{ kind: 'text', text: '你好' }] } } } },
    };
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!op.responses?.['200']?.content?.['text/event-stream']) continue;
        expect(streamed[name], `${name} documents an event stream: add its streamed input to this test`).toBeDefined();
        await check(path, method, op, `${name} (streamed)`, streamed[name]!, true);
        streamedChecked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(90);
    expect(streamedChecked).toBeGreaterThanOrEqual(3);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 180_000); // every operation once, the CPU-bound ones on the offload worker, which starts (and compiles) on first use
});
