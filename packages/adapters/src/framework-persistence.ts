import { mkdirSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { StoreLocation } from '@agentspec/runtime';

/**
 * The load option `checkpointer` that makes a runtime keep its own state in
 * a session store's database (what `agentspec run --store` and `agentspec
 * serve --store` give): LangGraph's SQLite or PostgreSQL checkpointer on the
 * same file or URL; Mastra's LibSQL store in a file next to the SQLite one
 * (`sessions.mastra.db`), or with PostgreSQL its suspended runs inside the
 * saved session (`{ kind: 'in-save' }`). The reference, AI SDK and OpenAI
 * Agents runtimes save everything in their `save()` JSON and need none.
 */
export function frameworkPersistence(runtime: string, location: StoreLocation): unknown {
  if (runtime === 'langgraph') {
    if (location.kind === 'postgres') return { kind: 'postgres', url: location.url };
    mkdirSync(dirname(location.path), { recursive: true });
    return { kind: 'sqlite', path: location.path };
  }
  if (runtime === 'mastra') {
    // Mastra's stores are LibSQL here (no PostgreSQL store installed): with PostgreSQL its suspended runs travel in the save
    if (location.kind === 'postgres') return { kind: 'in-save' };
    mkdirSync(dirname(location.path), { recursive: true });
    const ext = extname(location.path);
    return `file:${join(dirname(location.path), `${basename(location.path, ext)}.mastra${ext || '.db'}`)}`;
  }
  return undefined;
}
