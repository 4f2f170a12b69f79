import type { Agent, Component } from '@agentspec/core';
import { admit, eachComponent } from '@agentspec/runtime';
import { summarizationRule } from '@agentspec/runtime/emit';
import { LANGGRAPH_CAPABILITIES } from '../capabilities.js';
import type { CompileWarning } from '../compile/options.js';

/** Fields that hold secrets (core's list): never written into a module. */
export const SECRET_FIELDS: ReadonlySet<string> = new Set(['api_key', 'sensitive_headers', 'password', 'wallet_password', 'client_secret', 'credentials']);

/**
 * Refuse what the emitter cannot write (`admit()` with the emitter's
 * capabilities: as compileLangGraph, and OCI GenAI configs and mTLS MCP
 * transports too). ServerTool implementations are not needed: they are given
 * to `build()`. An agent's transform whose cache collection is missing from its datastore's schema is AS_DATASTORE,
 * as at load. Returns a warning per secret field of the spec, which is not written.
 */
export function checkEmittable(root: Component): CompileWarning[] {
  admit(root, LANGGRAPH_CAPABILITIES.emit);
  const warnings: CompileWarning[] = [];
  eachComponent(root, (c) => {
    const { component_type: type, id } = c;
    if (type === 'Agent') for (const t of (c as Agent).transforms ?? []) summarizationRule(t);
    for (const field of SECRET_FIELDS) {
      const value = (c as unknown as Record<string, unknown>)[field];
      if (value !== undefined && value !== null) warnings.push({ kind: 'unsupported', component: id, message: `${field} of ${type} '${id}' is a secret: it is not written into the module (the runtimes do not send it either)` });
    }
  });
  return warnings;
}
