// /zhiyuan/'s 志愿表 in chromium, at 390 px and at desktop width, one test per defect of issue 31:
//   1. the candidate is kept with the list (reload, back and forward) and a list is never simulated for another province
//   2. entries are the province's units with their codes, numbered, with label and probability as soon as added;
//      the rules table gives the page its unit and 志愿 count; 垫底 behind a switch; CSV in order with the codes
//   3. the advice never contradicts its figure
//   4. the 冲/稳/保 tabs by arrow keys, and a keyboard-only pass through the workbench
//   5. a 429 on load is retried with a countdown (never "no data"); an old result never stays under a new error
// each state checked with axe (0 serious / critical). Screenshots go to test-artifacts/.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { type Browser, browserSuite, DESKTOP, expectAxeClean, expectNoEnglish, expectNoSidewaysScroll, PHONE, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('zhiyuan-list.browser');

describe.skipIf(!RUN_BROWSER)('/zhiyuan/ 志愿表 in chromium', { timeout: 180_000 }, () => {
  let t: TestApp;
  let b: Browser;
  browserSuite({ config: { PAGE_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '0' } }, (app, browser) => ((t = app), (b = browser)));

  async function legacy(path: string, params: Record<string, string>) {
    const r = await fetch(`${t.url}${path}?${new URLSearchParams(params)}`);
    expect(r.status).toBe(200);
    return (await r.json()).data;
  }

  async function open(fresh = true) {
    if (fresh) {
      // cleared once the page has settled (it saves the list it loaded), then loaded afresh
      await b.page.goto(`${t.url}/zhiyuan/`);
      await b.page.waitForSelector('html[data-ready="true"]');
      await b.page.evaluate(() => localStorage.clear());
    }
    await b.page.goto(`${t.url}/zhiyuan/`);
    await b.page.waitForSelector('html[data-ready="true"]');
  }

  /** Fills the candidate and matches; the form's query as the page sends it. */
  async function matchAs(province: string, subject: string | null, how: { score?: number; rank?: number }) {
    const { page } = b;
    await page.selectOption('#m-province', province);
    if (subject) await page.selectOption('#m-subject', subject);
    await page.fill('#m-score', how.score === undefined ? '' : String(how.score));
    await page.fill('#m-rank', how.rank === undefined ? '' : String(how.rank));
    await page.click('#match-submit');
    await page.waitForSelector('#match-result:not([hidden]) li.match-card');
    return { province, year: await page.inputValue('#m-year'), subject_type: await page.inputValue('#m-subject'), ...(how.score !== undefined ? { score: String(how.score) } : { rank: String(how.rank) }) };
  }

  /** Opens the units of the n-th card and adds the k-th unit shown; checks the feedback and returns the unit added. */
  async function addUnit(query: Record<string, string>, card: number, k = 0) {
    const { page } = b;
    const c = page.locator('#match-list li.match-card').nth(card);
    const uni = (await c.getAttribute('data-uni'))!;
    await c.locator('button.open-units').click();
    await c.locator('.unit-list > li').first().waitFor();
    const api = await legacy('/api/recommendation/units', { ...query, university_id: uni });
    const shown = api.units.filter((u: { label: string }) => u.label !== '垫底');
    const keys = await c.locator('.unit-list > li').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.key));
    expect(keys.length).toBe(shown.length);
    const before = await page.locator('#sim-targets > li').count();
    const button = c.locator('.unit-list > li').nth(k).locator('button.add-unit');
    await button.click();
    await expect.poll(() => page.locator('#sim-targets > li').count()).toBe(before + 1);
    expect(await button.textContent()).toBe(`已加入（第 ${before + 1} 个）`);
    expect(await page.textContent('#sim-status')).toContain(`已加入志愿表：第 ${before + 1} 个`);
    return { unit: shown[k], api };
  }

  const targetKeys = () => b.page.$$eval('#sim-targets > li', (els) => els.map((e) => (e as HTMLElement).dataset.target!));

  for (const [width, view] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    describe(`${width} (${view.width} px)`, () => {
      it('defect 2: 广东 entries are 院校专业组 with codes, numbered, labelled with their probability as added; count and unit from the rules table; 垫底 behind a switch', async () => {
        const { page } = b;
        await page.setViewportSize(view);
        await open();
        const q = await matchAs('广东', '物理', { rank: 30_000 });
        const rules = (await legacy('/api/recommendation/rules', {})).rows;
        const rule = rules.find((r: { province: string; year: number }) => r.province === '广东' && String(r.year) === q.year);
        const { unit } = await addUnit(q, 0);
        // the page's unit and count come from the rules table (none → said so)
        if (rule) {
          expect(await page.getAttribute('#sim-rule', 'data-unit')).toBe(rule.unit);
          expect(await page.getAttribute('#sim-rule', 'data-volunteers')).toBe(String(rule.volunteers));
          expect(await page.textContent('#sim-rule')).toContain(`最多填 ${rule.volunteers} 个`);
          expect(await page.textContent('#sim-rule')).toContain(rule.sources[0].title);
          expect(await page.textContent('#sim-count')).toBe(`（1 / ${rule.volunteers} 个志愿）`);
        } else {
          expect(await page.textContent('#sim-rule')).toContain('本站没有广东');
        }
        const li = page.locator('#sim-targets > li').first();
        expect(await li.locator('.order').textContent()).toBe('1');
        expect(await li.textContent()).toContain(`专业组 ${unit.major_group}`);
        if (unit.school_code) expect(await li.textContent()).toContain(`院校代码 ${unit.school_code}`);
        if (unit.probability !== null) {
          expect(await li.getAttribute('data-label')).toBe(unit.label);
          expect(await li.locator('.prob-value').textContent()).toBe(`${(unit.probability * 100).toFixed(1)}%`);
        }
        await expectAxeClean(page); // a card's units open, an entry added
        // 垫底: hidden until asked, then a tab with the API's count
        expect(await page.isVisible('#tab-垫底')).toBe(false);
        await page.check('#show-sure');
        await page.waitForSelector('#tab-垫底:not([hidden])');
        const sure = await legacy('/api/recommendation/match', { ...q, sure: 'true', label: '稳' });
        await expect.poll(() => page.textContent('#tab-垫底 .count')).toBe(`（${sure.counts.垫底}）`);
        expect(sure.counts.垫底).toBeGreaterThan(0);
        await page.click('#tab-垫底');
        await expect.poll(() => page.getAttribute('#match-list li.match-card >> nth=0', 'data-label')).toBe('垫底');
        await expectAxeClean(page); // the 垫底 tab
        await page.uncheck('#show-sure');
        await b.screenshot(`zhiyuan-list-units-${width}`, '#simulate');
        await expectNoSidewaysScroll(page);
      });

      it('defect 1: reload, back and forward keep the candidate with the list; a list for another province is not simulated', async () => {
        const { page } = b;
        await page.setViewportSize(view);
        await open();
        const q = await matchAs('山东', null, { rank: 60_000 });
        await addUnit(q, 0);
        await addUnit(q, 1);
        await page.click('#tab-保');
        await expect.poll(() => page.getAttribute('#tab-保', 'aria-selected')).toBe('true');
        const keys = await targetKeys();
        const summary = await page.textContent('#match-summary');
        await page.reload();
        await page.waitForSelector('html[data-ready="true"]');
        expect(await targetKeys()).toEqual(keys);
        expect(await page.isVisible('#match-result')).toBe(true); // the matches come back with the candidate
        expect(await page.textContent('#match-summary')).toBe(summary);
        expect(await page.getAttribute('#tab-保', 'aria-selected')).toBe('true'); // the open tab too
        expect(await page.inputValue('#m-province')).toBe('山东');
        expect(await page.inputValue('#m-year')).toBe(q.year);
        expect(await page.inputValue('#m-rank')).toBe('60000');
        expect(await page.isVisible('#sim-mismatch')).toBe(false);
        expect(await page.textContent('#sim-owner')).toContain('山东');
        // away and back
        await page.goto(`${t.url}/news/`);
        await page.goBack();
        await page.waitForSelector('html[data-ready="true"]');
        expect(await targetKeys()).toEqual(keys);
        expect(await page.inputValue('#m-province')).toBe('山东');
        await page.goForward();
        await page.goBack();
        await page.waitForSelector('html[data-ready="true"]');
        expect(await page.inputValue('#m-rank')).toBe('60000');
        // another province in the form: said at once, and the list is not simulated as its
        await page.selectOption('#m-province', '河南');
        await page.fill('#m-rank', '60000');
        await page.waitForSelector('#sim-mismatch:not([hidden])');
        expect(await page.textContent('#sim-mismatch')).toContain('山东');
        await expectAxeClean(page); // the mismatch shown
        let posted = 0;
        page.on('request', (r) => {
          if (r.url().endsWith('/api/simulation/mirofish')) posted++;
        });
        await page.click('#sim-submit');
        await expect.poll(() => page.textContent('#sim-error')).toContain('不是同一省份');
        await expectAxeClean(page); // the refusal in the list's alert
        expect(posted).toBe(0);
        await page.click('#sim-restore');
        expect(await page.inputValue('#m-province')).toBe('山东');
        expect(await page.isVisible('#sim-mismatch')).toBe(false);
        await page.selectOption('#sim-draws', '1000');
        await page.fill('#sim-seed', 'p1');
        await page.click('#sim-submit');
        await page.waitForSelector('#sim-result[data-seed="p1"]:not([hidden])');
        expect(posted).toBe(1);
      });

      it('defect 3: the advice says what its figure says, per entry where the list lands, and the CSV carries the codes in order', async () => {
        const { page } = b;
        await page.setViewportSize(view);
        await open();
        const q = await matchAs('山东', null, { rank: 60_000 });
        await page.click('#tab-冲');
        await expect.poll(() => page.getAttribute('#match-list li.match-card >> nth=0', 'data-label')).toBe('冲');
        for (let n = 0; n < 5; n++) await addUnit(q, n);
        // the reader orders the list: the last entry goes up one place
        await page.click('#sim-targets > li >> nth=4 >> button.up');
        await page.selectOption('#sim-draws', '1000');
        await page.fill('#sim-seed', 'advice');
        await page.click('#sim-submit');
        await page.waitForSelector('#sim-result[data-seed="advice"]:not([hidden])');
        const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('svc.zhiyuan.list')!));
        const targets = stored.entries.map((e: { university_id: number; campus: string | null; unit: string | null; major_name: string }) => ({ university_id: e.university_id, ...(e.campus ? { campus: e.campus } : {}), ...(e.unit ? { unit: e.unit } : {}), major_name: e.major_name }));
        const r = await fetch(`${t.url}/api/simulation/mirofish`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ province: '山东', year: Number(q.year), subject_type: q.subject_type, rank: 60_000, mode: 'list', targets, draws: 1000, seed: 'advice' }) });
        const sim = (await r.json()).data;
        const figure = sim.landing.at_least_one;
        const text = (await page.textContent('#sim-list'))!;
        expect(text).toContain(`${(figure * 100).toFixed(1)}%`);
        if (figure >= 0.5) expect(text).not.toContain('很可能一个也录不上');
        else expect(text).toContain('很可能一个也录不上');
        expect(await page.$$eval('#sim-body tr', (trs) => trs.map((tr) => Number((tr as HTMLElement).dataset.land)))).toEqual(sim.landing.land);
        expect(await page.$$eval('#sim-warnings li', (lis) => lis.map((li) => li.textContent))).toEqual(sim.landing.warnings.map((w: { text: string }) => w.text));
        await expectAxeClean(page); // the simulated list
        await expectNoEnglish(page, '#simulate', ['advice']);
        const [download] = await Promise.all([page.waitForEvent('download'), page.click('#sim-csv')]);
        const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''); // the header is the first line, after the BOM
        const lines = csv.split('\r\n');
        const head = lines.findIndex((l) => l.startsWith('"志愿序号"'));
        const body = lines.slice(head + 1, head + 1 + stored.entries.length).map((l) => l.split('","').map((c) => c.replace(/"/g, '')));
        expect(body.map((c) => c[0])).toEqual(stored.entries.map((_: unknown, i: number) => String(i + 1)));
        expect(body.map((c) => c[1])).toEqual(stored.entries.map((e: { school_code: string | null }) => e.school_code ?? ''));
        expect(body.map((c) => c[4])).toEqual(stored.entries.map((e: { major_name: string }) => e.major_name));
        await b.screenshot(`zhiyuan-list-simulated-${width}`, '#simulate');
      });

      it('defect 4: the tabs answer the arrow keys (roving tabindex), and the workbench works by keyboard alone', async () => {
        const { page } = b;
        await page.setViewportSize(view);
        await open();
        // keyboard only: from the province select to the simulation
        await page.focus('#m-province');
        await page.keyboard.type('山东');
        const tabTo = async (sel: string, max = 200, key = 'Tab') => {
          for (let i = 0; i < max; i++) {
            if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, sel)) return;
            await page.keyboard.press(key);
          }
          throw new Error(`${key} never reached ${sel}`);
        };
        await page.selectOption('#m-province', '山东'); // a select's value by keyboard is browser-specific; the rest is keys
        await tabTo('#m-rank');
        await page.keyboard.type('60000');
        await page.keyboard.press('Enter');
        await page.waitForSelector('#match-result:not([hidden]) li.match-card');
        await tabTo('#tab-稳');
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => page.getAttribute('#tab-保', 'aria-selected')).toBe('true');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-保');
        expect(await page.getAttribute('#tab-保', 'tabindex')).toBe('0');
        expect(await page.getAttribute('#tab-稳', 'tabindex')).toBe('-1');
        await page.keyboard.press('Home');
        await expect.poll(() => page.getAttribute('#tab-冲', 'aria-selected')).toBe('true');
        await page.keyboard.press('ArrowLeft'); // wraps to the last visible tab
        await expect.poll(() => page.getAttribute('#tab-保', 'aria-selected')).toBe('true');
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => page.getAttribute('#tab-稳', 'aria-selected')).toBe('true');
        await expectAxeClean(page); // tabs moved by keys
        await tabTo('#match-list li.match-card button.open-units');
        await page.keyboard.press('Enter');
        await page.waitForSelector('#match-list .unit-list > li');
        await tabTo('#match-list .unit-list button.add-unit');
        await page.keyboard.press('Enter');
        await tabTo('#match-list li.match-card:nth-child(2) button.open-units');
        await page.keyboard.press('Enter');
        await page.waitForSelector('#match-list li.match-card:nth-child(2) .unit-list > li');
        await tabTo('#match-list li.match-card:nth-child(2) .unit-list > li button.add-unit');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('#sim-targets > li').count()).toBe(2);
        const keys = await targetKeys();
        await tabTo('#sim-targets > li:first-child button.down');
        await page.keyboard.press('Enter');
        expect(await targetKeys()).toEqual([keys[1], keys[0]]);
        // focus stays on the moved entry: now last, its 下移 is disabled, so its 上移 holds the focus
        expect(await page.evaluate(() => document.activeElement?.closest('#sim-targets > li') === document.querySelector('#sim-targets > li:last-child'))).toBe(true);
        // a card's own 加入志愿表 adds its unit at once, by keyboard, and says so on the button it leaves focused
        await tabTo('#match-list li.match-card:nth-child(n+3) button.add-target', 400, 'Shift+Tab');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('#sim-targets > li').count()).toBe(3);
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^已加入（第 3 个）/);
        await expectAxeClean(page); // an entry added from a card
        await tabTo('#sim-submit');
        await page.keyboard.press('Enter');
        await page.waitForSelector('#sim-result:not([hidden])');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('sim-submit'); // the focus never dropped to the page
        await expectAxeClean(page);
      });

      it('defect 5: a 429 on load is retried with a countdown, never "no data"; an old result never stays under a new error', async () => {
        const { page } = b;
        await page.setViewportSize(view);
        let refused = 0;
        await page.route(/\/api\/recommendation\/exams/, async (route) => {
          if (refused++ === 0) return route.fulfill({ status: 429, headers: { 'retry-after': '2', 'content-type': 'application/json' }, body: JSON.stringify({ code: 429, message: 'Rate limit exceeded, retry in 2 seconds', data: null }) });
          return route.continue();
        });
        await page.goto(`${t.url}/zhiyuan/`);
        await page.waitForSelector('#match-retry:not([hidden])');
        expect(await page.textContent('#match-retry')).toMatch(/\d 秒后自动重试/);
        await expectAxeClean(page); // the countdown
        // the page is marked ready while it counts down (it shows what it waits for); the retry then loads the years
        await page.waitForSelector('html[data-ready="true"]');
        await page.waitForSelector('#m-year option', { state: 'attached', timeout: 30_000 });
        await expect.poll(() => page.isVisible('#match-retry')).toBe(false);
        expect(await page.isVisible('#match-error')).toBe(false);
        await page.unroute(/\/api\/recommendation\/exams/);
        await matchAs('河南', '物理', { score: 600 });
        expect(await page.textContent('#match-error')).not.toContain('数据中没有');
        b.problems.splice(0); // the 429 was provoked
        // the 一分一段 form: an answer, then a refused question: the old answer goes
        await page.selectOption('#r-province', '河南');
        await page.fill('#r-year', '2024');
        await page.selectOption('#r-subject', '物理');
        await page.fill('#r-score', '600');
        await page.click('#rank-submit');
        await page.waitForSelector('#rank-result:not([hidden])');
        await page.fill('#r-year', '1990');
        await page.click('#rank-submit');
        await page.waitForSelector('#rank-error:not([hidden])');
        expect(await page.isVisible('#rank-result')).toBe(false);
        b.problems.splice(0); // the 400 was provoked
        // /myce/: a chart, then a refused input: the old chart goes
        await page.goto(`${t.url}/myce/`);
        await page.waitForSelector('html[data-ready="true"]');
        await page.fill('#sz-date', '1990-05-17');
        await page.fill('#sz-time', '08:30');
        await page.check('#sz-sex-m');
        await page.click('#sz-submit');
        await page.waitForSelector('#sz-result:not([hidden])');
        await page.fill('#sz-date', '');
        await page.click('#sz-submit');
        await page.waitForSelector('#sz-error:not([hidden])');
        expect(await page.isVisible('#sz-result')).toBe(false);
        await expectAxeClean(page);
      });
    });
  }

  it('every row of the rules table: the form\'s province and year show that row\'s unit, count and source on the page', async () => {
    const { page } = b;
    await page.setViewportSize(DESKTOP);
    await open();
    const rows = (await legacy('/api/recommendation/rules', {})).rows as Array<{ province: string; year: number; unit: string; volunteers: number; sources: Array<{ title: string }> }>;
    const offered = new Map<string, string[]>();
    let checked = 0;
    for (const r of rows) {
      await page.selectOption('#m-province', r.province);
      const years = offered.get(r.province) ?? (await page.$$eval('#m-year option', (os) => os.map((o) => (o as HTMLOptionElement).value)));
      offered.set(r.province, years);
      if (!years.includes(String(r.year))) continue; // the data has no 一分一段 table for that year: the form does not offer it
      await page.selectOption('#m-year', String(r.year));
      await expect.poll(() => page.getAttribute('#sim-rule', 'data-unit'), { message: `${r.province} ${r.year}` }).toBe(r.unit);
      expect(await page.getAttribute('#sim-rule', 'data-volunteers')).toBe(String(r.volunteers));
      const text = await page.textContent('#sim-rule');
      expect(text).toContain(`最多填 ${r.volunteers} 个`);
      for (const s of r.sources) expect(text).toContain(s.title);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    await expectAxeClean(page); // the rule box with its sources
  });
});
