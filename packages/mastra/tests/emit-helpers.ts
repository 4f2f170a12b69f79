import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, type Component } from '@agentspec/core';
import { retryingFetch } from '@agentspec/runtime';
import { emitMastra, type CompileMastraOptions, type MastraCompiled } from '../src/index.js';

/** Where the emitted modules go (git-ignored). */
export const EMITTED_DIR = fileURLToPath(new URL('./.emitted/', import.meta.url));

/**
 * Emitted flow modules import `@agentspec/mastra`, as a user's project would:
 * `.emitted/node_modules` links this package (MCP agents import
 * `@modelcontextprotocol/sdk`, a devDependency of this package).
 */
export function prepareEmittedDir(): void {
  mkdirSync(EMITTED_DIR, { recursive: true });
  const self = join(EMITTED_DIR, 'node_modules', '@agentspec', 'mastra');
  if (!existsSync(self)) {
    mkdirSync(dirname(self), { recursive: true });
    symlinkSync(fileURLToPath(new URL('../', import.meta.url)), self, 'dir');
  }
}

/** A file name for a component's module: its id and a hash of the code (cases may share ids). */
export function emittedFile(component: Component, code: string): string {
  const id = component.id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
  return join(EMITTED_DIR, `${id}-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.ts`);
}

/** Writes the module of a component; its path. */
export function writeEmitted(component: Component): string {
  const { code } = emitMastra(component, { source: `${component.id}.yaml` });
  const file = emittedFile(component, code);
  writeFileSync(file, code);
  return file;
}

/** The BuildOptions of an emitted module from the options the runtime gives `compileMastra`. */
export function buildOptionsOf(o: CompileMastraOptions): Record<string, unknown> {
  const override = o.llm?.override;
  return {
    tools: o.tools ?? {},
    llm: {
      ...(override ? { baseURL: override.url, model: override.model, apiKey: override.apiKey } : { apiKey: o.llm?.apiKey }),
      credentialHosts: o.llm?.credentialHosts,
      // the module retries (the runtime's retries, or the spec's retry_policy); each attempt goes through the session's ledger
      timeoutMs: o.llm?.timeoutMs, retries: o.llm?.retries, maxRetryAfterMs: o.llm?.maxRetryAfterMs, fetch: retryingFetch({ retries: 0 }),
    },
    maxAgentSteps: o.limits?.maxAgentSteps,
    ...(o.limits ? { limits: o.limits } : {}),
    ...(o.network ? { network: o.network } : {}),
    ...(o.limits?.http ? { http: o.limits.http } : {}),
  };
}

/** The `compile` hook of mastraRuntime: emit the module, import it, call its `build`. */
export async function emittedCompile(component: Component, options: CompileMastraOptions): Promise<MastraCompiled> {
  prepareEmittedDir();
  const file = writeEmitted(component);
  const mod = await import(/* @vite-ignore */ file) as { build(o: unknown): MastraCompiled };
  return mod.build(buildOptionsOf(options));
}

/** Strings that must stay data: quotes, backticks, `${`, newlines, a comment end, backslashes, a `{{` that is not an input. */
export const NASTY = 'it\'s "x" `y` ${z} */ \\n\\ {{other}}\nline 2\r\u2028end';

export const nastyAgent = (): Component => deserialize(JSON.stringify({
  component_type: 'Agent', id: 'nasty', name: `Nasty ${NASTY}`, description: NASTY,
  system_prompt: `Hello {{who}}. ${NASTY}`,
  inputs: [{ title: 'who', type: 'string', description: NASTY, default: NASTY }, { title: 'other', type: 'string' }],
  llm_config: { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: NASTY, url: 'http://127.0.0.1:8000' },
  tools: [{ component_type: 'ServerTool', id: 'tool', name: 'odd-name', description: NASTY, inputs: [{ title: 'a b', type: 'string', description: NASTY }] }],
  agentspec_version: '25.4.2',
}));

/** A flow whose ids clash with the module's own names and carry quotes, and whose message is full of them. */
export const oddFlow = (): Component => deserialize(JSON.stringify({
  component_type: 'Flow', id: 'odd flow */', name: `Odd ${NASTY}`,
  start_node: { $component_ref: 'createStep' },
  nodes: [{ $component_ref: 'createStep' }, { $component_ref: 'say' }, { $component_ref: 'workflow' }],
  control_flow_connections: [
    { component_type: 'ControlFlowEdge', id: 'c1', name: 'c1', from_node: { $component_ref: 'createStep' }, to_node: { $component_ref: 'say' } },
    { component_type: 'ControlFlowEdge', id: 'c2', name: 'c2', from_node: { $component_ref: 'say' }, to_node: { $component_ref: 'workflow' } },
  ],
  data_flow_connections: null,
  $referenced_components: {
    createStep: { component_type: 'StartNode', id: 'createStep', name: 'start', inputs: [{ title: 'who', type: 'string' }] },
    say: { component_type: 'OutputMessageNode', id: `say ${NASTY}`, name: NASTY, message: `{{who}}: ${NASTY.replace('{{other}}', '')}` },
    workflow: { component_type: 'EndNode', id: 'workflow', name: 'end' },
  },
  agentspec_version: '25.4.1',
}));

/** A Swarm whose agents' ids and names clash with the module's own names and carry quotes, `${`, comment ends. */
export const oddSwarm = (): Component => {
  const llm = { component_type: 'OpenAiCompatibleConfig', id: 'llm', name: 'llm', model_id: NASTY, url: 'http://127.0.0.1:8000' };
  const agent = (id: string, name: string) => ({ component_type: 'Agent', id, name, description: NASTY, system_prompt: `${name}: ${NASTY}`, llm_config: { $component_ref: 'llm' }, tools: [] });
  return deserialize(JSON.stringify({
    component_type: 'Swarm', id: 'odd swarm */', name: `Odd ${NASTY}`,
    first_agent: { $component_ref: 'members' },
    relationships: [[{ $component_ref: 'members' }, { $component_ref: 'proto' }], [{ $component_ref: 'proto' }, { $component_ref: 'members' }]],
    handoff: 'optional',
    $referenced_components: { llm, members: agent('members', 'members'), proto: agent('it\'s ${x} */', 'build */ ${x}') },
    agentspec_version: '26.1.0',
  }));
};
