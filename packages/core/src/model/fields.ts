import type { Family } from './families.js';
import type { Version } from '../versions/version.js';

/** What a field holds; drives reading, checking, writing and the JSON Schema. */
export type FieldKind =
  | { readonly kind: 'string' }
  | { readonly kind: 'number' }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'string-list' }
  | { readonly kind: 'string-map' }
  | { readonly kind: 'json-object' }
  | { readonly kind: 'json' }
  | { readonly kind: 'properties' }
  | { readonly kind: 'branches' }
  | { readonly kind: 'reducers' }
  | { readonly kind: 'generation' }
  | { readonly kind: 'session' }
  | { readonly kind: 'string-or-list' }
  | { readonly kind: 'component'; readonly family: Family }
  | { readonly kind: 'component-list'; readonly family: Family }
  /** A list of [caller, recipient] pairs of components (Swarm relationships). */
  | { readonly kind: 'component-pairs'; readonly family: Family }
  /** A list whose items are names or components (MCPToolBox tool_filter). */
  | { readonly kind: 'component-or-string-list'; readonly family: Family };

export interface FieldSpec {
  readonly name: string;
  readonly type: FieldKind;
  readonly required?: boolean;
  readonly nullable?: boolean;
  /** Value when absent (deep-copied for objects). Absent fields without default stay absent. */
  readonly default?: unknown;
  /** First version defining the field, when newer than 25.4.1 (typed later fields). */
  readonly since?: Version;
  /** Never written: serialized as a `$component_ref` to be supplied at load (set from SENSITIVE_FIELDS). */
  readonly sensitive?: boolean;
  /** A value that says nothing a version before `since` cannot say, besides null and `default` (e.g. api_type 'chat_completions'). */
  readonly neutral?: unknown;
  /** Inferred by the component when absent (inputs, outputs, branches). */
  readonly inferred?: boolean;
  readonly description?: string;
}

const str = { kind: 'string' } as const;
const comp = (family: Family) => ({ kind: 'component', family }) as const;
const compList = (family: Family) => ({ kind: 'component-list', family }) as const;

/** Fields every component has. */
export const COMMON_FIELDS: readonly FieldSpec[] = [
  { name: 'id', type: str, required: true },
  { name: 'name', type: str, required: true },
  { name: 'description', type: str, nullable: true, default: null },
  { name: 'metadata', type: { kind: 'json-object' }, nullable: true, default: {} },
];

export const IO_FIELDS: readonly FieldSpec[] = [
  { name: 'inputs', type: { kind: 'properties' }, nullable: true, inferred: true },
  { name: 'outputs', type: { kind: 'properties' }, nullable: true, inferred: true },
];

export const NODE_FIELDS: readonly FieldSpec[] = [...IO_FIELDS, { name: 'branches', type: { kind: 'branches' }, inferred: true }];

const requiresConfirmation: FieldSpec = {
  name: 'requires_confirmation', type: { kind: 'boolean' }, default: false, since: '25.4.2',
  description: 'Ask the user to approve each call before it runs (25.4.2).',
};

export const TOOL_FIELDS: readonly FieldSpec[] = [...IO_FIELDS, requiresConfirmation];

export const HTTP_FIELDS: readonly FieldSpec[] = [
  { name: 'url', type: str, required: true },
  { name: 'http_method', type: str, required: true },
  { name: 'api_spec_uri', type: str, nullable: true, default: null },
  { name: 'data', type: { kind: 'json' }, default: {} },
  { name: 'query_params', type: { kind: 'json-object' }, default: {} },
  { name: 'headers', type: { kind: 'json-object' }, default: {} },
];

export const LLM_FIELDS: readonly FieldSpec[] = [
  { name: 'default_generation_parameters', type: { kind: 'generation' }, nullable: true, default: null },
  { name: 'model_id', type: str, required: true },
];

export const TRANSPORT_FIELDS: readonly FieldSpec[] = [
  { name: 'session_parameters', type: { kind: 'session' }, default: { read_timeout_seconds: 60 } },
];

export const REMOTE_TRANSPORT_FIELDS: readonly FieldSpec[] = [
  ...TRANSPORT_FIELDS,
  { name: 'url', type: str, required: true },
  { name: 'headers', type: { kind: 'string-map' }, nullable: true, default: null },
];

export const MTLS_FIELDS: readonly FieldSpec[] = [
  { name: 'key_file', type: str, required: true },
  { name: 'cert_file', type: str, required: true },
  { name: 'ca_file', type: str, required: true },
];

export const OCI_AUTH_FILE_FIELDS: readonly FieldSpec[] = [
  { name: 'auth_profile', type: str, required: true },
  { name: 'auth_file_location', type: str, required: true },
];

export { comp, compList, str };
