// `npm run data-report`: writes docs/data-report.md (committed) and docs/data-report.html (a self-contained page)
// from the built data database (DATA_DB). Run `npm run import` first.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.ts';
import { buildReport, reportHtml, reportMarkdown } from '../src/data/report.ts';
import { openBuiltDataDb } from './built-data-db.ts';

const db = openBuiltDataDb();
const report = buildReport(db);
db.close();
const dir = path.join(REPO_ROOT, 'docs');
fs.mkdirSync(dir, { recursive: true });
for (const [name, text] of [['data-report.md', reportMarkdown(report)], ['data-report.html', reportHtml(report)]] as const) {
  fs.writeFileSync(path.join(dir, name), text);
  console.error(`wrote ${path.relative(process.cwd(), path.join(dir, name))}`);
}
