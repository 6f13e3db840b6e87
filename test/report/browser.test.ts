// The report in a real browser: Debian's headless Chromium (installed by .ci/run) opens a
// generated report from disk, logs no console error, fetches nothing, and every chart's SVG
// holds marks; the screenshot is written next to the report; a header click sorts a table and
// a card's link opens its drill-down.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { labSync } from '../sim/helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
// In CI (CI set) the browser must be there, and the test fails without it; on a developer's
// machine without it the test is skipped, and says so loudly with the way to install it.
const SKIP_WARNING = [
  '',
  '*** SKIPPED: test/report/browser.test.ts, the report in a real browser: no Chromium at /usr/bin/chromium.',
  '*** Install it with `sudo apt-get install chromium` (.ci/run does it), then run `npm test` again.',
  '*** With CI set, a missing browser fails this test instead.',
  '',
].join('\n');
const skip = !CHROMIUM && !process.env.CI;
if (skip) process.stderr.write(`${SKIP_WARNING}\n`);

(skip ? describe.skip : describe)(`the HTML report in headless Chromium${skip ? ' (SKIPPED: no Chromium; apt-get install chromium)' : ''}`, () => {
  const dir = mkdtempSync(join(os.tmpdir(), 'lab-browser-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens offline with no console error, and every chart holds marks', async () => {
    expect(CHROMIUM, 'CI is set, and the browser test needs Chromium at /usr/bin/chromium: apt-get install chromium (.ci/run does)').toBeTruthy();
    const lab = (...args: string[]) => {
      const r = labSync(args);
      expect(r.status, r.stderr).toBe(0);
    };
    lab('experiment', join(ROOT, 'experiments/nisqy-power-4.json'), '--out', dir, '--quiet', '--workers', '2');
    lab('report', dir, '--quiet');
    const page = join(dir, 'report', 'index.html');
    const browser = await chromium.launch({
      executablePath: CHROMIUM!,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
      const tab = await context.newPage();
      const problems: string[] = [];
      const requests: string[] = [];
      tab.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      tab.on('pageerror', (e) => problems.push(e.message));
      tab.on('request', (r) => {
        if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) requests.push(r.url());
      });
      await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' });
      const charts = await tab.$$eval('svg', (svgs) =>
        svgs.map((s) => ({
          marks: s.querySelectorAll('g[class*="role-mark"] path, g[class*="role-mark"] rect, g[class*="role-mark"] line, g[class*="role-mark"] text, g[class*="role-mark"] circle').length,
          width: s.getBoundingClientRect().width,
        })),
      );
      const shot = join(dir, 'report', 'screenshot.png');
      await tab.screenshot({ path: shot, fullPage: true });
      expect(problems).toEqual([]);
      expect(requests).toEqual([]);
      expect(charts.length).toBeGreaterThanOrEqual(8);
      for (const c of charts) {
        expect(c.marks).toBeGreaterThan(0);
        expect(c.width).toBeGreaterThan(100);
      }
      expect(statSync(shot).size).toBeGreaterThan(50_000);

      // A sortable table: a header click sorts its rows (by name, then reversed; by a number).
      const names = () => tab.$$eval('#cards-quick tbody tr td:first-child', (tds) => tds.map((td) => td.textContent!.trim()));
      const effects = () => tab.$$eval('#cards-quick tbody tr td:nth-child(4)', (tds) => tds.map((td) => td.getAttribute('data-v')!).filter((v) => v !== '').map(Number));
      const shown = await names();
      expect(shown.length).toBeGreaterThan(10);
      const byName = [...shown].sort((a, b) => a.localeCompare(b, 'fr'));
      expect(shown).not.toEqual(byName); // it opens by the strength of the evidence, not by name
      await tab.click('#cards-quick thead th:nth-child(1)');
      expect(await names()).toEqual(byName);
      expect(await tab.getAttribute('#cards-quick thead th:nth-child(1)', 'aria-sort')).toBe('ascending');
      await tab.click('#cards-quick thead th:nth-child(1)');
      expect(await names()).toEqual([...byName].reverse());
      await tab.click('#cards-quick thead th:nth-child(4)');
      const ascending = await effects();
      expect(ascending.length).toBeGreaterThan(5);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      expect(ascending[0]).toBeLessThan(ascending[ascending.length - 1]!);

      // A card's drill-down: closed, opened by its name's link, its decks' table then on screen.
      const card = (await names())[0]!;
      const anchor = await tab.$eval('#cards-quick tbody tr td:first-child a', (a) => a.getAttribute('href')!);
      const details = `details${anchor}`;
      expect(await tab.$eval(details, (d) => (d as HTMLDetailsElement).open)).toBe(false);
      expect(await tab.$eval(details, (d) => d.querySelector('table')!.checkVisibility())).toBe(false);
      await tab.click(`#cards-quick tbody tr td:first-child a[href="${anchor}"]`);
      await tab.waitForFunction((sel) => (document.querySelector(sel) as HTMLDetailsElement).open, details);
      const opened = await tab.$eval(details, (d) => ({ summary: d.querySelector('summary')!.textContent!, rows: d.querySelectorAll('tbody tr').length, visible: d.querySelector('table')!.checkVisibility(), height: d.querySelector('table')!.getBoundingClientRect().height }));
      expect(opened.summary).toContain(card);
      expect(opened.rows).toBeGreaterThan(0);
      expect(opened.visible).toBe(true);
      expect(opened.height).toBeGreaterThan(20);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 180_000);
});
