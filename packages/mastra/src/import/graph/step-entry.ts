import { serverTool, toolNode, type Property } from '@agentspec/core';
import type { Cursor, Node, Producer } from '../flow-builder.js';
import type { EntryOf, StepInfo } from '../import-entry.js';
import { inputShape, optionalTitles, outputShape, type Shape } from '../schemas.js';
import { place } from './place.js';
import { toolName, type Scope } from './scope.js';

/** Args as a step's input: the whole value, or the object without the optional fields Mastra would leave out. */
export function stepInput(shape: Shape, args: Readonly<Record<string, unknown>>): unknown {
  if (shape.whole) return args[(shape.props[0] as Property).title];
  const optional = optionalTitles(shape);
  return Object.fromEntries(Object.entries(args).filter(([k, v]) => !(optional.has(k) && (v === null || v === undefined))));
}

/** A step's ToolNode, backed by a ServerTool named after the step (its schemas as inputs and outputs) whose implementation runs it. */
export function stepNode(s: Scope, step: StepInfo): { node: Node; producer: Producer } {
  const input = inputShape(step.input);
  const output = outputShape(step.output);
  const inputs = [...input.props];
  const outputs = [...output.props];
  const name = toolName(s, step.id);
  const tool = serverTool({ id: s.ids.take(`${name}_tool`), name, ...(step.description ? { description: step.description } : {}), inputs, outputs });
  const run = step.run;
  if (run) s.tools[name] = async (args) => run(stepInput(input, args));
  else s.warnings.add('MA_NO_IMPLEMENTATION', step.id, `step '${step.id}' has no code here: its ServerTool '${name}' needs an implementation in \`tools\``);
  if (step.suspends) s.warnings.add('MA_SUSPEND', step.id, 'it can suspend itself (suspend()): its ServerTool runs to the end');
  if (step.callsAgents) {
    s.warnings.add('MA_STEP_CALLS_AGENT', step.id, `its code calls agent${step.callsAgents.length > 1 ? 's' : ''} ${step.callsAgents.map((a) => `'${a}'`).join(', ')}: a ToolNode whose ServerTool runs the step, the agent's LLM calls inside it (createStep(agent) gives an AgentNode)`);
  }
  const node = toolNode({ id: s.b.id(step.id), name: step.id, tool, inputs, outputs });
  return { node, producer: { node, outputs, ...(output.whole ? { whole: (outputs[0] as Property).title } : {}) } };
}

/** `.then(step)`: a ToolNode after the cursor. */
export function stepEntry(s: Scope, e: EntryOf<'step'>, cursor: Cursor): Cursor {
  const { node, producer } = stepNode(s, e.step);
  s.byStep.set(e.step.id, producer);
  return place(s, node, cursor, producer);
}
