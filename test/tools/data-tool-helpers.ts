// Running a data tool as every transport does (runTool: the tool's own schema, then its handler) on a context
// with the real data database.
import { afterAll } from 'vitest';
import { testContext } from '../helpers/context.ts';
import { runTool } from '../../tools/run.ts';

export function dataToolRunner() {
  const ctx = testContext();
  afterAll(() => ctx.close());
  return (name: string, args: unknown) => runTool(name, args, ctx) as Promise<any>;
}

/** A tool's rejection: the InputError it throws. */
export async function rejection(p: Promise<unknown>): Promise<{ param: string | null; message: string; status: number }> {
  try {
    await p;
  } catch (err) {
    return err as { param: string | null; message: string; status: number };
  }
  throw new Error('expected the tool to reject its input');
}
