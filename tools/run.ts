// Running a tool the same way for every transport: validate the arguments with the tool's own schema (errors
// name the field), call the handler, report the call to the observers (usage statistics).
import type { ServiceContext, ToolCallRecord } from '../src/context.ts';
import { NotFoundError, parseInput } from '../src/errors.ts';
import { findTool, TOOLS } from './index.ts';

export async function runTool(
  name: string,
  rawArgs: unknown,
  ctx: ServiceContext,
  meta: { transport: ToolCallRecord['transport']; keyId?: string | null } = { transport: 'rest' },
): Promise<unknown> {
  const tool = findTool(name);
  if (!tool) {
    throw new NotFoundError(`unknown tool "${name}"; available: ${TOOLS.map((t) => t.name).join(', ')}`, 'name');
  }
  const started = performance.now();
  let ok = false;
  try {
    const args = parseInput(tool.inputSchema, rawArgs ?? {});
    const result = await tool.handler(args, ctx);
    ok = true;
    return result;
  } finally {
    const record: ToolCallRecord = { tool: name, ms: performance.now() - started, ok, transport: meta.transport, keyId: meta.keyId ?? null };
    for (const observer of ctx.onToolCall) {
      try {
        observer(record);
      } catch {
        // statistics must never fail a call
      }
    }
  }
}
