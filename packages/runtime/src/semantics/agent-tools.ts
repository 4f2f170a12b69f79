import { canCast, describeType, type Property } from '@agentspec/core';

/** A tool as offered to an LLM: name, description, JSON Schema of its parameters. */
export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
}

/** The synthetic tool an agent with outputs finishes through (DESIGN §4.2). */
export const SUBMIT_RESULT = 'submit_result';

/**
 * JSON Schema of an object whose properties are the given Agent Spec
 * properties (their `title` dropped, `description` kept); those without a
 * default are required.
 */
export function parametersSchema(props: readonly Property[] | null | undefined): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const p of props ?? []) {
    const { title, ...schema } = p;
    // defineProperty: a property titled `__proto__` is a key like any other, not the object's prototype
    Object.defineProperty(properties, title, { value: schema, enumerable: true, writable: true, configurable: true });
    if (!('default' in p)) required.push(title);
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

export function toolSpec(tool: { name: string; description?: string | null; inputs?: readonly Property[] | null }): ToolSpec {
  return { name: tool.name, description: tool.description ?? '', parameters: parametersSchema(tool.inputs) };
}

export function submitResultSpec(outputs: readonly Property[]): ToolSpec {
  return {
    name: SUBMIT_RESULT,
    description: 'Call this once you have the final result, with every output filled in. It ends your task.',
    parameters: parametersSchema(outputs),
  };
}

/** Why a submit_result call does not fit the agent's outputs, or undefined when it does. */
export function submissionProblem(outputs: readonly Property[], args: Readonly<Record<string, unknown>>): string | undefined {
  const problems: string[] = [];
  for (const p of outputs) {
    if (!Object.hasOwn(args, p.title)) {
      if (!('default' in p)) problems.push(`'${p.title}' is missing`);
      continue;
    }
    const v = args[p.title];
    const actual = v === null ? { type: 'null' } : Array.isArray(v) ? { type: 'array' } : { type: typeof v === 'number' ? 'number' : typeof v };
    if (!canCast(actual, p)) problems.push(`'${p.title}' should be ${describeType(p)}`);
  }
  for (const k of Object.keys(args)) if (!outputs.some((p) => p.title === k)) problems.push(`'${k}' is not an output`);
  return problems.length > 0 ? `invalid submission: ${problems.join('; ')}. Call ${SUBMIT_RESULT} again with corrected arguments.` : undefined;
}
