// `npm run data-report`: writes docs/data-report.md (committed) and docs/data-report.html (a self-contained page)
// from the built data database (DATA_DB). Run `npm run import` first.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, loadConfig } from '../src/config.ts';
import { openDataDb } from '../src/db/open.ts';
import { buildReport, reportHtml, reportMarkdown } from '../src/data/report.ts';

const config = loadConfig();
if (!fs.existsSync(config.dataDb)) {
  console.error(`no data database at ${config.dataDb}: run npm run import first`);
  process.exit(1);
}
const db = openDataDb(config.dataDb);
const report = buildReport(db);
db.close();
const dir = path.join(REPO_ROOT, 'docs');
fs.mkdirSync(dir, { recursive: true });
for (const [name, text] of [['data-report.md', reportMarkdown(report)], ['data-report.html', reportHtml(report)]] as const) {
  fs.writeFileSync(path.join(dir, name), text);
  console.error(`wrote ${path.relative(process.cwd(), path.join(dir, name))}`);
}
