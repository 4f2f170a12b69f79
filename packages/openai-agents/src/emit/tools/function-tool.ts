import type { Known, Tool } from '@agentspec/core';
import { parametersSchema } from '@agentspec/runtime';
import { allowsStrict } from '../../compile/strict-schema.js';
import { commentText, literal, str, text } from '@agentspec/runtime/emit';
import type { AgentModule as ModuleWriter } from '../agent-module.js';

/** What a tool emitter says about one tool. */
export interface FunctionToolParts {
  /** What the tool does, for its doc comment. */
  readonly doc: string;
  /** Parameters of the tool's factory function; none: the tool is a module constant. */
  readonly factory?: string;
  /** The `execute` function, unindented. */
  readonly execute: string;
  readonly needsApproval: boolean;
}

/** A tool written out: its declarations, and the names build() uses. */
export interface EmittedTool {
  readonly code: string;
  /** The identifier of the tool (a constant) or of its factory. */
  readonly name: string;
  /** The identifier of its parameters constant. */
  readonly parameters: string;
}

function indent(block: string, by: string): string {
  return block.split('\n').map((l, i) => (i === 0 || l === '' ? l : by + l)).join('\n');
}

/**
 * An SDK `tool()` for an Agent Spec tool, as compileOpenAiAgents makes it
 * (specTool): name, description, the JSON Schema of its inputs as parameters
 * (`strict` only when the schema allows it), `needsApproval`, and no error
 * function, so that a failing tool fails the run.
 */
export function emitFunctionTool(w: ModuleWriter, spec: Known<Tool>, base: string, parts: FunctionToolParts): EmittedTool {
  const schema = parametersSchema(spec.inputs);
  const strict = allowsStrict(schema);
  w.import('@openai/agents', 'tool');
  w.use('toolParameters');
  if (!strict) w.use('notStrict');
  const parametersName = `${base}Parameters`;
  const toolName = `${base}Tool`;
  const pad = parts.factory === undefined ? '  ' : '    ';
  const call = [
    'tool({',
    `${pad}name: ${str(spec.name)},`,
    `${pad}description: ${text(spec.description ?? '')},`,
    `${pad}parameters: ${strict ? parametersName : `notStrict(${parametersName})`},`,
    `${pad}strict: ${strict},`,
    `${pad}needsApproval: ${parts.needsApproval},`,
    `${pad}errorFunction: null,`,
    `${pad}execute: ${indent(parts.execute, pad)},`,
    `${pad.slice(2)}})`,
  ].join('\n');
  const declaration = parts.factory === undefined
    ? `const ${toolName} = ${call};`
    : `function ${toolName}(${parts.factory}) {\n  return ${call};\n}`;
  const code = [
    `/** ${commentText(parts.doc)} */`,
    `const ${parametersName}: ToolParameters = ${literal(schema, '', parametersName.length + 24)};`,
    '',
    declaration,
  ].join('\n');
  return { code, name: toolName, parameters: parametersName };
}
