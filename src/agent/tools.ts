// Running site tools for the agent: through tools/run.ts (transport 'agent', so statistics count them), through the
// short-window cache for idempotent tools, and into the receipt ({tool, args, cached}). A tool failure becomes a
// result the answer can state (bad arguments, nothing found), never an exception out of the loop.
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { findTool, TOOLS } from '../../tools/index.ts';
import { runTool } from '../../tools/run.ts';
import type { SiteTool } from '../../tools/types.ts';
import { toolInputJsonSchema } from '../discovery/tool-schema.ts';
import { callKey, type ToolCallCache } from './tool-cache.ts';

export interface ReceiptEntry {
  tool: string;
  args: Record<string, unknown>;
  cached: boolean;
}

export interface ToolOutcome {
  tool: string;
  args: Record<string, unknown>;
  ok: boolean;
  result?: unknown;
  /** the tool's own error message (which field is wrong, what is allowed) */
  error?: string;
  cached: boolean;
}

export interface ToolRunner {
  run(tool: string, args: Record<string, unknown>): Promise<ToolOutcome>;
  /** every call made so far in this request, for the receipt */
  readonly receipt: ReceiptEntry[];
}

export function createToolRunner(ctx: ServiceContext, cache: ToolCallCache, keyId: string | null, onStart?: (tool: string) => void): ToolRunner {
  const receipt: ReceiptEntry[] = [];
  return {
    receipt,
    async run(name, args) {
      const tool = findTool(name);
      const cacheable = tool?.annotations.idempotentHint === true;
      const key = callKey(name, args);
      if (cacheable) {
        const hit = cache.get(key);
        if (hit !== undefined) {
          receipt.push({ tool: name, args, cached: true });
          return { tool: name, args, ok: true, result: hit, cached: true };
        }
      }
      onStart?.(name);
      receipt.push({ tool: name, args, cached: false });
      try {
        const result = await runTool(name, args, ctx, { transport: 'agent', keyId });
        if (cacheable) cache.set(key, result);
        return { tool: name, args, ok: true, result, cached: false };
      } catch (err) {
        // Our own errors are written for the caller; anything else is an internal fault and says nothing more.
        const error = err instanceof ServiceError ? err.message : `the tool ${name} failed`;
        return { tool: name, args, ok: false, error, cached: false };
      }
    },
  };
}

/** OpenAI function specs of every registry tool (what an upstream model may call). */
export function siteFunctionSpecs(tools: readonly SiteTool[] = TOOLS) {
  return tools.map((t) => ({
    type: 'function' as const,
    function: { name: t.name, description: t.description, parameters: toolInputJsonSchema(t) },
  }));
}
