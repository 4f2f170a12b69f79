import type { Property } from '@agentspec/core';
import { parametersSchema } from '@agentspec/runtime';
import { key, literal } from '@agentspec/runtime/emit';
import type { AgentModule as ModuleWriter } from './agent-module.js';

/** The TypeScript type of a value of a property (as users pass it; the module coerces it). */
export function tsType(p: Property): string {
  const types = Array.isArray(p.type) ? p.type : typeof p.type === 'string' ? [p.type] : [];
  const ts = types.map((t) => ({ string: 'string', number: 'number', integer: 'number', boolean: 'boolean', null: 'null' })[t as string]);
  return ts.length > 0 && ts.every((t) => t !== undefined) ? [...new Set(ts)].join(' | ') : 'unknown';
}

/** The `inputs` field of BuildOptions: one optional field per input with a default, a required one otherwise. */
export function inputsField(inputs: readonly Property[]): string {
  const fields = inputs.map((p) => `    readonly ${key(p.title)}${'default' in p ? '?' : ''}: ${tsType(p)};`);
  return `  /** Values of the agent's inputs, rendered into the instructions (defaults fill the rest). */\n  readonly inputs${inputs.every((p) => 'default' in p) ? '?' : ''}: {\n${fields.join('\n')}\n  };`;
}

/** The INPUTS constant and inputValues(): the inputs resolved as compileOpenAiAgents resolves them. */
export function emitInputs(w: ModuleWriter, inputs: readonly Property[]): string {
  w.use('coerce');
  w.use('codedError');
  const schema = parametersSchema(inputs).properties;
  return `/** The agent's inputs, rendered into the system prompt: their types and defaults. */
const INPUTS: Readonly<Record<string, Record<string, unknown>>> = ${literal(schema, '', 65)};

/** The values of the inputs: those given, coerced to their types, else their defaults (AS_MISSING_INPUT when neither). */
function inputValues(given: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(INPUTS)) {
    if (Object.hasOwn(given, name) && given[name] !== undefined) values[name] = coerce(given[name], schema);
    else if ('default' in schema) values[name] = structuredClone(schema.default);
    else throw new CodedError('AS_MISSING_INPUT', \`input '\${name}' has no value and no default\`);
  }
  return values;
}`;
}
