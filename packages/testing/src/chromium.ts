import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's `chromium`, which `scripts/ensure-chromium.sh` installs; no browser build is downloaded. */
export const CHROMIUM = '/usr/bin/chromium';
/** Whether {@link CHROMIUM} is installed; browser tests skip, saying so, without it. */
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
/**
 * How long a browser test's `beforeAll` may take to launch Chromium. On two
 * busy cores (the whole suite running) a launch has taken over 10 s, vitest's
 * default hook timeout.
 */
export const CHROMIUM_LAUNCH_TIMEOUT_MS = 120_000;
/** Headless, no network of its own: no updates, sync, QUIC or first-run pages. */
export const CHROMIUM_ARGS: readonly string[] = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** What `playwright-core`'s `chromium` offers that this needs (kept structural: no dependency on playwright here). */
export interface PersistentLauncher<C> {
  launchPersistentContext(userDataDir: string, options: { executablePath: string; args: string[]; viewport?: { width: number; height: number } }): Promise<C>;
}

export interface HeadlessChromium<C> {
  /** The browser context; rejects when the launch fails. */
  readonly context: Promise<C>;
  /**
   * Close the browser — after its launch settles, when it is still under way —
   * and remove its profile folder. Safe to call when the launch failed.
   */
  close(): Promise<void>;
}

/**
 * Launch {@link CHROMIUM} headless in a fresh profile folder (playwright
 * passes it as `--user-data-dir`). `close()` waits for a launch still under
 * way before it removes the folder: a test whose `beforeAll` timed out would
 * otherwise delete the profile while Chromium still writes into it.
 */
export function headlessChromium<C extends { close(): Promise<void> }>(
  launcher: PersistentLauncher<C>,
  options: { viewport?: { width: number; height: number } } = {},
): HeadlessChromium<C> {
  const profile = mkdtempSync(join(tmpdir(), 'agentspec-chromium-'));
  const context = launcher.launchPersistentContext(profile, { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS], ...options });
  context.catch(() => undefined); // the caller sees the rejection through `context`
  return {
    context,
    async close() {
      const opened = await context.then((c) => c, () => undefined);
      try {
        await opened?.close();
      } finally {
        // Chromium's last writes may land while the folder is removed
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      }
    },
  };
}
