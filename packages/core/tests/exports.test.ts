import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';

describe('the public surface', () => {
  it('exports exactly this list', () => {
    expect(Object.keys(api).sort()).toEqual([
      'AgentSpecError', 'AgentSpecLoadError', 'BASE_VERSION', 'BRANCHING_DEFAULT_INPUT', 'CAUGHT_EXCEPTION_BRANCH', 'CAUGHT_EXCEPTION_INFO',
      'COLLECTED_PREFIX', 'COMPONENT_TYPES', 'DEFAULT_BRANCH', 'DEFAULT_LIMITS', 'DEVELOPMENT_VERSIONS', 'DIAGNOSTIC_CODES', 'FAMILIES', 'HANDLERS',
      'INPUT_MESSAGE_DEFAULT_OUTPUT', 'ITERATED_PREFIX', 'LATER_COMPONENT_TYPES', 'LATER_HANDLERS', 'LATEST_VERSION', 'LLM_NODE_DEFAULT_OUTPUT',
      'SENSITIVE_FIELDS', 'SENSITIVE_FIELD_NAMES', 'SUPPORTED_VERSIONS', 'TYPED_COMPONENT_TYPES', 'UNKNOWN_KIND', 'VERSION_ALIASES', 'agent',
      'agentNode', 'allJsonSchemas', 'apiNode', 'branchingNode', 'build', 'buildLater', 'canCast', 'catchExceptionOutputs', 'clientTool',
      'compareVersions', 'componentVersionRange', 'controlFlowEdge', 'dataFlowEdge', 'defaultReducers', 'describeType', 'deserialize', 'detectFormat',
      'endNode', 'escapeToken', 'fieldsOf', 'findProperty', 'fitsFamily', 'flow', 'flowExitBranches', 'flowNode', 'formatDiagnostic', 'handlerOf',
      'hasErrors', 'inputMessageNode', 'isBuiltinType', 'isSensitiveField', 'isTypedType', 'isUnknownComponent', 'isVersion', 'jsonSchemaFor',
      'kindOf', 'laterComponent', 'llmNode', 'load', 'mapInputs', 'mapNode', 'mapOutputs', 'mappingBranches', 'mcpTool', 'ociAgent',
      'ociClientConfigWithApiKey', 'ociClientConfigWithInstancePrincipal', 'ociClientConfigWithResourcePrincipal', 'ociClientConfigWithSecurityToken',
      'ociGenAiConfig', 'ollamaConfig', 'openAiAgent', 'openAiCompatibleConfig', 'openAiConfig', 'outputMessageNode', 'parseVersion',
      'placeholdersDeep', 'placeholdersIn', 'reachableNodes', 'remoteTool', 'serialize', 'serializeDisaggregated', 'serverTool', 'sseMtlsTransport',
      'sseTransport', 'startNode', 'stdioTransport', 'streamableHttpMtlsTransport', 'streamableHttpTransport', 'stringProperty', 'toDocument',
      'toolNode', 'validate', 'validateComponent', 'vllmConfig',
    ]);
  });
});
