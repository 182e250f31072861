// `npm run data-audit`: prints the data-truth checks (src/data/audit.ts) over the built data database (DATA_DB);
// exits 1 when a check that must be zero is not. Run `npm run import` first.
import { dataAudit, formatAudit } from '../src/data/audit.ts';
import { openBuiltDataDb } from './built-data-db.ts';

const db = openBuiltDataDb();
const checks = dataAudit(db);
db.close();
process.stdout.write(formatAudit(checks));
process.exit(checks.some((c) => c.expected !== null && c.count !== c.expected) ? 1 : 0);
