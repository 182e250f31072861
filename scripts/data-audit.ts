// `npm run data-audit`: prints the data-truth checks (src/data/audit.ts) over the built data database (DATA_DB);
// exits 1 when a check that must be zero is not. Run `npm run import` first.
import fs from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { openDataDb } from '../src/db/open.ts';
import { dataAudit, formatAudit } from '../src/data/audit.ts';

const config = loadConfig();
if (!fs.existsSync(config.dataDb)) {
  console.error(`no data database at ${config.dataDb}: run npm run import first`);
  process.exit(1);
}
const db = openDataDb(config.dataDb);
const checks = dataAudit(db);
db.close();
process.stdout.write(formatAudit(checks));
process.exit(checks.some((c) => c.expected !== null && c.count !== c.expected) ? 1 : 0);
