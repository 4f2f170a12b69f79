import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_LAUNCH_TIMEOUT_MS, HAVE_CHROMIUM, headlessChromium, type HeadlessChromium } from '@agentspec/testing';
import { ROOT } from './bin-process.js';
import { startServe, type ServeProcess } from './serve-process.js';

/**
 * The playground of `agentspec serve` in a real headless Chromium (Debian's
 * `chromium`, driven by playwright-core); skipped, saying so, without it.
 * The screenshot goes to .reports/ (a CI artifact).
 */
const SKIPPED = HAVE_CHROMIUM ? '' : ` — SKIPPED: ${CHROMIUM} is absent (bash scripts/ensure-chromium.sh)`;
const TOKEN = 'playground-token';

let chrome: HeadlessChromium<BrowserContext> | undefined;
let browser: BrowserContext | undefined;
let served: ServeProcess | undefined;
let all: ServeProcess | undefined;
const dir = mkdtempSync(join(tmpdir(), 'agentspec-playground-'));
const EXAMPLE = ['examples/serve/refund-flow.yaml', '--tools', 'examples/serve/tools.ts', '--offline', 'examples/serve/llm.yaml', '--port', '0'];
beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  [served, all] = await Promise.all([
    startServe([...EXAMPLE, '--store', join(dir, 'sessions.db'), '--token', TOKEN, '--runtime', 'reference,langgraph']),
    startServe([...EXAMPLE, '--store', join(dir, 'all.db'), '--runtime', 'all']),
  ]);
  chrome = headlessChromium(chromium, { viewport: { width: 1280, height: 860 } });
  browser = await chrome.context;
}, CHROMIUM_LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await chrome?.close();
  await served?.stop();
  await all?.stop();
  rmSync(dir, { recursive: true, force: true });
}, CHROMIUM_LAUNCH_TIMEOUT_MS);

describe(`the serve playground in headless Chromium${SKIPPED}`, () => {
  it.skipIf(!HAVE_CHROMIUM)('chats with the flow over AG-UI: a user-input request, a streamed reply, an approval, the graph\'s current node; nothing fetched elsewhere', async () => {
    const page = await browser!.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${served!.url}/?token=${TOKEN}`);
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.title()).toBe('agentspec playground — Refund desk');
    expect(await page.locator('#runtime option').allTextContents()).toEqual(['all, side by side', 'reference', 'langgraph']);
    // one runtime at a time (the switcher)
    await page.selectOption('#runtime', 'reference');
    expect(await page.locator('#graph g.node').count()).toBe(6);

    // a new thread: the inputs, then Send starts the flow, which asks a question (an interrupt answered in the message box)
    await page.fill('#inputs', '{"customer": "Ada"}');
    await page.click('#send');
    await page.waitForSelector('#pending .interrupt.input_required');
    expect(await page.locator('.msg.assistant').last().textContent()).toBe('Hello Ada, which order should be refunded, and why?');
    expect(await page.locator('#graph g.node.current').getAttribute('id')).toBe('ask');

    // the answer: the LLM's proposal streams in, then the refund waits for approval
    await page.fill('#input', 'order 17, it arrived broken');
    await page.press('#input', 'Enter');
    await page.waitForSelector('#pending .interrupt.tool_confirmation');
    const streamed = page.locator('.msg.assistant[data-deltas]');
    expect(await streamed.last().textContent()).toBe('42.50 euros');
    expect(Number(await streamed.last().getAttribute('data-deltas'))).toBeGreaterThan(1);
    expect(await page.locator('#pending .interrupt-message').textContent()).toContain('issue_refund');
    expect(await page.locator('#graph g.node.current').getAttribute('id')).toBe('refund');
    mkdirSync(join(ROOT, '.reports'), { recursive: true });
    await page.screenshot({ path: join(ROOT, '.reports', 'serve-playground-approval.png'), fullPage: true });

    await page.click('#pending button.approve');
    await page.waitForSelector('.outputs');
    expect(await page.locator('.tool .tool-name').last().textContent()).toBe('issue_refund');
    expect(await page.locator('.tool .tool-result').last().textContent()).toContain('R-1001: 42.50 euros');
    expect(await page.locator('.msg.assistant').last().textContent()).toBe('Refund issued: R-1001: 42.50 euros for "order 17, it arrived broken"');
    expect(await page.locator('.outputs').textContent()).toContain('"receipt":"R-1001');
    await page.screenshot({ path: join(ROOT, '.reports', 'serve-playground.png'), fullPage: true });

    // the thread's trace view, in the trace viewer's page
    const link = await page.locator('.column-head a.trace-link').getAttribute('href');
    expect(link).toMatch(/^traces\/playground-reference-[^/]+\/view\?token=playground-token$/);
    const trace = await browser!.newPage();
    await trace.goto(`${served!.url}/${link}`);
    expect(await trace.title()).toBe('agentspec trace — Refund desk');
    expect(await trace.locator('body').textContent()).toContain('issue the refund');
    await trace.close();

    expect(errors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith(served!.url))).toEqual([]);
  });

  it.skipIf(!HAVE_CHROMIUM)('--runtime all: one message goes to every runtime, side by side, one reply per column, the differences marked', async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${all!.url}/`);
    await page.waitForSelector('body[data-ready="true"]');
    const runtimes = ['reference', 'langgraph', 'ai-sdk', 'openai-agents', 'mastra'];
    expect(await page.locator('#runtime').inputValue()).toBe('*');
    expect(await page.locator('.column .column-name').allTextContents()).toEqual(runtimes);

    await page.fill('#inputs', '{"customer": "Ada"}');
    await page.click('#send');
    await page.waitForSelector('body[data-busy="false"] .column:nth-child(5) .pending .interrupt');
    for (const rt of runtimes) {
      const column = page.locator(`.column[data-runtime="${rt}"]`);
      expect(await column.locator('.msg.assistant').allTextContents()).toEqual(['Hello Ada, which order should be refunded, and why?']);
    }

    // one message, one streamed reply per column; the same everywhere, so nothing is marked
    await page.fill('#input', 'order 17, it arrived broken');
    await page.press('#input', 'Enter');
    for (const rt of runtimes) await page.waitForSelector(`.column[data-runtime="${rt}"] .pending .interrupt.tool_confirmation`);
    await page.waitForSelector('body[data-busy="false"]');
    for (const rt of runtimes) {
      const column = page.locator(`.column[data-runtime="${rt}"]`);
      expect(await column.locator('.msg.assistant').last().textContent()).toBe('42.50 euros');
      expect(await column.locator('.msg.user').allTextContents()).toEqual(['order 17, it arrived broken']);
    }
    expect(await page.locator('.column.differs').count()).toBe(0);
    expect(await page.locator('.column[data-runtime="mastra"] .diff-note').textContent()).toBe('same as reference');

    // approved in one column only: that column finishes, the others still wait — marked as differing
    await page.click('.column[data-runtime="langgraph"] .pending button.approve');
    await page.waitForSelector('.column[data-runtime="langgraph"] .outputs');
    await page.waitForSelector('.column[data-runtime="langgraph"].differs');
    expect(await page.locator('.column[data-runtime="langgraph"]').getAttribute('data-differs')).toContain('reply');
    mkdirSync(join(ROOT, '.reports'), { recursive: true });
    await page.screenshot({ path: join(ROOT, '.reports', 'serve-playground-side-by-side.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
