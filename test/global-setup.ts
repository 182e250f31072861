// Runs once before the suite: builds what the tests read (the data database from the real bundle) when it is
// missing, exactly as `npm start` does on a fresh machine.
import { loadConfig } from '../src/config.ts';
import { ensureBuilt } from '../src/setup.ts';

export default async function setup(): Promise<void> {
  await ensureBuilt(loadConfig(), { quiet: true });
}
