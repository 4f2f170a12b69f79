import type { BuiltinTool } from '@agentspec/core';
import { commentText, identifier, literal } from '@agentspec/runtime/emit';
import { hostedToolCall } from '../../compile/tools/hosted-tool.js';
import type { AgentModule as ModuleWriter } from '../agent-module.js';
import type { ToolCode } from './tool-emitter.js';

/**
 * A BuiltinTool (25.4.2) as the Agents SDK's hosted tool of the same Responses API type, as compileOpenAiAgents makes
 * it (`hostedToolCall`): `webSearchTool({ … })`, … (admit() made sure the model is a Responses one and the tool one
 * of HOSTED_TOOLS). The provider runs it within the answer: the module implements nothing.
 */
export function emitHostedTool(w: ModuleWriter, spec: BuiltinTool): ToolCode {
  const { factory, args } = hostedToolCall(spec);
  w.import('@openai/agents', factory);
  // named after the tool itself (`webSearch`): `webSearchTool` is the SDK's factory
  const name = w.names.take(identifier(spec.name, { fallback: 'hostedTool' }));
  const description = spec.description ? ` ${commentText(spec.description)}` : '';
  return {
    code: [
      `/** ${commentText(spec.name)} (BuiltinTool ${commentText(spec.tool_type)}):${description} The provider runs it (a hosted tool of the Responses API). */`,
      `const ${name} = ${factory}(${args.map((a) => literal(a)).join(', ')});`,
    ].join('\n'),
    expression: name,
  };
}
