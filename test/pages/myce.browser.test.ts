// /myce/ in chromium: the four-pillar chart and the hexagram caster run end to end through the page API and are
// checked against /v1/sizhu and /v1/yijing for the same input (and the chart against the cited reference cases of
// ../shared/reference/sizhu.json), at desktop and phone widths; then a refused input and the per-IP rate limit are
// shown to the user as readable messages. Screenshots go to test-artifacts/.
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { refCase } from '../calc/sizhu/reference.ts';
import { type Browser, browserSuite, expectAccessibleBasics, expectNoEnglish, expectNoSidewaysScroll, itRanClean, PHONE, RUN_BROWSER, warnIfSkipped } from './browser.ts';

warnIfSkipped('myce.browser');
const POSITIONS = ['year', 'month', 'day', 'hour'] as const;
// Low enough for the last test to reach it within a few clicks; the flows before it make 5 calls.
const RATE_LIMIT = 10;

describe.skipIf(!RUN_BROWSER)('/myce/ in chromium', () => {
  let t: TestApp;
  let b: Browser;

  browserSuite({ config: { PAGE_RATE_LIMIT: String(RATE_LIMIT) } }, (app, browser) => ((t = app), (b = browser)));

  async function v1(path: string, body: unknown) {
    const r = await fetch(`${t.url}${path}`, { method: 'POST', headers: { ...t.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(r.status).toBe(200);
    return r.json();
  }

  async function chart(id: string, shot: string) {
    const ref = refCase(id);
    const { page } = b;
    const i = ref.input;
    const pad = (n: number) => String(n).padStart(2, '0');
    await page.fill('#sz-date', `${i.year}-${pad(i.month)}-${pad(i.day)}`);
    await page.fill('#sz-time', `${pad(i.hour)}:${pad(i.minute)}`);
    await page.check(`#sz-sex-${i.sex}`);
    await page.fill('#sz-lon', '');
    await page.click('#sz-submit');
    await page.waitForSelector('#sz-result:not([hidden])');
    await expect.poll(() => page.getAttribute('#sz-result', 'data-chart')).toBe(POSITIONS.map((k) => ref.expected.pillars[k]).join(' '));

    const api = await v1('/v1/sizhu', i);
    const shown = await page.$$eval('#sz-pillars-body td.stem', (tds) => tds.map((td) => (td as HTMLElement).dataset.name));
    expect(shown).toEqual(POSITIONS.map((k) => api.pillars[k].name));
    expect(shown).toEqual(POSITIONS.map((k) => ref.expected.pillars[k]));
    const row = (cls: string) => page.$$eval(`#sz-pillars-body tr.${cls} td`, (tds) => tds.map((td) => td.textContent!.trim()));
    expect(await row('row-ten-god')).toEqual(POSITIONS.map((k) => api.pillars[k].ten_god));
    expect(await row('row-na-yin')).toEqual(POSITIONS.map((k) => api.pillars[k].na_yin));
    expect(await row('row-na-yin')).toEqual(POSITIONS.map((k) => ref.expected.naYin[k]));
    const hidden = await page.$$eval('#sz-pillars-body tr.row-hidden td', (tds) => tds.map((td) => [...td.querySelectorAll('.hs')].map((d) => (d as HTMLElement).dataset.stem)));
    expect(hidden).toEqual(POSITIONS.map((k) => api.pillars[k].hidden_stems.map((h: { stem: string }) => h.stem)));
    expect(hidden).toEqual(POSITIONS.map((k) => ref.expected.hiddenStems[k]));
    expect(await page.$$eval('#sz-luck-body tr', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.pillar))).toEqual(api.luck.cycles.map((c: { pillar: string }) => c.pillar));
    expect(api.luck.cycles[0].pillar).toBe(ref.expected.luck.firstDaYun);
    expect(await page.textContent('#sz-summary')).toBe(api.summary);
    const interp = await page.$$eval('#sz-interp p', (ps) => ps.map((p) => p.textContent));
    expect(interp).toEqual(api.interpretation.split('\n').filter(Boolean));
    expect(interp[0]).toContain('文化研究');
    await b.screenshot(shot, '#sizhu');
  }

  async function cast(seed: string, method: string, question: string, shot: string) {
    const { page } = b;
    await page.selectOption('#yj-method', method);
    await page.fill('#yj-question', question);
    await page.fill('#yj-seed', seed);
    await page.press('#yj-seed', 'Enter'); // the keyboard submits the form
    await page.waitForSelector('#yj-result:not([hidden])');
    const api = await v1('/v1/yijing', { seed, method, question });
    await expect.poll(() => page.getAttribute('#yj-primary', 'data-number')).toBe(String(api.primary_hexagram.number));
    expect(await page.textContent('#yj-summary')).toBe(api.summary);
    // the figure is the hexagram: six lines from the top, yang/yin and the moving marks
    const drawn = await page.$$eval('#yj-primary .hex-line', (ls) => ls.map((l) => ({ pos: Number((l as HTMLElement).dataset.position), yang: (l as HTMLElement).dataset.yang === 'true', moving: l.classList.contains('moving') })));
    expect(drawn).toEqual([...api.primary_hexagram.lines].reverse().map((l: { position: number; yang: boolean; moving: boolean }) => ({ pos: l.position, yang: l.yang, moving: l.moving })));
    expect(drawn.filter((l) => l.moving).map((l) => l.pos).sort()).toEqual([...api.moving_lines].sort());
    if (api.moving_lines.length) {
      expect(await page.getAttribute('#yj-changed', 'data-number')).toBe(String(api.changed_hexagram.number));
      const changed = await page.$$eval('#yj-changed .hex-line', (ls) => ls.map((l) => (l as HTMLElement).dataset.yang === 'true'));
      expect(changed).toEqual([...api.changed_hexagram.lines].reverse().map((l: { yang: boolean }) => l.yang));
    }
    const quotes = await page.$$eval('#yj-reading .quote', (qs) => qs.map((q) => q.textContent));
    const selected = [api.reading.main, ...(api.reading.secondary ?? [])].filter(Boolean);
    expect(quotes.length).toBe(selected.length);
    selected.forEach((s: { text: string }, n: number) => expect(quotes[n]).toContain(s.text));
    expect(await page.textContent('#yj-primary-text')).toContain(api.primary_hexagram.judgment);
    expect(await page.textContent('#yj-notice')).toContain(api.notice);
    await b.screenshot(shot, '#yijing');
    return api;
  }

  it('desktop: the chart of reference case L01 and a seeded cast equal the API', async () => {
    await b.page.goto(`${t.url}/myce/`);
    await b.page.waitForSelector('html[data-ready="true"]');
    await expectAccessibleBasics(b.page);
    await chart('L01', 'myce-sizhu-desktop');
    // born after 23:00: the 子时 warning is in Chinese and shows the other convention's pillars (the API names the
    // conventions and the field in English)
    const { page } = b;
    await page.fill('#sz-time', '23:30');
    await page.click('#sz-submit');
    await page.waitForSelector('#sz-warnings li[data-kind="zi-hour-convention"]');
    const zi = (await v1('/v1/sizhu', { ...refCase('L01').input, hour: 23, minute: 30 })).warnings.find((w: { kind: string }) => w.kind === 'zi-hour-convention');
    const alt = zi.alternative_pillars;
    const text = (await page.textContent('#sz-warnings li[data-kind="zi-hour-convention"]'))!;
    expect(text).toContain(`${alt.year}年 ${alt.month}月 ${alt.day}日 ${alt.hour}时`);
    await expectNoEnglish(page, '#sizhu');
    const api = await cast('hello', 'coins', '今年考研', 'myce-yijing-desktop');
    expect(api.moving_lines.length).toBeGreaterThan(0); // this seed draws moving lines, so both figures are shown
    await expectNoSidewaysScroll(b.page);
  });

  it('phone (390×844): the chart of reference case L06 and a yarrow cast, with no sideways scrolling', async () => {
    await b.page.setViewportSize(PHONE);
    await b.page.goto(`${t.url}/myce/`);
    await b.page.waitForSelector('html[data-ready="true"]');
    await chart('L06', 'myce-sizhu-phone');
    await expectNoSidewaysScroll(b.page);
    await cast('2026-11-23', 'yarrow', '', 'myce-yijing-phone');
    await expectNoSidewaysScroll(b.page);
  });

  itRanClean(() => b);

  it('shows what the service refused, in words, and the rate limit with its wait', async () => {
    const { page } = b;
    await page.fill('#sz-lon', '200');
    await page.click('#sz-submit');
    await expect.poll(() => page.textContent('#sz-error')).toContain('经度');
    expect(await page.getAttribute('.field[data-name="longitude"]', 'class')).toContain('invalid');
    await page.fill('#sz-lon', '');
    await page.fill('#sz-date', '2101-01-01'); // the engine covers 1900–2100: a 400 naming the field
    await page.click('#sz-submit');
    await page.waitForSelector('#sz-error:not([hidden])');
    await expect.poll(() => page.textContent('#sz-error')).toMatch(/^年份/);
    expect(await page.textContent('#sz-error')).not.toMatch(/[A-Za-z]{3,}/);
    expect(b.problems.every((p) => /400/.test(p))).toBe(true);

    let message = '';
    for (let n = 0; n < RATE_LIMIT + 2 && !message.includes('请求太频繁'); n++) {
      await page.click('#yj-submit');
      await page.waitForFunction(() => !(document.getElementById('yj-submit') as HTMLButtonElement).disabled);
      message = (await page.isVisible('#yj-error')) ? ((await page.textContent('#yj-error')) ?? '') : '';
    }
    expect(message).toMatch(/^请求太频繁，请约 \d+ 分钟后再试。$/);
    await b.screenshot('myce-rate-limited');
    b.problems.length = 0;
  });
});
