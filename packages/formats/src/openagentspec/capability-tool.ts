import { serverTool, type ServerTool } from '@agentspec/core';
import { pointer, type Warnings } from '../format-warning.js';
import { parseCapabilityReference } from './capability-reference.js';
import type { OasCapability, OasRestriction } from './read-agent-document.js';
import { functionName } from './tool-name.js';
import type { OpenAgentSpecWarningCode } from './warning-codes.js';

export interface CapabilityContext {
  readonly warnings: Warnings<OpenAgentSpecWarningCode>;
  /** Tool names given so far (a new one must differ). */
  readonly taken: Set<string>;
  /** Whether the target version has `requires_confirmation` (25.4.2 and later). */
  readonly confirmation: boolean;
}

/**
 * One capability as a ServerTool the user implements: a tool takes one
 * string `input`, an agent (multi-agent specs are not run yet) one string
 * `request`. Reviews become `requires_confirmation`; identities, CEL
 * assertions and `collect_results: false` are warnings, the capability as
 * written is kept in the tool's metadata.
 */
export function capabilityTool(cap: OasCapability, context: CapabilityContext): ServerTool {
  const { warnings } = context;
  const ref = parseCapabilityReference(cap.reference);
  const at = pointer('capabilities', cap.reference);
  const name = functionName(ref.name, context.taken);
  context.taken.add(name);
  const id = `tool:${name}`;
  if (name !== ref.name) warnings.add('OAS_TOOL_RENAMED', at, id, `capability '${cap.reference}' is the tool '${name}' (LLM function names take only letters, digits, '_' and '-', up to 64, and each once)`);
  const isTool = ref.kind === 'tool';
  if (ref.kind === 'tool') {
    warnings.add('OAS_TOOL_AS_SERVER_TOOL', at, id, `tool '${ref.name}' is a ServerTool '${name}' taking one string 'input': implement it in the tools registry (tools: { '${name}': ({ input }) => … })`);
  } else if (ref.kind === 'agent') {
    warnings.add('OAS_AGENT_AS_TOOL', at, id, `agent '${ref.name}' is a ServerTool '${name}' taking one string 'request' (multi-agent specs are not run yet): implement it by running that agent and returning its reply`);
  } else {
    warnings.add('OAS_REMOTE_AGENT', at, id, `remote agent ${ref.url} is not fetched: it is a ServerTool '${name}' taking one string 'request', to implement (e.g. by calling that server)`);
  }
  if (cap.user_identity !== false) {
    warnings.add('OAS_USER_IDENTITY', pointer('capabilities', cap.reference, 'user_identity'), id, `'${cap.reference}' is to run with the calling user's identity${cap.user_identity === undefined ? ' (user_identity is absent, which means true)' : ''}: Agent Spec has no caller identity; the tool implementation chooses its credentials`);
  }
  if (cap.static_identity !== undefined) {
    warnings.add('OAS_STATIC_IDENTITY', pointer('capabilities', cap.reference, 'static_identity'), id, `the credentials '${cap.static_identity}' of '${cap.reference}' are not carried by the spec: kept in metadata for the tool implementation`);
  }
  if (cap.collect_results === false) {
    warnings.add('OAS_COLLECT_RESULTS', pointer('capabilities', cap.reference, 'collect_results'), id, `'${cap.reference}' asks that its results stay out of the engagement: tool results always go into the conversation`);
  }
  const reviewed = [review(cap, 'input_restriction', cap.input_restriction, id, context), review(cap, 'output_restriction', cap.output_restriction, id, context)];
  const confirm = reviewed.includes(true);
  for (const side of ['input_restriction', 'output_restriction'] as const) {
    const r = cap[side];
    if (r?.assertion !== undefined) {
      warnings.add('OAS_ASSERTION', pointer('capabilities', cap.reference, side, 'assertion'), id, `the CEL assertion ${JSON.stringify(r.assertion)} of '${cap.reference}' is not evaluated (no expression of a document is): kept in metadata`);
    }
    for (const key of Object.keys(r?.extra ?? {})) warnings.add('OAS_UNKNOWN_FIELD', pointer('capabilities', cap.reference, side, key), id, `'${key}' is not a field of an OpenAgentSpec v1 restriction: kept in metadata`);
  }
  for (const key of Object.keys(cap.extra)) warnings.add('OAS_UNKNOWN_FIELD', pointer('capabilities', cap.reference, key), id, `'${key}' is not a field of an OpenAgentSpec v1 capability: kept in metadata`);
  const input = isTool
    ? { title: 'input', type: 'string' as const, description: `What to ask of the tool '${ref.name}'` }
    : { title: 'request', type: 'string' as const, description: `What to ask the agent '${ref.name}'` };
  return serverTool({
    id,
    name,
    description: isTool ? `The tool '${ref.name}' of the OpenAgentSpec agent's server` : `Ask the agent '${ref.name}' and get its reply`,
    inputs: [input],
    ...(confirm ? { requires_confirmation: true } : {}),
    metadata: { openagentspec: { reference: cap.reference, ...(ref.kind === 'remote-agent' ? { url: ref.url } : {}), ...(Object.keys(cap.raw).length > 0 ? { capability: cap.raw } : {}) } },
  });
}

/** Whether a restriction's review becomes a confirmation (warning either way). */
function review(cap: OasCapability, side: 'input_restriction' | 'output_restriction', r: OasRestriction | undefined, id: string, context: CapabilityContext): boolean {
  if (r?.require_review === undefined) return false;
  const at = pointer('capabilities', cap.reference, side, 'require_review');
  if (!context.confirmation) {
    context.warnings.add('OAS_REVIEW_DROPPED', at, id, `the review of '${cap.reference}' by '${r.require_review}' needs requires_confirmation (Agent Spec 25.4.2); the target version has none`);
    return false;
  }
  context.warnings.add('OAS_REVIEW_AS_CONFIRMATION', at, id, `'${cap.reference}' requires confirmation: whoever drives the session approves each call, not '${r.require_review}'`);
  if (side === 'output_restriction') context.warnings.add('OAS_OUTPUT_REVIEW', at, id, `the review of the output of '${cap.reference}' is asked before the call, not after it`);
  return true;
}
