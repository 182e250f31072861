// `npm run import [-- --quiet]`: builds the data database from the bundle (SITE_DATA_DIR → DATA_DB).
import { loadConfig } from '../../config.ts';
import { runImport } from './index.ts';

const quiet = process.argv.includes('--quiet') || process.argv.includes('-q');
try {
  await runImport(loadConfig(), { quiet });
} catch (err) {
  process.stderr.write(`import failed: ${(err as Error).message}\nThe previous data database (if any) was left unchanged.\n`);
  process.exit(1);
}
