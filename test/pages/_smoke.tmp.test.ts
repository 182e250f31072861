import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { type Browser, browserSuite, PHONE } from './browser.ts';
describe('smoke', () => {
  let t: TestApp; let b: Browser;
  browserSuite({}, (app, browser) => ((t = app), (b = browser)));
  it('loads', async () => {
    const page = b.page;
    await page.goto(`${t.url}/tools/steel-frame`);
    await page.waitForSelector('html[data-ready="true"]');
    await page.waitForSelector('#output:not([hidden])');
    await page.screenshot({ path: '/tmp/sfshots/desk-model.png', fullPage: true });
    for (const v of ['deformed', 'M', 'V', 'N']) {
      await page.check(`input[name="view"][value="${v}"]`);
      await page.locator('.drawing').screenshot({ path: `/tmp/sfshots/desk-${v}.png` });
    }
    for (const tpl of ['two-storey', 'continuous', 'truss']) {
      await page.click(`[data-template="${tpl}"]`);
      await page.check(`input[name="view"][value="M"]`);
      await page.waitForTimeout(300);
      await page.locator('.drawing').screenshot({ path: `/tmp/sfshots/desk-${tpl}-M.png` });
      await page.check(`input[name="view"][value="model"]`);
      await page.locator('.drawing').screenshot({ path: `/tmp/sfshots/desk-${tpl}-model.png` });
    }
    await page.setViewportSize(PHONE);
    await page.click(`[data-template="portal"]`);
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/tmp/sfshots/phone.png', fullPage: true });
    console.log(JSON.stringify(b.problems), JSON.stringify(b.foreign));
    console.log(await page.textContent('#summary'));
    console.log(await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]));
    console.log(await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 12).map((e) => `${e.tagName}#${e.id}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`).join('\n')));
  });
});
