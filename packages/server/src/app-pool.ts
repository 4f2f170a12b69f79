import type { App, ToolRegistry } from '@agentspec/runtime';

/** A loaded app of the pool: the abort controller it was loaded with, the tools of the turn it serves. */
export interface PooledApp {
  readonly app: App;
  /** The app's signal (its load option): aborted when the turn it serves is cancelled, timed out or stopped by a guard. */
  readonly controller: AbortController;
  /** The ServerTools of the turn it serves now (its guard's): the app's tools call these. */
  tools: ToolRegistry;
}

/** Loads an app for the pool: with this controller's signal, and these tools (which call the turn's). */
export type AppLoader = (controller: AbortController, tools: ToolRegistry) => Promise<App>;

/**
 * Loaded apps kept for the server's lifetime, by runtime (and client tools),
 * instead of loading the spec on every turn. An app serves one turn at a
 * time — it was loaded with its own abort signal and tools that call the
 * turn's guarded tools — and goes back to the pool when the turn is over,
 * unless its signal was aborted (a cancelled, timed-out or stopped turn):
 * then it is closed. At most `maxIdle` idle apps are kept per key (0: none,
 * every turn loads its app).
 */
export class AppPool {
  private readonly idle = new Map<string, PooledApp[]>();
  private closed = false;
  /** Loads made (for tests and measurements). */
  loads = 0;

  constructor(private readonly toolNames: readonly string[], private readonly maxIdle: number) {}

  /** An idle app of that key, else a new one. */
  async take(key: string, load: AppLoader): Promise<PooledApp> {
    const ready = this.idle.get(key)?.pop();
    if (ready) return ready;
    const controller = new AbortController();
    const pooled: { app?: App; controller: AbortController; tools: ToolRegistry } = { controller, tools: {} };
    const tools: ToolRegistry = Object.fromEntries(this.toolNames.map((name) => [name, (args: Record<string, unknown>) => {
      const f = pooled.tools[name];
      if (!f) throw new Error(`the tool ${name} is not served`);
      return f(args);
    }]));
    this.loads++;
    pooled.app = await load(controller, tools);
    return pooled as PooledApp;
  }

  /** The turn is over: keep the app for the next turn of that key, or close it. */
  async give(key: string, pooled: PooledApp): Promise<void> {
    pooled.tools = {};
    const list = this.idle.get(key) ?? [];
    if (this.closed || pooled.controller.signal.aborted || list.length >= this.maxIdle) {
      await pooled.app.close().catch(() => undefined);
      return;
    }
    list.push(pooled);
    this.idle.set(key, list);
  }

  /** Close every idle app (the server stops). */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(all.map((p) => p.app.close().catch(() => undefined)));
  }
}
