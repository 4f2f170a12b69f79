import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, headlessChromium, type PersistentLauncher } from '../src/index.js';

/**
 * A launcher that behaves as playwright's does with Chromium for the parts
 * headlessChromium relies on: it takes a while, writes into the profile
 * folder while it starts, and may fail.
 */
function slowLauncher(opts: { ms: number; fail?: boolean }) {
  const seen: { dir?: string; options?: unknown; closed: number } = { closed: 0 };
  const launcher: PersistentLauncher<{ close(): Promise<void> }> = {
    async launchPersistentContext(dir, options) {
      seen.dir = dir;
      seen.options = options;
      mkdirSync(join(dir, 'Default'), { recursive: true });
      await new Promise((r) => setTimeout(r, opts.ms));
      writeFileSync(join(dir, 'Default', 'Preferences'), '{}');
      if (opts.fail) throw new Error('Chromium did not start');
      return { close: async () => { seen.closed++; } };
    },
  };
  return { launcher, seen };
}

describe('headlessChromium', () => {
  it('launches Debian\'s chromium headless in a fresh profile, with the given viewport', async () => {
    const { launcher, seen } = slowLauncher({ ms: 1 });
    const chrome = headlessChromium(launcher, { viewport: { width: 800, height: 600 } });
    await chrome.context;
    expect(seen.options).toEqual({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS], viewport: { width: 800, height: 600 } });
    expect(CHROMIUM_ARGS).toContain('--headless');
    expect(seen.dir).toMatch(/agentspec-chromium-/);
    expect(existsSync(seen.dir!)).toBe(true);
    await chrome.close();
    expect(seen.closed).toBe(1);
    expect(existsSync(seen.dir!)).toBe(false);
  });

  it('close() during a launch still under way (a timed-out beforeAll) waits for it, closes the browser, then removes the profile', async () => {
    const { launcher, seen } = slowLauncher({ ms: 150 });
    const chrome = headlessChromium(launcher);
    await chrome.close(); // before the launch settled
    expect(seen.closed).toBe(1);
    expect(existsSync(seen.dir!)).toBe(false);
  });

  it('a failed launch rejects `context`; close() still removes the profile and does not throw', async () => {
    const { launcher, seen } = slowLauncher({ ms: 10, fail: true });
    const chrome = headlessChromium(launcher);
    await expect(chrome.context).rejects.toThrow('Chromium did not start');
    await chrome.close();
    expect(seen.closed).toBe(0);
    expect(existsSync(seen.dir!)).toBe(false);
  });
});
