// Every tool's input and result schema, as MCP's tools/list, /v1/capabilities, the agent card and the upstream model
// get them, uses only JSON Schema's keywords: a client compiling it with Ajv's defaults (strict mode) must not throw.
// calc_steel_frame carried unit, label, choices and clause on 85 paths; they are kept, in each description.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../tools/index.ts';
import { JSON_SCHEMA_KEYWORDS, hintsInDescription } from '../../src/discovery/json-schema.ts';
import { toolInputJsonSchema, toolOutputJsonSchema } from '../../src/discovery/tool-schema.ts';

describe('tool schemas are plain JSON Schema', () => {
  it.each(TOOLS.map((t) => [t.name, t] as const))('%s: input and result compile with default Ajv', (_name, tool) => {
    expect(() => new Ajv({ logger: false }).compile(toolInputJsonSchema(tool))).not.toThrow();
    expect(() => new Ajv({ logger: false }).compile(toolOutputJsonSchema(tool))).not.toThrow();
  });

  it('keeps the page hints, in the description', () => {
    const frame = JSON.stringify(toolInputJsonSchema(TOOLS.find((t) => t.name === 'calc_steel_frame')!));
    expect(frame).toMatch(/\[unit: /);
    const s = hintsInDescription({ type: 'object', properties: { M: { type: 'number', description: '弯矩', unit: 'kN·m', clause: '6.1.1' } } }) as { properties: { M: Record<string, unknown> } };
    expect(s.properties.M).toEqual({ type: 'number', description: '弯矩 [unit: kN·m; clause: 6.1.1]' });
    for (const k of Object.keys(s.properties.M)) expect(JSON_SCHEMA_KEYWORDS.has(k)).toBe(true);
  });
});

describe('llms.txt and the agent card agree', () => {
  it("the card's extension uri points to a heading llms.txt has, and both say which tools are skills", async () => {
    const { loadConfig } = await import('../../src/config.ts');
    const { agentCard } = await import('../../src/discovery/agent-card.ts');
    const fs = await import('node:fs');
    const config = loadConfig({}, { SITE_URL: 'http://127.0.0.1:8787' });
    const card = agentCard(config, TOOLS) as { skills: Array<{ id: string }>; capabilities: { extensions: Array<{ uri: string }> } };
    const llms = fs.readFileSync(new URL('../../llms.txt', import.meta.url), 'utf8');
    const anchor = new URL(card.capabilities.extensions[0]!.uri).hash.slice(1);
    // GitHub-style heading anchors: lower case, spaces to hyphens
    const anchors = llms.split('\n').filter((l) => l.startsWith('#')).map((l) => l.replace(/^#+\s*/, '').toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s+/g, '-'));
    expect(anchors).toContain(anchor);
    const skills = card.skills.map((s) => s.id).sort();
    expect(skills).toEqual(TOOLS.map((t) => t.name).filter((n) => n !== 'site_about').sort());
    expect(llms).toMatch(/one skill per tool except site_about/);
    expect(llms).not.toMatch(/one skill per tool(?! except)/);
  });
});
