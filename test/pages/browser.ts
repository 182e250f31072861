// Debian's chromium driven by playwright-core for the page tests: headless, loopback only (any request addressed
// elsewhere is recorded and refused), with every page error, console error, failed request and unexpected HTTP
// error recorded, so each suite can assert that a page loaded and ran cleanly. Without /usr/bin/chromium the suites
// fail in CI (CI set) and are skipped with a message elsewhere.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import type { ConfigOverrides } from '../helpers/context.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);
export const IN_CI = Boolean(process.env.CI);
export const RUN_BROWSER = HAVE_CHROMIUM || IN_CI;
export const ARTIFACTS = path.resolve('test-artifacts');
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export function warnIfSkipped(suite: string): void {
  if (!RUN_BROWSER) console.warn(`[${suite}] SKIPPED: ${CHROMIUM} is not installed (apt-get install -y chromium); with CI set this suite fails instead.`);
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** requests addressed anywhere but the service */
  foreign: string[];
  /** page errors, console errors, failed requests and HTTP errors, in order */
  problems: string[];
  /** the whole page, or only the element matching `selector` */
  screenshot(name: string, selector?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One chromium per test worker, launched on the first suite that asks and shared by every page suite the worker runs
 * after it (vitest.config.ts runs the page suites without module isolation, so this module and its browser outlive a
 * file): launching chromium cost 1–3 s a suite. Each suite gets its own context (its own storage, cookies and routes),
 * so suites share nothing but the process; playwright ends chromium when the worker exits.
 */
let chromiumProcess: Promise<PlaywrightBrowser> | undefined;
function sharedChromium(): Promise<PlaywrightBrowser> {
  chromiumProcess ??= chromium
    .launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    })
    .then((browser) => {
      browser.on('disconnected', () => (chromiumProcess = undefined));
      return browser;
    });
  chromiumProcess.catch(() => (chromiumProcess = undefined));
  return chromiumProcess;
}

export async function openBrowser(t: TestApp): Promise<Browser> {
  if (!HAVE_CHROMIUM) throw new Error(`${CHROMIUM} is missing: CI must install chromium before npm test (see .ci/run)`);
  const context = await (await sharedChromium()).newContext({ viewport: DESKTOP, locale: 'zh-CN' });
  const foreign: string[] = [];
  const problems: string[] = [];
  const origin = new URL(t.url).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || new URL(url).origin === origin) return route.continue();
    foreign.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  // A request the browser cancels because the test navigated on (a module still loading when the next page opens)
  // is not the page failing: only a request aborted while its own document is still the one shown counts.
  let documents = 0;
  const issuedIn = new WeakMap<object, number>();
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) documents++;
  });
  // The browser cancels the old document's requests when the next navigation starts, which can be before that
  // navigation commits (framenavigated): a navigation started after the request was issued counts as well.
  let navigations = 0;
  const startedIn = new WeakMap<object, number>();
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) navigations++;
    issuedIn.set(r, documents);
    startedIn.set(r, navigations);
  });
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? '';
    if (error === 'net::ERR_ABORTED' && (issuedIn.get(r) !== documents || startedIn.get(r) !== navigations)) return;
    problems.push(`requestfailed: ${r.url()} ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`http ${r.status()}: ${r.url()}`);
  });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return {
    context,
    page,
    foreign,
    problems,
    async screenshot(name, selector) {
      const file = path.join(ARTIFACTS, `${name}.png`);
      if (selector) await page.locator(selector).screenshot({ path: file });
      else await page.screenshot({ path: file, fullPage: true });
    },
    async close() {
      await context.close();
    },
  };
}

/** The hooks of a page suite: the service on a real listener (with `config`, then `prepare`d) and chromium pointed
 * at it, both closed after the suite; `use` receives them once they are up. */
export function browserSuite(opts: { config?: ConfigOverrides; prepare?: (t: TestApp) => Promise<unknown> }, use: (t: TestApp, b: Browser) => void): void {
  let t: TestApp | undefined;
  let b: Browser | undefined;
  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: opts.config });
    await opts.prepare?.(t);
    b = await openBrowser(t);
    use(t, b);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });
}

/** On either dialogue page (their chat parts are /assets/chat.js): types a question, sends it with Ctrl+Enter and
 * waits for the answer to finish; the answer's list item. */
export async function sendChat(page: Page, question: string): Promise<Locator> {
  const before = await page.locator('#chat-log li.assistant[data-done="true"]').count();
  await page.fill('#chat-input', question);
  await page.press('#chat-input', 'Control+Enter');
  await page.waitForSelector(`#chat-log li.assistant[data-done="true"] >> nth=${before}`);
  return page.locator('#chat-log li.assistant').nth(before);
}

/** The cumulative layout shift of the page's load so far (shifts without recent input), after two frames. */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((l) => {
          for (const e of l.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
      }),
  );
}

/** At the given width the page does not scroll sideways (tables scroll inside their own box). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, 'page wider than the viewport').toBeLessThanOrEqual(width);
}

/** What every page shares: lang, the site navigation, and a label for every form control. */
export async function expectAccessibleBasics(page: Page): Promise<void> {
  expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
  expect(await page.locator('header.site-head nav a').count()).toBeGreaterThan(1);
  const unlabelled = await page.$$eval('input:not([type=hidden]), select, textarea', (els) =>
    els
      .filter((e) => {
        const id = e.id;
        const byFor = id && document.querySelector(`label[for="${CSS.escape(id)}"]`);
        return !byFor && !e.closest('label') && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby');
      })
      .map((e) => e.outerHTML.slice(0, 80)),
  );
  expect(unlabelled).toEqual([]);
}

/** The check each page suite makes after its flows that must run clean (before any flow that provokes a refusal):
 * no page error, console error, failed request or HTTP error, and nothing requested from elsewhere. */
export function itRanClean(browser: () => Browser): void {
  it('loaded and ran with no console errors, failed requests or requests elsewhere', () => {
    expect(browser().foreign).toEqual([]);
    expect(browser().problems).toEqual([]);
  });
}

/** Latin words a Chinese page may show: names of formats, standards, the model's version, the site's machine links. */
const ALLOWED_LATIN = new Set(['llms', 'txt', 'API', 'CSV', 'MCP', 'PDF', 'rank', 'history', 'GB', 'HTTP', 'JSON', 'SVG', 'Markdown', 'OpenAI', 'ID', 'id']);

/** The visible text of the page (or of `selector`) holds no English: every Latin word of three or more letters is an
 * allowed name, or in `also` (what the reader typed, shown back). Code (a path), the site's name and form values are
 * not prose and are skipped. Fails listing the words found. */
export async function expectNoEnglish(page: Page, selector = 'body', also: string[] = []): Promise<void> {
  const text = await page.locator(selector).first().evaluate((root) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || parent.closest('code, .brand, script, style, [hidden]') || !parent.checkVisibility()) continue;
      out.push(n.textContent ?? '');
    }
    return out.join(' ');
  });
  const allowed = new Set([...ALLOWED_LATIN, ...also]);
  const words = [...new Set(text.match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? [])].filter((w) => !allowed.has(w) && !w.split('-').every((part) => allowed.has(part)));
  expect(words, `English on the page: ${words.join(' ')}`).toEqual([]);
}

/** axe-core's source, evaluated in the page through the debugging protocol (the pages' CSP forbids inline scripts). */
const AXE_SOURCE = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/** axe-core on the page as it is now (or the part matching `selector`): no serious or critical violation. */
export async function expectAxeClean(page: Page, selector = 'html'): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const r = await axe.run(document.querySelector(sel) ?? document, { resultTypes: ['violations'] });
    return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}`);
  }, selector);
  expect(found, `axe on ${page.url()}`).toEqual([]);
}
