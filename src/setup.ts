// What a fresh machine needs before serving: the data database built from the bundle. Every area that builds
// something at first start adds its step here; `npm start` and the test suite both call ensureBuilt.
import type { Config } from './config.ts';
import { isImported, runImport } from './data/import/index.ts';

export interface BuildStep {
  name: string;
  /** true when the step has nothing to do */
  isBuilt(config: Config): boolean;
  run(config: Config, opts: { quiet: boolean }): Promise<void>;
}

export const BUILD_STEPS: BuildStep[] = [
  {
    name: 'data import (gaokao bundle → data database)',
    isBuilt: isImported,
    run: async (config, opts) => {
      await runImport(config, opts);
    },
  },
];

export async function ensureBuilt(config: Config, opts: { quiet: boolean } = { quiet: false }): Promise<void> {
  for (const step of BUILD_STEPS) {
    if (step.isBuilt(config)) continue;
    if (!opts.quiet) process.stderr.write(`[setup] ${step.name}…\n`);
    await step.run(config, opts);
  }
}
