import { commentText } from '@agentspec/runtime/emit';
import { definitionLines, parametersConstant, toolDoc, toolNames, useToolBasics, type ToolEmitter } from './context.js';

/** A ClientTool: a tool without `execute`, so its calls end the loop and go back to the caller. */
export const emitClientTool: ToolEmitter = (spec, ctx) => {
  useToolBasics(ctx);
  const { fn, parameters } = toolNames(spec, ctx);
  ctx.w.section([
    parametersConstant(parameters, spec.inputs, commentText(spec.name)),
    '',
    toolDoc(spec, 'No `execute`: its calls end the loop and come back to the caller, who sends the result.'),
    `const ${fn}: Tool = tool({`,
    ...definitionLines(spec, parameters, '  '),
    '});',
  ].join('\n'));
  return { expression: fn };
};
