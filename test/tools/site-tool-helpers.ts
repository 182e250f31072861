// Runs a site tool as every transport does and checks its result against the tool's own outputSchema.
import { expect } from 'vitest';
import { findTool } from '../../tools/index.ts';
import { dataToolRunner } from './data-tool-helpers.ts';

export function siteToolRunner() {
  const run = dataToolRunner();
  return async (name: string, args: unknown): Promise<any> => {
    const result = await run(name, args);
    const parsed = findTool(name)!.outputSchema!.safeParse(result);
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
    return result;
  };
}
