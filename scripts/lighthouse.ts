// npm run lighthouse: Lighthouse (simulated throttling) on every page of the site, at a phone's form factor (mobile
// emulation) and a desktop's, against the service started here on loopback with the built data database, in Debian's
// chromium. Prints each page's four category scores per form factor (with, under 95, the failing audits and the
// metrics that cost performance: total blocking time, layout shift, largest paint) and writes them to
// test-artifacts/lighthouse.json. Paths given after `--` are measured instead (e.g. `npm run lighthouse --
// /forum /tools/steel`); `--mobile` or `--desktop` measures one form factor only. Not part of npm test: it takes
// minutes and its performance figures depend on the machine. docs/pages.md records the figures of the last run.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startServer } from '../bench/harness.ts';
import { PAGES as SCRIPTED } from '../src/pages/registry.ts';

/** Every page a visitor meets: the script-driven pages of the registry and the server-rendered ones. (Lighthouse does
 * not score a document answered with 404, so the error pages are checked by axe in test/pages/error-pages.) */
const PAGES = [
  '/',
  ...SCRIPTED.map((p) => p.path),
  '/forum',
  '/forum/p001',
  '/search?q=%E5%BF%97%E6%84%BF',
  '/notes',
  '/notes/pingxing-zhiyuan-toudang',
  '/pages/about',
  '/news/',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const FORMS = (['mobile', 'desktop'] as const).filter((f) => !args.includes(`--${f === 'mobile' ? 'desktop' : 'mobile'}`));

type Row = { path: string; form: (typeof FORMS)[number] } & Record<(typeof CATEGORIES)[number], number | null> & { tbt_ms: number; cls: number; lcp_ms: number };

const server = await startServer('app');
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const rows: Row[] = [];
try {
  const asked = args.filter((a) => a.startsWith('/'));
  // each page once before it is measured: a served site is warm (npm start builds the search index before it
  // listens; the bench server builds it on the first search, which Lighthouse would otherwise time)
  for (const p of asked.length ? asked : PAGES) await (await fetch(`${server.url}${p}`)).text();
  for (const p of asked.length ? asked : PAGES) {
    for (const form of FORMS) {
      const r = await lighthouse(
        `${server.url}${p}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], formFactor: form },
        form === 'desktop' ? desktopConfig : undefined,
      );
      if (!r) throw new Error(`no Lighthouse result for ${p}`);
      const { categories, audits } = r.lhr;
      const score = (c: string) => (categories[c]?.score === null || categories[c] === undefined ? null : Math.round(categories[c]!.score! * 100));
      const metric = (id: string) => Math.round((audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000;
      const row = {
        path: p,
        form,
        ...Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
        tbt_ms: Math.round(metric('total-blocking-time')),
        cls: metric('cumulative-layout-shift'),
        lcp_ms: Math.round(metric('largest-contentful-paint')),
      } as Row;
      rows.push(row);
      const low = CATEGORIES.some((c) => (row[c] ?? 100) < 95);
      const failing = Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
        .map((a) => a.id);
      console.log(
        `${p} (${form}): ${CATEGORIES.map((c) => `${c} ${row[c]}`).join(', ')}; TBT ${row.tbt_ms} ms, CLS ${row.cls}, LCP ${row.lcp_ms} ms${low && failing.length ? ` — below 90: ${failing.join(', ')}` : ''}`,
      );
    }
  }
} finally {
  await chrome.kill();
  await server.close();
}
console.log(`\n| page | form | ${CATEGORIES.join(' | ')} | TBT ms | CLS |\n| --- | --- | ${CATEGORIES.map(() => '---').join(' | ')} | --- | --- |`);
for (const r of rows) console.log(`| \`${r.path}\` | ${r.form} | ${CATEGORIES.map((c) => r[c] ?? '—').join(' | ')} | ${r.tbt_ms} | ${r.cls} |`);
const under = rows.filter((r) => CATEGORIES.some((c) => (r[c] ?? 100) < 95));
console.log(under.length ? `\nunder 95: ${under.map((r) => `${r.path} (${r.form})`).join(', ')}` : '\nevery page 95 or more in every category');
fs.mkdirSync('test-artifacts', { recursive: true });
fs.writeFileSync(path.join('test-artifacts', 'lighthouse.json'), `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
