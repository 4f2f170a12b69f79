// @agentspec/core — the Agent Spec component model, JSON/YAML serialization
// with references and versions, and validation diagnostics. No framework here.

// Loading, writing, validating
export { deserialize, load, validate, type LoadOptions, type LoadResult } from './serialization/load.js';
export { serialize, serializeDisaggregated, toDocument, type SerializeOptions } from './serialization/serialize.js';
export type { Disaggregation, WriteOptions } from './serialization/writer.js';
export { validateComponent } from './validate-component.js';
export { DEFAULT_LIMITS, type Limits } from './serialization/limits.js';
export { detectFormat, type Format } from './serialization/parse.js';

// Diagnostics and errors
export { DIAGNOSTIC_CODES, type DiagnosticCode } from './diagnostics/codes.js';
export { formatDiagnostic, hasErrors, type Diagnostic, type Severity } from './diagnostics/diagnostic.js';
export { AgentSpecError, AgentSpecLoadError } from './errors.js';
export { escapeToken } from './diagnostics/pointer.js';

// Versions
export {
  BASE_VERSION, compareVersions, DEVELOPMENT_VERSIONS, isVersion, LATEST_VERSION, parseVersion, SUPPORTED_VERSIONS, VERSION_ALIASES, type Version,
} from './versions/version.js';
export { componentVersionRange } from './versions/gates.js';

// Model
export type * from './model/types.js';
export type * from './model/later-types.js';
export {
  isUnknownComponent, kindOf, UNKNOWN_KIND, type AgenticKind, type ClientTransportKind, type KindOf, type Known, type LlmConfigKind,
  type NodeKind, type OciClientConfigKind, type OfKind, type ToolKind, type UnknownKind,
} from './model/kinds.js';
export { FAMILIES, fitsFamily, type Family } from './model/families.js';
export type { FieldKind, FieldSpec } from './model/fields.js';
export { isSensitiveField, SENSITIVE_FIELD_NAMES, SENSITIVE_FIELDS } from './model/sensitive.js';
export {
  COMPONENT_TYPES, fieldsOf, handlerOf, HANDLERS, isBuiltinType, isTypedType, LATER_COMPONENT_TYPES, laterComponent, TYPED_COMPONENT_TYPES,
} from './components/registry.js';
export { LATER_HANDLERS } from './components/later/registry.js';
export { CAUGHT_EXCEPTION_BRANCH, CAUGHT_EXCEPTION_INFO, catchExceptionOutputs } from './components/later/nodes.js';
export type { CheckContext, ComponentHandler } from './components/handler.js';
export type { ComponentPlugin } from './plugins.js';

// Builders
export {
  agent, agentNode, apiNode, branchingNode, build, buildLater, clientTool, controlFlowEdge, dataFlowEdge, endNode, flow, flowNode,
  inputMessageNode, llmNode, mapNode, mcpTool, ociAgent, ociClientConfigWithApiKey, ociClientConfigWithInstancePrincipal,
  ociClientConfigWithResourcePrincipal, ociClientConfigWithSecurityToken, ociGenAiConfig, ollamaConfig, openAiAgent,
  openAiCompatibleConfig, openAiConfig, outputMessageNode, remoteTool, serverTool, sseMtlsTransport, sseTransport,
  startNode, stdioTransport, streamableHttpMtlsTransport, streamableHttpTransport, toolNode, vllmConfig, type BuildInput, type BuildLaterInput,
} from './builders.js';

// Semantics shared with runtimes (pure functions)
export { placeholdersDeep, placeholdersIn } from './semantics/placeholders.js';
export { canCast, describeType, findProperty, stringProperty } from './semantics/properties.js';
export { LLM_NODE_DEFAULT_OUTPUT } from './components/nodes/llm-node.js';
export { INPUT_MESSAGE_DEFAULT_OUTPUT } from './components/nodes/input-message-node.js';
export { BRANCHING_DEFAULT_INPUT, DEFAULT_BRANCH, mappingBranches } from './components/nodes/branching-node.js';
export { COLLECTED_PREFIX, defaultReducers, ITERATED_PREFIX, mapInputs, mapOutputs } from './components/nodes/map-node.js';
export { flowExitBranches } from './components/nodes/flow-node.js';
export { reachableNodes } from './components/control-flow.js';

// JSON Schema of documents
export { allJsonSchemas, jsonSchemaFor } from './schema/json-schema.js';
