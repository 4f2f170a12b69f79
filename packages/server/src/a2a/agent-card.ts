import type { AgentCard, AgentSkill } from '@a2a-js/sdk';
import { A2A_PROTOCOL_VERSION } from '@a2a-js/sdk';
import { duplicateInterfacesForLegacy } from '@a2a-js/sdk/compat/v0_3';
import type { Component, Property } from '@agentspec/core';
import { eachComponent } from '@agentspec/runtime';
import { SERVER_VERSION } from '../version.js';

/**
 * The A2A agent card of a served spec: its name and description, one skill
 * for the spec itself (its inputs in the description) and one per tool it
 * offers, the JSON-RPC interface at `<base>/a2a` (A2A 1.0, and 0.3 for older
 * clients), a bearer security scheme when the server has a token.
 */
export function agentCard(component: Component, baseUrl: string, secured: boolean): AgentCard {
  const c = component as Component & { description?: string | null; inputs?: readonly Property[] };
  const inputs = (c.inputs ?? []).map((p) => `${p.title}${p.type ? ` (${String(p.type)})` : ''}${p.description ? `: ${p.description}` : ''}`);
  const skill = (id: string, name: string, description: string, tags: string[]): AgentSkill => ({
    id, name, description, tags, examples: [], inputModes: ['text/plain', 'application/json'], outputModes: ['text/plain', 'application/json'], securityRequirements: [],
  });
  const skills: AgentSkill[] = [
    skill(c.id, c.name, `${c.description ?? `The ${c.component_type} ${c.name}.`}${inputs.length > 0 ? ` Inputs: ${inputs.join('; ')}.` : ''}`, [c.component_type.toLowerCase()]),
  ];
  const seen = new Set<string>();
  eachComponent(component, (t) => {
    if (!/Tool$/.test(t.component_type) || seen.has(t.name)) return;
    seen.add(t.name);
    const d = (t as { description?: string | null }).description;
    skills.push(skill(`tool:${t.name}`, t.name, d ?? `The tool ${t.name}.`, ['tool']));
  });
  return {
    name: c.name,
    description: c.description ?? `${c.component_type} ${c.name}, served by agentspec`,
    supportedInterfaces: duplicateInterfacesForLegacy([{ url: `${baseUrl}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: A2A_PROTOCOL_VERSION }], ['JSONRPC']),
    provider: undefined,
    version: SERVER_VERSION,
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: secured ? { bearer: { scheme: { $case: 'httpAuthSecurityScheme', value: { description: 'the server\'s --token', scheme: 'bearer', bearerFormat: '' } } } } : {},
    securityRequirements: secured ? [{ schemes: { bearer: { list: [] } } }] : [],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['text/plain', 'application/json'],
    skills,
    signatures: [],
  };
}
