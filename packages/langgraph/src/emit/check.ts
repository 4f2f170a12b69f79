import { AgentSpecLoadError, hasErrors, isBuiltinType, validateComponent, type Component } from '@agentspec/core';
import { eachComponent, RuntimeError } from '@agentspec/runtime';
import type { CompileWarning } from '../compile/options.js';

const REMOTE_AGENTS = new Set(['OpenAiAgent', 'OciAgent']);

/** Fields that hold secrets (core's list): never written into a module. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['api_key', 'sensitive_headers', 'password', 'wallet_password', 'client_secret', 'credentials']);

/**
 * Refuse what the emitter cannot write, as compileLangGraph does: an invalid
 * spec (AgentSpecLoadError), a root that is not an Agent or a Flow, remote
 * agents, OCI GenAI configs and components of no known type (AS_UNSUPPORTED).
 * ServerTool implementations are not needed: they are given to `build()`.
 * Returns a warning per secret field of the spec, which is not written.
 */
export function checkEmittable(root: Component): CompileWarning[] {
  const warnings: CompileWarning[] = [];
  const diagnostics = validateComponent(root);
  if (hasErrors(diagnostics)) throw new AgentSpecLoadError(diagnostics);
  if (root.component_type !== 'Agent' && root.component_type !== 'Flow') {
    throw new RuntimeError('AS_UNSUPPORTED', `a ${root.component_type} cannot be emitted as a LangGraph module on its own: emit an Agent or a Flow`);
  }
  eachComponent(root, (c) => {
    const { component_type: type, id } = c;
    if (REMOTE_AGENTS.has(type)) throw new RuntimeError('AS_UNSUPPORTED', `${type} '${id}' (a remote agent) cannot run in a LangGraph graph`);
    if (!isBuiltinType(type)) throw new RuntimeError('AS_UNSUPPORTED', `${type} '${id}' is not a component the LangGraph emitter knows`, {}, { hint: 'plugin and later-version components need a compiler handler' });
    if (type === 'OciGenAiConfig') throw new RuntimeError('AS_UNSUPPORTED', `OciGenAiConfig '${id}' cannot be emitted`, { llm: id }, { hint: 'point it at an OpenAI-compatible endpoint' });
    for (const field of SECRET_FIELDS) {
      const value = (c as unknown as Record<string, unknown>)[field];
      if (value !== undefined && value !== null) warnings.push({ kind: 'unsupported', component: id, message: `${field} of ${type} '${id}' is a secret: it is not written into the module (the runtimes do not send it either)` });
    }
  });
  return warnings;
}
