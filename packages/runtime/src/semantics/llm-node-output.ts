import type { LlmNode } from '@agentspec/core';
import { RuntimeError, type ErrorSite } from '../errors.js';
import { parametersSchema } from './agent-tools.js';
import { shapeOutputs } from './inputs.js';

/**
 * How an LlmNode asks for its outputs (DESIGN §4.2): one string output is the
 * reply's text (`textOutput`: its title); otherwise structured output with
 * the JSON Schema of the outputs (`schema`, named after the node).
 */
export type LlmNodeOutputPlan =
  | { readonly textOutput: string; readonly schema?: undefined }
  | { readonly textOutput?: undefined; readonly schema: { readonly name: string; readonly schema: Record<string, unknown> } };

export function llmNodeOutputPlan(node: LlmNode): LlmNodeOutputPlan {
  const outputs = node.outputs ?? [];
  const only = outputs.length === 1 ? outputs[0] : undefined;
  if (only && (only.type === undefined || only.type === 'string')) return { textOutput: only.title };
  return { schema: { name: node.id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'output', schema: parametersSchema(outputs) as Record<string, unknown> } };
}

/** The node's outputs from the reply's text: the text itself, or the JSON object it holds, shaped (AS_LLM_RESPONSE when it is not one). */
export function llmNodeOutputs(node: LlmNode, plan: LlmNodeOutputPlan, text: string): Record<string, unknown> {
  if (plan.textOutput !== undefined) return { [plan.textOutput]: text };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RuntimeError('AS_LLM_RESPONSE', `structured output is not JSON: ${text.slice(0, 200)}`, siteOf(node));
  }
  return llmNodeStructuredOutputs(node, parsed, text);
}

/** The node's outputs from a structured reply the framework parsed already (`text`: the reply, for the message). */
export function llmNodeStructuredOutputs(node: LlmNode, value: unknown, text: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RuntimeError('AS_LLM_RESPONSE', `structured output is not a JSON object: ${text.slice(0, 200)}`, siteOf(node));
  }
  return shapeOutputs(node.outputs ?? [], value as Record<string, unknown>);
}

function siteOf(node: LlmNode): ErrorSite {
  return { node: node.id, llm: node.llm_config.id };
}
