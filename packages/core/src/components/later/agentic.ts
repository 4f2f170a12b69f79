import { comp, compList, IO_FIELDS, str } from '../../model/fields.js';
import type { Swarm } from '../../model/later-types.js';
import type { ComponentHandler, Draft } from '../handler.js';
import { bool, nstr, obj, num, retryPolicy } from './fields.js';

function noIO(d: Draft): void {
  d.inputs ??= [];
  d.outputs ??= [];
}

const HANDOFF_MODES = ['never', 'optional', 'always'];

export const swarm: ComponentHandler = {
  type: 'Swarm',
  summary: 'Agents that talk to (or hand the conversation over to) the agents their relationships allow, starting with first_agent.',
  fields: [
    ...IO_FIELDS,
    { name: 'first_agent', type: comp('AgenticComponent'), required: true },
    { name: 'relationships', type: { kind: 'component-pairs', family: 'AgenticComponent' }, required: true },
    { name: 'handoff', type: { kind: 'json' }, description: 'A boolean (25.4.2), or never | optional | always (26.1.0).' },
  ],
  infer: noIO,
  check(c, ctx) {
    const s = c as unknown as Swarm;
    const h = s.handoff;
    if (h !== undefined && typeof h !== 'boolean' && !(typeof h === 'string' && HANDOFF_MODES.includes(h))) {
      ctx.report('AS_WRONG_TYPE', s, ['handoff'], `handoff must be a boolean or one of ${HANDOFF_MODES.join(', ')}`);
    }
    if (Array.isArray(s.relationships) && s.relationships.length === 0) {
      ctx.report('AS_WRONG_TYPE', s, ['relationships'], 'a Swarm needs at least one relationship (use an Agent otherwise)');
    }
  },
};

export const managerWorkers: ComponentHandler = {
  type: 'ManagerWorkers',
  summary: 'A group manager agent that delegates to worker agents.',
  fields: [
    ...IO_FIELDS,
    { name: 'group_manager', type: comp('AgenticComponent'), required: true },
    { name: 'workers', type: compList('AgenticComponent'), required: true },
  ],
  infer: noIO,
};

export const agentSpecializationParameters: ComponentHandler = {
  type: 'AgentSpecializationParameters',
  summary: 'What a SpecializedAgent adds to its agent: instructions, tools, human in the loop.',
  fields: [
    ...IO_FIELDS,
    nstr('additional_instructions'),
    { name: 'additional_tools', type: compList('Tool'), nullable: true },
    bool('human_in_the_loop', { nullable: true }),
  ],
  infer: noIO,
};

export const specializedAgent: ComponentHandler = {
  type: 'SpecializedAgent',
  summary: 'An Agent specialized with additional instructions and tools.',
  fields: [
    ...IO_FIELDS,
    { name: 'agent', type: comp('Agent'), required: true },
    { name: 'agent_specialization_parameters', type: comp('AgentSpecializationParameters'), required: true },
  ],
  infer(d, ensure) {
    const a = d.agent as Record<string, unknown> | undefined;
    ensure(a);
    d.inputs ??= a?.inputs ?? [];
    d.outputs ??= a?.outputs ?? [];
  },
};

export const a2aConnectionConfig: ComponentHandler = {
  type: 'A2AConnectionConfig',
  summary: 'How an A2AAgent connects: timeout, headers, TLS verification and client certificate.',
  fields: [
    num('timeout'),
    { name: 'headers', type: { kind: 'string-map' }, nullable: true },
    bool('verify'),
    nstr('key_file'),
    nstr('cert_file'),
    nstr('ssl_ca_cert'),
    retryPolicy,
  ],
};

export const a2aAgent: ComponentHandler = {
  type: 'A2AAgent',
  summary: 'A remote agent reached at agent_url through the A2A protocol.',
  fields: [
    ...IO_FIELDS,
    { name: 'agent_url', type: str, required: true },
    { name: 'connection_config', type: comp('A2AConnectionConfig'), required: true },
    obj('session_parameters', { nullable: false }),
  ],
  infer: noIO,
};
