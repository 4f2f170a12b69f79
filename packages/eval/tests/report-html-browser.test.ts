import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_LAUNCH_TIMEOUT_MS, HAVE_CHROMIUM, headlessChromium, type HeadlessChromium } from '@agentspec/testing';
import { planFromConfig, readEvalConfig, reportHtml, runEval, toolsFromModule, type EvalPlan, type EvalReport } from '../src/index.js';
import { tempFiles } from './helpers.js';

/**
 * report.html in a real headless Chromium (Debian's `chromium`, driven by
 * playwright-core; scripts/test-all.sh installs it when absent, as
 * scripts/ensure-chromium.sh). Without it these tests are skipped, saying so.
 */
const SKIPPED = HAVE_CHROMIUM ? '' : ` — SKIPPED: ${CHROMIUM} is absent (apt-get install -y chromium, as scripts/test-all.sh does)`;

const example = (p: string) => fileURLToPath(new URL(`../../../examples/eval/${p}`, import.meta.url));
const tools = await toolsFromModule(example('customer-service/tools.ts'));
const plan = (): EvalPlan => ({ ...planFromConfig(readEvalConfig(example('customer-service/eval.yaml')), example('customer-service')), runtimes: ['reference', 'ai-sdk'], repeats: 2 });

let chrome: HeadlessChromium<BrowserContext> | undefined;
let browser: BrowserContext | undefined;
let report: EvalReport;
beforeAll(async () => {
  const p = plan();
  const { report: baseline } = await runEval(p, { tools });
  // this run: the escalation item no longer escalates, on every runtime
  const worse = { ...p, dataset: { ...p.dataset, items: p.dataset.items.map((i) => (i.id === 'escalate-large' ? { ...i, scripted: [{ match: {}, answer: { text: 'Sure, just send it back <b>now</b>.' } }] } : i)) } };
  report = (await runEval(worse, { tools, baseline })).report;
  if (!HAVE_CHROMIUM) return;
  chrome = headlessChromium(chromium);
  browser = await chrome.context;
}, CHROMIUM_LAUNCH_TIMEOUT_MS);
afterAll(() => chrome?.close(), CHROMIUM_LAUNCH_TIMEOUT_MS);

async function open() {
  const file = tempFiles()('report.html');
  writeFileSync(file, reportHtml(report));
  const page = await browser!.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pathToFileURL(file).href);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, requests, errors, url: pathToFileURL(file).href };
}

describe(`report.html in headless Chromium${SKIPPED}`, () => {
  it('is one self-contained file: no script, style or image from elsewhere', () => {
    const html = reportHtml(report);
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(html).not.toMatch(/https?:\/\//);
    // the answer's markup is text, not markup
    expect(html).toContain('send it back &lt;b&gt;now&lt;/b&gt;');
  });

  it.skipIf(!HAVE_CHROMIUM)('shows the matrix, the regressions, a chart per metric and the latency distribution; fetches nothing', async () => {
    const { page, requests, errors, url } = await open();
    try {
      expect(errors).toEqual([]);
      expect(requests).toEqual([url]);
      expect(await page.title()).toBe('agentspec eval — customer-service');
      const rows = page.locator('table.matrix tbody tr');
      expect(await rows.count()).toBe(2);
      expect(await rows.nth(0).locator('td').nth(1).innerText()).toBe('reference');
      // trajectory mean: baseline (1+1+1+1 + 1+1+0.5+1)/8 = 0.9375; now escalate-large matches 0 of 2: (1+1+1+0 + 1+1+0.5+0)/8 = 0.6875
      // (its 95% CI over items is clamped to [0, 1]: scores cannot leave it)
      expect(await rows.nth(0).locator('td[data-metric="trajectory"]').innerText()).toBe('68.8% [0.0%, 100.0%]');
      expect(await rows.nth(0).locator('td[data-metric="trajectory"]').getAttribute('class')).toContain('regressed');
      expect(await page.locator('#comparison').innerText()).toMatch(/regression\(s\) against customer-service/);
      expect(await page.locator('#comparison').innerText()).toContain('escalate-large');
      expect(await page.locator('figure.chart').count()).toBe(3); // trajectory, reply, latency
      expect(await page.locator('figure.chart').nth(0).locator('g.bar').count()).toBe(2);
      expect(await page.locator('g.latency circle').count()).toBe(16); // 2 cells × 4 items × 2 repeats
    } finally {
      await page.close();
    }
  });

  it.skipIf(!HAVE_CHROMIUM)('drills down into an item: expected vs actual, metric details and the trajectory of each run', async () => {
    const { page, errors } = await open();
    try {
      const item = page.locator('details.item[data-item="refund-missing"]');
      expect(await item.locator('.item-body').isVisible()).toBe(false);
      await item.locator('> summary').click();
      expect(await item.locator('.item-body').isVisible()).toBe(true);
      expect(await item.locator('> summary').innerText()).toContain('passed 2/4');
      const body = await item.locator('.item-body').innerText();
      expect(body).toContain('expected trajectory:');
      expect(body).toMatch(/lookup_order\(\{"order_id":"A1003"\}\)/);
      // repeat 1 skipped the lookup: its trajectory shows only the refund, scored 0.5
      const failed = item.locator('.run.no[data-runtime="ai-sdk"][data-repeat="1"]');
      expect(await failed.locator('ol.trajectory li').allInnerTexts()).toEqual(['tool refund_order({"order_id":"A1003","reason":"missing"}) → refund R-A1003 issued (missing)']);
      expect(await failed.locator('table.scores').innerText()).toMatch(/trajectory\s+0\.500\s+fail/);
      // the filter: only items that did not always pass
      await page.locator('#failing').check();
      const visible = await page.locator('details.item:visible').evaluateAll((els) => els.map((e) => e.getAttribute('data-item')));
      expect(visible).toEqual(['refund-missing', 'escalate-large']);
      await page.locator('#filter').fill('escalate');
      expect(await page.locator('details.item:visible').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
