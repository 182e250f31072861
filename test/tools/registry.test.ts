// Every tool in the registry follows the conventions the transports rely on.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { toolInputJsonSchema, toolOutputJsonSchema } from '../../src/discovery/tool-schema.ts';
import { TOOLS } from '../../tools/index.ts';

const INTERFACE_TOOLS = [
  'site_about', 'search_universities', 'get_university', 'search_majors', 'get_major', 'query_score_lines', 'match_by_score',
  'query_rank_table', 'query_admission_plans', 'query_batch_lines', 'query_major_rankings', 'query_discipline_evaluations',
  'read_notes', 'random_note', 'search_forum', 'sizhu', 'yijing', 'daily_brief', 'search_site', 'read_page',
];

// Calculators added to the registry after the interface's list; they reach every transport the same way.
const LATER_TOOLS = ['calc_concrete', 'calc_steel', 'calc_steel_frame'];

it('holds all 20 interface tools (4.9) and the calculators added since', () => {
  expect(TOOLS.map((t) => t.name).sort()).toEqual([...INTERFACE_TOOLS, ...LATER_TOOLS].sort());
});

describe.each(TOOLS.map((t) => [t.name, t] as const))('tool %s', (name, tool) => {
  it('is one of the interface tools (4.9) or a later calculator, named once', () => {
    expect([...INTERFACE_TOOLS, ...LATER_TOOLS]).toContain(name);
    expect(TOOLS.filter((t) => t.name === name)).toHaveLength(1);
  });
  it('has a Chinese and an English description and a bilingual title', () => {
    expect(tool.description).toMatch(/[\u4e00-\u9fff]/);
    expect(tool.description).toMatch(/[A-Za-z]{4,}.*[A-Za-z]{4,}/);
    expect(tool.title).toMatch(/[\u4e00-\u9fff].*·.*[A-Za-z]/);
    expect(tool.examples.length).toBeGreaterThan(0);
  });
  it('describes every input field and bounds every number', () => {
    const schema = toolInputJsonSchema(tool) as { properties?: Record<string, Record<string, unknown>> };
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      expect(prop.description, `${name}.${field} needs .describe()`).toBeTruthy();
      const types = [prop.type, ...((prop.anyOf as Array<{ type?: string }> | undefined)?.map((p) => p.type) ?? [])];
      if (types.includes('integer') || types.includes('number')) {
        const numeric = (prop.anyOf as Array<Record<string, unknown>> | undefined)?.find((p) => p.type === 'integer' || p.type === 'number') ?? prop;
        expect(numeric.maximum ?? numeric.exclusiveMaximum, `${name}.${field} needs an upper bound`).toBeDefined();
        expect(Math.abs(Number(numeric.maximum ?? numeric.exclusiveMaximum))).toBeLessThan(Number.MAX_SAFE_INTEGER);
      }
    }
    expect(tool.inputSchema).toBeInstanceOf(z.ZodObject);
  });
  it('declares an outputSchema whose JSON Schema is an object (MCP structuredContent); real calls are validated in test/http/mcp.test.ts and test/mcp/stdio.test.ts', () => {
    expect(tool.outputSchema).toBeDefined();
    expect(toolOutputJsonSchema(tool).type).toBe('object');
  });
});
