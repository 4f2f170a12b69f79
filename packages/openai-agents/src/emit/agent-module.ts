import type { Agent, ClientTransport } from '@agentspec/core';
import { camelCase, ModuleWriter } from '@agentspec/runtime/emit';
import type { CompileWarning } from '../types.js';
import { HELPERS, type HelperName } from './helpers/index.js';

/** Names the module declares or imports itself, never given to a tool or server (the helpers' are taken too). */
const DECLARED = [
  'build', 'BuildOptions', 'Built', 'LlmOptions', 'ToolImplementation', 'AGENT_NAME', 'SYSTEM_PROMPT', 'DESCRIPTION', 'MAX_TURNS', 'INPUTS', 'OUTPUTS',
  'OUTPUT_RULES', 'OUTPUT_TYPE', 'WARNINGS', 'LLM', 'LLM_RETRY_POLICY', 'model', 'TRANSFORMS', 'inputValues', 'submitResultTool', 'finishOnSubmission', 'shapeOutputs', 'jsonType', 'OpenAI',
  'Agent', 'tool', 'setTracingDisabled', 'webSearchTool', 'fileSearchTool', 'codeInterpreterTool', 'imageGenerationTool',
];

/** The module of one Agent being written: the shared ModuleWriter, with the names of its tools and MCP connections. */
export class AgentModule extends ModuleWriter<HelperName, CompileWarning> {
  /** The MCP connection declared for each transport component. */
  readonly mcpConnections = new Map<ClientTransport, string>();

  constructor(readonly agent: Agent) {
    super(HELPERS, DECLARED);
  }

  /** A fresh camelCase identifier made from a spec name, such that `base + suffix` is free for each suffix. */
  identifier(name: string, suffixes: readonly string[], fallback: string): string {
    return this.names.take(camelCase(name, { fallback }), { suffixes });
  }

  /** The identifier of a tool's declarations (`<base>Tool`, `<base>Parameters`), a trailing "tool" of its name left out. */
  toolIdentifier(name: string): string {
    return this.identifier(name.replace(/[^A-Za-z0-9]*tool$/i, '') || name, ['Tool', 'Parameters'], 'tool');
  }
}
