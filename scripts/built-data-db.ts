// The built data database (DATA_DB) for the command-line reports; exits with a hint when it has not been built.
import fs from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { openDataDb, type DB } from '../src/db/open.ts';

export function openBuiltDataDb(): DB {
  const config = loadConfig();
  if (!fs.existsSync(config.dataDb)) {
    console.error(`no data database at ${config.dataDb}: run npm run import first`);
    process.exit(1);
  }
  return openDataDb(config.dataDb);
}
