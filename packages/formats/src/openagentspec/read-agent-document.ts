import { formatError } from '../format-error.js';
import { readDocument, type ReadLimits } from '../read-document.js';
import { extraFields, opt } from '../object-fields.js';
import { ShapeCheck, type Json } from '../shape-check.js';

export const OPENAGENTSPEC_KIND = 'openagentspec:v1/agent';

/** A restriction of a capability (input or output). */
export interface OasRestriction {
  readonly require_review?: string;
  readonly assertion?: string;
  /** Fields v1 does not define. */
  readonly extra: Json;
}

export interface OasCapability {
  /** The key: a tool name or an agent reference. */
  readonly reference: string;
  readonly collect_results?: boolean;
  readonly user_identity?: boolean;
  readonly static_identity?: string;
  readonly input_restriction?: OasRestriction;
  readonly output_restriction?: OasRestriction;
  /** The value as written (for metadata). */
  readonly raw: Json;
  readonly extra: Json;
}

export interface OasGuardrail {
  readonly tool_name: string;
  readonly assertion: string;
}

/** An OpenAgentSpec v1 agent document, checked. */
export interface OasAgent {
  readonly name: string;
  readonly description: string;
  readonly intent: string;
  readonly owner: string;
  readonly capabilities: readonly OasCapability[];
  readonly guardrails: { readonly input?: OasGuardrail; readonly output?: OasGuardrail };
  readonly exposes?: Json;
  readonly lifespan?: { readonly retain_memory?: boolean; readonly short_circuit?: number };
  /** Top-level fields v1 does not define. */
  readonly extra: Json;
}

const AGENT_FIELDS = ['kind', 'name', 'description', 'intent', 'owner', 'capabilities', 'guardrails', 'exposes', 'lifespan'];
const CAPABILITY_FIELDS = ['collect_results', 'user_identity', 'static_identity', 'input_restriction', 'output_restriction'];
const RESTRICTION_FIELDS = ['require_review', 'assertion'];

/**
 * Parse and check an OpenAgentSpec v1 agent (YAML or JSON): the kind first
 * (AS_IMPORT_FORMAT_VERSION), then every field (AS_IMPORT_INVALID listing
 * each problem).
 */
export function readAgentDocument(text: string, limits?: ReadLimits): OasAgent {
  const value = readDocument(text, 'the OpenAgentSpec document', limits);
  const check = new ShapeCheck('the OpenAgentSpec agent');
  const doc = check.object(value, []);
  if (!doc) return check.done() as never;
  if (doc.kind !== OPENAGENTSPEC_KIND) {
    throw formatError('AS_IMPORT_FORMAT_VERSION', `kind is ${JSON.stringify(doc.kind) ?? 'missing'}, not '${OPENAGENTSPEC_KIND}'`, 'this importer reads OpenAgentSpec v1 agents; check --from');
  }
  const name = check.string(doc.name, ['name']);
  if (name !== undefined && name.trim() === '') check.problem(['name'], 'must not be empty');
  const capabilities: OasCapability[] = [];
  const caps = check.object(doc.capabilities, ['capabilities'], false);
  for (const [reference, raw] of Object.entries(caps ?? {})) {
    const path = ['capabilities', reference];
    if (reference.trim() === '') check.problem(path, 'a capability needs a tool name or an agent reference as its key');
    const cap = raw === null || raw === undefined ? {} : check.object(raw, path);
    if (!cap) continue;
    capabilities.push({
      reference,
      raw: cap,
      ...opt('collect_results', check.boolean(cap.collect_results, [...path, 'collect_results'])),
      ...opt('user_identity', check.boolean(cap.user_identity, [...path, 'user_identity'])),
      ...opt('static_identity', check.string(cap.static_identity, [...path, 'static_identity'], false)),
      ...opt('input_restriction', restriction(check, cap.input_restriction, [...path, 'input_restriction'])),
      ...opt('output_restriction', restriction(check, cap.output_restriction, [...path, 'output_restriction'])),
      extra: extraFields(cap, CAPABILITY_FIELDS),
    });
  }
  const rails = check.object(doc.guardrails, ['guardrails'], false);
  const guardrails = {
    ...opt('input', guardrail(check, rails?.input, ['guardrails', 'input'])),
    ...opt('output', guardrail(check, rails?.output, ['guardrails', 'output'])),
  };
  const exposes = check.object(doc.exposes, ['exposes'], false);
  const life = check.object(doc.lifespan, ['lifespan'], false);
  let lifespan: OasAgent['lifespan'];
  if (life) {
    const short = life.short_circuit;
    if (short !== undefined && short !== null && !(typeof short === 'number' && Number.isInteger(short) && short > 0)) check.problem(['lifespan', 'short_circuit'], 'must be a positive integer');
    lifespan = {
      ...opt('retain_memory', check.boolean(life.retain_memory, ['lifespan', 'retain_memory'])),
      ...opt('short_circuit', typeof short === 'number' ? short : undefined),
    };
  }
  const agent: OasAgent = {
    name: name ?? '',
    description: check.string(doc.description, ['description']) ?? '',
    intent: check.string(doc.intent, ['intent']) ?? '',
    owner: check.string(doc.owner, ['owner']) ?? '',
    capabilities,
    guardrails,
    ...opt('exposes', exposes),
    ...opt('lifespan', lifespan),
    extra: extraFields(doc, AGENT_FIELDS),
  };
  check.done();
  return agent;
}

function restriction(check: ShapeCheck, value: unknown, path: readonly string[]): OasRestriction | undefined {
  const r = check.object(value, path, false);
  if (!r) return undefined;
  return {
    ...opt('require_review', check.string(r.require_review, [...path, 'require_review'], false)),
    ...opt('assertion', check.string(r.assertion, [...path, 'assertion'], false)),
    extra: extraFields(r, RESTRICTION_FIELDS),
  };
}

function guardrail(check: ShapeCheck, value: unknown, path: readonly string[]): OasGuardrail | undefined {
  const g = check.object(value, path, false);
  if (!g) return undefined;
  return { tool_name: check.string(g.tool_name, [...path, 'tool_name']) ?? '', assertion: check.string(g.assertion, [...path, 'assertion']) ?? '' };
}
