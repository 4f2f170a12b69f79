import { commentText, member } from '@agentspec/runtime/emit';
import { declarationName, definitionLines, interfaceFields, parametersConstant, toolDoc, toolNames, useToolBasics, type ToolEmitter } from './context.js';

/** A ServerTool: runs your implementation (`options.tools`), arguments coerced to the declared types first. */
export const emitServerTool: ToolEmitter = (spec, ctx) => {
  useToolBasics(ctx);
  ctx.w.use('coerceArgs');
  ctx.w.use('toolText');
  const { fn, parameters } = toolNames(spec, ctx);
  const camel = declarationName(spec.name, 'Args', ctx.w);
  const argsType = camel.charAt(0).toUpperCase() + camel.slice(1);
  ctx.w.names.add(argsType);
  ctx.w.section([
    `/** Arguments of ${commentText(spec.name)}. */`,
    ...((spec.inputs ?? []).length > 0 ? [`export type ${argsType} = {`, interfaceFields(spec.inputs ?? []), '};'] : [`export type ${argsType} = Record<string, never>;`]),
    '',
    parametersConstant(parameters, spec.inputs, commentText(spec.name)),
    '',
    toolDoc(spec, 'Runs your implementation, with the arguments coerced to their declared types.'),
    `function ${fn}(run: (args: ${argsType}) => unknown): Tool {`,
    '  return tool({',
    ...definitionLines(spec, parameters, '    '),
    `    execute: async (args: Args) => run(coerceArgs<${argsType}>(args, ${parameters})),`,
    '    toModelOutput: toolText,',
    '  });',
    '}',
  ].join('\n'));
  return { expression: `${fn}(options.tools${member(spec.name)})`, implementation: `(args: ${argsType}) => unknown` };
};
