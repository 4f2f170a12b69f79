import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTraces } from '@agentspec/runtime';
import { CHROMIUM, CHROMIUM_LAUNCH_TIMEOUT_MS, HAVE_CHROMIUM, headlessChromium, type HeadlessChromium } from '@agentspec/testing';
import { cli, cliWithInput, tempFiles } from './helpers.js';

/**
 * The trace viewer in a real headless Chromium (Debian's `chromium`, driven
 * by playwright-core). scripts/test-all.sh installs it when absent; without
 * it these tests are skipped, saying so.
 */
const SKIPPED = HAVE_CHROMIUM ? '' : ` — SKIPPED: ${CHROMIUM} is absent (apt-get install -y chromium, as scripts/test-all.sh does)`;

const repo = (p: string) => fileURLToPath(new URL(`../../../${p}`, import.meta.url));
const QUESTION = 'What is the weather in Zurich?';
const weather = (rules: string) => ['run', repo('examples/specs/weather-agent.yaml'), '--offline', rules, '--tools', repo('examples/tools/weather.ts')];

let chrome: HeadlessChromium<BrowserContext> | undefined;
let browser: BrowserContext | undefined;
beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  chrome = headlessChromium(chromium);
  browser = await chrome.context;
}, CHROMIUM_LAUNCH_TIMEOUT_MS);
afterAll(() => chrome?.close(), CHROMIUM_LAUNCH_TIMEOUT_MS);

/** Open a page of `agentspec trace view`; every request the page makes is collected. */
async function open(html: string) {
  const page = await browser!.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pathToFileURL(html).href);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, requests, errors };
}

describe(`agentspec trace view in headless Chromium${SKIPPED}`, () => {
  it.skipIf(!HAVE_CHROMIUM)('renders the span tree as a timeline; expanding the tool span shows its arguments and result; nothing is fetched', async () => {
    const files = tempFiles({});
    expect((await cliWithInput([QUESTION], ...weather(repo('examples/scripted-llm/weather-agent.yaml')), '--trace', files('out.json'))).code).toBe(0);
    expect((await cli('trace', 'view', files('out.json'), '-o', files('view.html'))).code).toBe(0);
    const { page, requests, errors } = await open(files('view.html'));
    try {
      expect(errors).toEqual([]);
      expect(await page.title()).toBe('agentspec trace — Weather assistant');
      const rows = page.locator('.trace .span');
      expect(await rows.count()).toBe(4);
      expect(await page.locator('.trace .row .name').allTextContents()).toEqual(['Weather assistant', 'local model', 'get_forecast', 'local model']);
      // the tool span's details are hidden until its label is clicked
      const tool = page.locator('.span[data-kind="ToolExecutionSpan"]');
      const details = tool.locator('> .details');
      expect(await details.isVisible()).toBe(false);
      await tool.locator('> .row .label').click();
      expect(await details.isVisible()).toBe(true);
      expect(await tool.locator('> .row .label').getAttribute('aria-expanded')).toBe('true');
      const text = await details.innerText();
      expect(text).toMatch(/ARGUMENTS\s+\{\s+"city": "Zurich"\s+\}/);
      expect(text).toMatch(/RESULT\s+sunny, 21°C in Zurich/);
      // an LLM span shows its prompt, answer and tokens
      const llm = page.locator('.span[data-kind="LlmGenerationSpan"]').first();
      await llm.locator('> .row .label').click();
      const llmText = await llm.locator('> .details').innerText();
      expect(llmText).toContain(`user: ${QUESTION}`);
      expect(llmText).toMatch(/TOOL CALLS[\s\S]*get_forecast/);
      expect(llmText).toMatch(/TOKENS\s+input \d+, output \d+, total \d+/);
      // collapsing the agent's children hides them
      await page.locator('.span[data-kind="AgentExecutionSpan"] > .row .twisty').click();
      expect(await tool.isVisible()).toBe(false);
      expect(requests.every((u) => u.startsWith('file:'))).toBe(true);
      expect(requests).toHaveLength(1);
    } finally {
      await page.close();
    }
  });

  it.skipIf(!HAVE_CHROMIUM)('shows several traces side by side and marks the spans where the trees differ', async () => {
    const files = tempFiles({ 'direct.yaml': `rules:\n  - match: { lastUserMessage: { contains: weather } }\n    answer: { toolCalls: [{ name: submit_result, arguments: { summary: "No idea." } }] }\n` });
    await cliWithInput([QUESTION], ...weather(repo('examples/scripted-llm/weather-agent.yaml')), '--trace', files('with-tool.json'));
    await cliWithInput([QUESTION], ...weather(files('direct.yaml')), '--trace', files('direct.json'));
    expect((await cli('trace', 'view', files('with-tool.json'), files('direct.json'), '-o', files('both.html'))).code).toBe(0);
    const { page, errors } = await open(files('both.html'));
    try {
      expect(errors).toEqual([]);
      expect(await page.locator('section.trace h2').allTextContents()).toEqual(['reference', 'reference #2']);
      const banner = page.locator('#comparison');
      expect(await banner.isVisible()).toBe(true);
      expect(await banner.innerText()).toContain("The span trees differ from reference's in 2 places");
      expect(await banner.locator('li').allTextContents()).toEqual([
        "reference #2 lacks tool execution 'get_forecast' under agent 'Weather assistant' (reference has it)",
        "reference #2 lacks LLM generation 'local model' under agent 'Weather assistant' (reference has it)",
      ]);
      // marked in the first trace: the tool execution and the second generation, not the spans both have
      const marked = page.locator('section.trace[data-trace="reference"] .span:has(> .row.differs)');
      expect(await marked.evaluateAll((spans) => spans.map((s) => s.getAttribute('data-kind')))).toEqual(['ToolExecutionSpan', 'LlmGenerationSpan']);
      expect(await page.locator('section.trace[data-trace="reference #2"] .row.differs').count()).toBe(0);
      const ids = parseTraces(readFileSync(files('with-tool.json'), 'utf8'))[0]!.spans.filter((s) => s.kind === 'ToolExecutionSpan').map((s) => s.id);
      expect(await marked.first().getAttribute('data-span-id')).toBe(ids[0]);
    } finally {
      await page.close();
    }
  });

  it.skipIf(!HAVE_CHROMIUM)('shows what a trace holds as text: markup in an answer or a name neither runs nor loads anything', async () => {
    const files = tempFiles({});
    await cliWithInput([QUESTION], ...weather(repo('examples/scripted-llm/weather-agent.yaml')), '--trace', files('out.json'));
    const hostile = '</script><script>document.title = "pwned"</script><img src="https://example.test/x.png" onerror="document.title = \'pwned\'">';
    const [trace] = parseTraces(readFileSync(files('out.json'), 'utf8'));
    const spans = trace!.spans.map((s) => (s.kind === 'ToolExecutionSpan' ? { ...s, name: `<b>${s.name}</b>`, endAttributes: { outputs: hostile } } : s));
    writeFileSync(files('hostile.json'), JSON.stringify({ ...trace, spans }));
    expect((await cli('trace', 'view', files('hostile.json'))).code).toBe(0);
    const { page, requests, errors } = await open(files('hostile.html'));
    try {
      expect(errors).toEqual([]);
      const tool = page.locator('.span[data-kind="ToolExecutionSpan"]');
      expect(await tool.locator('> .row .name').textContent()).toBe('<b>get_forecast</b>');
      await tool.locator('> .row .label').click();
      expect(await tool.locator('> .details').innerText()).toContain(hostile);
      expect(await page.title()).toBe('agentspec trace — Weather assistant');
      expect(await page.locator('img, b').count()).toBe(0);
      expect(requests).toEqual([pathToFileURL(files('hostile.html')).href]);
    } finally {
      await page.close();
    }
  });
});
