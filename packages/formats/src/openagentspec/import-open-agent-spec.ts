import { agent as buildAgent, compareVersions, type Agent, type Version } from '@agentspec/core';
import { pointer, Warnings, type FormatImport } from '../format-warning.js';
import type { ReadLimits } from '../read-document.js';
import { warnAgentFields } from './agent-fields.js';
import { capabilityTool } from './capability-tool.js';
import { llmConfig } from './llm-config.js';
import { OPENAGENTSPEC_KIND, readAgentDocument, type OasAgent } from './read-agent-document.js';
import { OPENAGENTSPEC_WARNING_CODES } from './warning-codes.js';

export interface OpenAgentSpecImportOptions {
  /** The OpenAI-compatible endpoint of the agent's LLM (`--llm-url`); OpenAgentSpec names none. */
  readonly llmUrl?: string;
  /** The model id (`--model`); alone, an OpenAiConfig. */
  readonly model?: string;
  /** The Agent Spec version the document will be written as: before 25.4.2 reviews cannot become `requires_confirmation`. Default: any. */
  readonly version?: Version;
  readonly limits?: ReadLimits;
}

/**
 * An OpenAgentSpec v1 agent (YAML or JSON text) as an Agent Spec Agent:
 * intent → system prompt, each capability → a ServerTool you implement,
 * reviews → `requires_confirmation`, and a coded warning for every part
 * without an equivalent (which is kept in metadata). Throws an
 * AgentSpecError with a code of FORMAT_ERROR_CODES for a document it cannot read.
 */
export function importOpenAgentSpec(text: string, options: OpenAgentSpecImportOptions = {}): FormatImport<Agent> {
  const oas = readAgentDocument(text, options.limits);
  const warnings = new Warnings(OPENAGENTSPEC_WARNING_CODES);
  const id = oas.name;
  const taken = new Set<string>();
  const confirmation = options.version === undefined || compareVersions(options.version, '25.4.2') >= 0;
  const tools = oas.capabilities.map((cap) => capabilityTool(cap, { warnings, taken, confirmation }));
  warnAgentFields(oas, id, warnings);
  let prompt = oas.intent;
  if (prompt.includes('{{')) {
    warnings.add('OAS_INTENT_BRACES', pointer('intent'), id, "the intent's '{{' would be read as a placeholder: written '{ {'");
    prompt = prompt.replaceAll('{{', '{ {');
  }
  const component = buildAgent({
    id,
    name: oas.name,
    description: oas.description,
    system_prompt: prompt,
    llm_config: llmConfig(id, options, warnings),
    tools,
    metadata: { openagentspec: provenance(oas) },
  });
  return { component, warnings: warnings.list };
}

/** What the Agent does not hold otherwise, as written: the kind, owner, and the fields without an equivalent. */
function provenance(oas: OasAgent): Record<string, unknown> {
  const rails = oas.guardrails;
  return {
    kind: OPENAGENTSPEC_KIND,
    owner: oas.owner,
    ...(rails.input || rails.output ? { guardrails: rails } : {}),
    ...(oas.exposes ? { exposes: oas.exposes } : {}),
    ...(oas.lifespan ? { lifespan: oas.lifespan } : {}),
    ...oas.extra,
  };
}
