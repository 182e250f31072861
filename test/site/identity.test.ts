// The site's one-paragraph identity says exactly what is served: the steel calculators (GB 50017 member checks, the
// plane frame) beside the concrete one, wherever it is stated: llms.txt, the agent card, the MCP instructions,
// site_about and the assistant's answer to 「你是谁」. Before, every one of them named the concrete calculator only.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TOOLS } from '../../tools/index.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const SERVED = TOOLS.filter((x) => x.name.startsWith('calc_')).map((x) => x.name);
const NAMES_STEEL = /GB 50017/;

it('every statement of the identity names the steel calculators (the served calc tools: calc_concrete, calc_steel, calc_steel_frame)', async () => {
  expect(SERVED).toEqual(expect.arrayContaining(['calc_concrete', 'calc_steel', 'calc_steel_frame']));
  const llms = (await t.app.inject({ method: 'GET', url: '/llms.txt' })).body;
  expect(llms.split('\n').find((l) => l.startsWith('> '))).toMatch(NAMES_STEEL);
  const card = (await t.app.inject({ method: 'GET', url: '/.well-known/agent-card.json' })).json();
  expect(card.description).toMatch(NAMES_STEEL);
  const init = await t.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { ...t.auth, host: 'localhost', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
  });
  const initBody = init.body.includes('data:') ? JSON.parse(init.body.split('data: ')[1]!.split('\n')[0]!) : init.json();
  expect(initBody.result.instructions).toMatch(NAMES_STEEL);
  const about = (await t.app.inject({ method: 'POST', url: '/v1/tools/site_about', headers: t.auth, payload: {} })).json();
  expect(JSON.stringify(about)).toMatch(NAMES_STEEL);
  const who = (await t.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: t.auth, payload: { model: 'svc', messages: [{ role: 'user', content: '你是谁？' }] } })).json();
  expect(who.choices[0].message.content).toMatch(/钢结构|GB 50017/);
});
