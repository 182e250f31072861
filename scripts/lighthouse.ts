// npm run lighthouse: Lighthouse (mobile emulation, simulated throttling) on the main pages, against the service
// started here on loopback with the built data database, in Debian's chromium. Prints each page's four category
// scores and writes them to test-artifacts/lighthouse.json. Paths given after `--` are measured instead (e.g.
// `npm run lighthouse -- /forum /tools/steel`). Not part of npm test: it takes minutes and its
// performance figures depend on the machine. docs/pages.md records the figures of the last run.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../bench/harness.ts';

const PAGES = ['/', '/zhiyuan/', '/dialog/', '/tools/concrete'];
/** measured too once they exist on this service */
const OPTIONAL = ['/tools/steel', '/tools/steel-frame'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const server = await startServer('app');
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const rows: Array<{ path: string } & Record<(typeof CATEGORIES)[number], number | null>> = [];
try {
  const present: string[] = [];
  for (const p of OPTIONAL) if ((await fetch(`${server.url}${p}`)).status === 200) present.push(p);
  const asked = process.argv.slice(2).filter((a) => a.startsWith('/'));
  for (const p of asked.length ? asked : [...PAGES, ...present]) {
    const r = await lighthouse(`${server.url}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], formFactor: 'mobile' });
    if (!r) throw new Error(`no Lighthouse result for ${p}`);
    const score = (c: string) => (r.lhr.categories[c]?.score === null || r.lhr.categories[c] === undefined ? null : Math.round(r.lhr.categories[c]!.score! * 100));
    const row = { path: p, ...Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) } as (typeof rows)[number];
    rows.push(row);
    const failing = Object.values(r.lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
      .map((a) => a.id);
    console.log(`${p}: ${CATEGORIES.map((c) => `${c} ${row[c]}`).join(', ')}${failing.length ? ` — below 90: ${failing.join(', ')}` : ''}`);
  }
} finally {
  await chrome.kill();
  await server.close();
}
console.log(`\n| page | ${CATEGORIES.join(' | ')} |\n| --- | ${CATEGORIES.map(() => '---').join(' | ')} |`);
for (const r of rows) console.log(`| \`${r.path}\` | ${CATEGORIES.map((c) => r[c] ?? '—').join(' | ')} |`);
fs.mkdirSync('test-artifacts', { recursive: true });
fs.writeFileSync(path.join('test-artifacts', 'lighthouse.json'), `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
