import { canCast, describeType, type Property } from '@agentspec/core';
import { SUBMIT_RESULT } from '../semantics/agent-tools.js';
import type { Snippet } from './snippet.js';

/** An output of an agent as the emitted submit_result checks it (the `OutputRule` the snippet declares). */
export interface OutputRule {
  readonly name: string;
  readonly required: boolean;
  /** The JSON kinds of value it accepts (Agent Spec's cast rules). */
  readonly accepts: readonly string[];
  /** Its type in words, for the LLM. */
  readonly expected: string;
}

const JSON_KINDS = ['string', 'number', 'boolean', 'null', 'array', 'object'] as const;

/** The rules of an agent's outputs, worked out when emitting: the value of the emitted module's `OutputRule[]`. */
export function outputRules(outputs: readonly Property[]): OutputRule[] {
  return outputs.map((p) => ({
    name: p.title,
    required: !('default' in p),
    accepts: JSON_KINDS.filter((kind) => canCast({ type: kind }, p)),
    expected: describeType(p),
  }));
}

/** The same as \`submissionProblem\` of @agentspec/runtime, over rules from outputRules(). */
export const submissionProblem: Snippet<'isObject'> = {
  declares: ['OutputRule', 'submissionProblem'],
  needs: ['isObject'],
  code: `/** An output of the agent as submit_result checks it: the JSON kinds of value it accepts (Agent Spec's cast rules), its type in words. */
interface OutputRule {
  readonly name: string;
  readonly required: boolean;
  readonly accepts: readonly string[];
  readonly expected: string;
}

/** Why submit_result arguments do not fit the outputs (the LLM is told, and calls again), or undefined when they do. */
function submissionProblem(args: unknown, outputs: readonly OutputRule[]): string | undefined {
  const given = isObject(args) ? args : {};
  const problems: string[] = [];
  for (const output of outputs) {
    if (!Object.hasOwn(given, output.name)) {
      if (output.required) problems.push(\`'\${output.name}' is missing\`);
      continue;
    }
    const value = given[output.name];
    const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    if (!output.accepts.includes(kind)) problems.push(\`'\${output.name}' should be \${output.expected}\`);
  }
  for (const name of Object.keys(given)) if (!outputs.some((o) => o.name === name)) problems.push(\`'\${name}' is not an output\`);
  return problems.length > 0 ? \`invalid submission: \${problems.join('; ')}. Call ${SUBMIT_RESULT} again with corrected arguments.\` : undefined;
}`,
};
