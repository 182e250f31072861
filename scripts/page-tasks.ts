// npx tsx scripts/page-tasks.ts /tools/steel [/tools/concrete …]: the main thread's long tasks of a page's load,
// by their CPU time (a Chromium trace's thread time), with the total blocking time they come to at Lighthouse's
// mobile CPU multiplier (4× each task, minus 50 ms, summed). Lighthouse's own figure is wall-clock time and swings
// by a factor of 3–5 on a shared, loaded machine; CPU time does not, so this is the figure to act on and compare
// before and after a change (docs/pages.md). Five cold loads per page (HTTP cache off), at a phone's width, against
// the service started here on loopback (the bench harness).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../bench/harness.ts';

const LOADS = 5;
const MULTIPLIER = 4;
const server = await startServer('app');
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'page-tasks-')), 'trace.json');
try {
  for (const p of process.argv.slice(2).filter((a) => a.startsWith('/'))) {
    const runs: string[] = [];
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(`${server.url}${p}`); // the service builds its bundles on the first request
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.goto('about:blank');
      await browser.startTracing(page, { path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      await page.goto(`${server.url}${p}`);
      await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 }).catch(() => undefined);
      await page.waitForTimeout(600);
      await browser.stopTracing();
      const events = JSON.parse(fs.readFileSync(traceFile, 'utf8')).traceEvents as Array<{ name: string; tid: number; tdur?: number }>;
      // the renderer's main thread is the one that parsed the page
      const main = events.find((e) => e.name === 'ParseHTML')?.tid;
      const cpu = events.filter((e) => e.name === 'RunTask' && e.tid === main && e.tdur).map((e) => e.tdur! / 1000);
      const blocking = cpu.reduce((sum, ms) => sum + Math.max(0, MULTIPLIER * ms - 50), 0);
      runs.push(`${Math.round(blocking)} [${cpu.filter((ms) => MULTIPLIER * ms > 50).map((ms) => Math.round(ms)).join(', ')}]`);
      await context.close();
    }
    console.log(`${p}: blocking ms at ${MULTIPLIER}× [long tasks' CPU ms at 1×], ${LOADS} loads: ${runs.join('  ')}`);
  }
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(path.dirname(traceFile), { recursive: true, force: true });
}
