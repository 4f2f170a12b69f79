import type { Agent, Known, Tool as SpecTool, ToolKind } from '@agentspec/core';
import { refuseUnknown, toolResultText } from '@agentspec/runtime';
import { jsonSchema, tool, type Tool, type ToolResultPart } from 'ai';
import type { ToolExecutor } from './tool-executor.js';
import { toolMetadata } from './tool-metadata.js';
import { inputSchema, outputJsonSchema } from './tool-schemas.js';

export interface ToolBuildContext {
  readonly agent: Agent;
  readonly executor: ToolExecutor;
}

/** What the LLM receives for a tool result: strings as they are, anything else as JSON text (the reference runtime's tool message). */
export function textOutput(output: unknown): ToolResultPart['output'] {
  return { type: 'text', value: toolResultText(output) };
}

/** Everything but `execute`: description, JSON Schemas, approval, provenance. */
function definition(spec: Known<SpecTool>) {
  const output = outputJsonSchema(spec.outputs);
  return {
    description: spec.description ?? '',
    inputSchema: inputSchema(spec.inputs),
    ...(output ? { outputSchema: jsonSchema(output) } : {}),
    ...(spec.requires_confirmation === true ? { needsApproval: true } : {}),
    metadata: toolMetadata(spec),
  };
}

/** A tool the AI SDK executes: the ServerTool registry, an HTTP call, an MCP call. */
function executed(spec: Known<SpecTool>, ctx: ToolBuildContext): Tool {
  const site = { agent: ctx.agent.id, tool: spec.name };
  return tool({
    ...definition(spec),
    // a failure becomes a tool-error result; aiSdkRuntime records it from onToolExecutionEnd
    execute: (args: Record<string, unknown>, { abortSignal }) => ctx.executor.run(spec, args, site, abortSignal),
    toModelOutput: ({ output }) => textOutput(output),
  }) as Tool;
}

/** A ClientTool: no `execute`, so its calls end the loop and go back to the caller. */
function client(spec: Known<SpecTool>): Tool {
  return tool(definition(spec) as Tool);
}

/** One builder per tool kind: adding a kind to core breaks the build until it is handled here; admit() refuses unknown tools first. */
export const TOOL_KINDS: Readonly<Record<ToolKind, (spec: Known<SpecTool>, ctx: ToolBuildContext) => Tool>> = {
  ServerTool: executed,
  RemoteTool: executed,
  MCPTool: executed,
  ClientTool: client,
  Unknown: refuseUnknown,
};
