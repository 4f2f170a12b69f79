import type { Agent, Known, Property, Tool } from '@agentspec/core';

/** A tool of the spec, admitted (admit() refuses unknown tool kinds first). */
export type SpecTool = Known<Tool>;
import { parametersSchema } from '@agentspec/runtime';
import { camelCase, commentText, constantName, key, literal, str } from '@agentspec/runtime/emit';
import type { AiSdkModule as ModuleWriter } from '../helpers.js';

/** What a tool emitter writes into and reads from. */
export interface ToolEmitContext {
  readonly w: ModuleWriter;
  readonly agent: Agent;
}

/** What the build function puts in its `tools` record for one tool: an expression (a call of the tool's function, or its constant). */
export interface EmittedTool {
  readonly expression: string;
  /** The ServerTool's entry of the `Tools` interface (its implementation's signature). */
  readonly implementation?: string;
  /** The build function needs an MCP client pool, the `allowStdio` option, or the `allowHosts` and `http` options. */
  readonly needs?: readonly ('mcp' | 'stdio' | 'http')[];
}

export type ToolEmitter = (spec: SpecTool, ctx: ToolEmitContext) => EmittedTool;

/** The TypeScript type of a property's values. */
export function tsType(p: Property | Record<string, unknown>): string {
  const types = typeof p.type === 'string' ? [p.type] : Array.isArray(p.type) ? (p.type as unknown[]) : [];
  const names = types.map((t) => ({ string: 'string', number: 'number', integer: 'number', boolean: 'boolean', null: 'null', array: 'unknown[]', object: 'Record<string, unknown>' })[String(t)] ?? 'unknown');
  const unique = [...new Set(names)];
  return unique.length === 0 || unique.includes('unknown') ? 'unknown' : unique.join(' | ');
}

/** The fields of an interface for properties (optional when they have a default), each with its description. */
export function interfaceFields(props: readonly Property[], indent = '  '): string {
  return props.map((p) => {
    const doc = p.description ? `${indent}/** ${commentText(p.description)} */\n` : '';
    return `${doc}${indent}${key(p.title)}${'default' in p ? '?' : ''}: ${tsType(p)};`;
  }).join('\n');
}

/** The names of a tool's function and of its parameters constant. */
export function toolNames(spec: SpecTool, ctx: ToolEmitContext): { fn: string; parameters: string } {
  const fn = declarationName(spec.name, 'Tool', ctx.w);
  const parameters = constantName(fn.replace(/Tool$/, '')) + '_PARAMETERS';
  ctx.w.names.add(parameters);
  return { fn, parameters };
}

/** A camelCase name from a spec name ending in `suffix` (`get-forecast` → `getForecastTool`), numbered when taken. */
export function declarationName(name: string, suffix: string, w: ModuleWriter): string {
  return `${w.names.take(camelCase(name, { fallback: 'tool' }), { suffixes: [suffix] })}${suffix}`;
}

/** `const X_PARAMETERS: JSONSchema7 = { … };` — the JSON Schema of the tool's inputs (the reference runtime's). */
export function parametersConstant(name: string, inputs: readonly Property[] | null | undefined, what: string): string {
  return `/** Parameters of ${what}: the JSON Schema the LLM sees. */\nconst ${name}: JSONSchema7 = ${literal(parametersSchema(inputs))};`;
}

/** The comment line naming a tool: `name (Kind): description`. */
export function toolDoc(spec: SpecTool, more?: string): string {
  const description = spec.description ? ` ${commentText(spec.description)}` : '';
  return `/**\n * ${commentText(spec.name)} (${spec.component_type}):${description}${more ? `\n * ${more}` : ''}\n */`;
}

/** The description and input schema of a tool, and `needsApproval` for `requires_confirmation`. */
export function definitionLines(spec: SpecTool, parameters: string, indent: string): string[] {
  return [
    `${indent}description: ${str(spec.description ?? '')},`,
    `${indent}inputSchema: jsonSchema<Args>(${parameters}, { validate: objectArguments }),`,
    ...(spec.requires_confirmation === true ? [`${indent}needsApproval: true,`] : []),
  ];
}

/** Imports and helpers every tool uses. */
export function useToolBasics(ctx: ToolEmitContext): void {
  ctx.w.import('ai', 'jsonSchema', 'tool');
  ctx.w.importType('ai', 'JSONSchema7', 'Tool');
  ctx.w.use('args');
}
