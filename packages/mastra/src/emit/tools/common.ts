import type { Known, Tool } from '@agentspec/core';
import { parametersSchema } from '@agentspec/runtime';
import { docComment, literal, str } from '@agentspec/runtime/emit';
import type { MastraModule as ModuleWriter } from '../helpers.js';

/** The lines of `createTool({ … })` every tool has: id, description, parameters, approval. */
export function toolHead(tool: Known<Tool>, m: ModuleWriter): string[] {
  m.import('@mastra/core/tools', 'createTool');
  m.use('parameters');
  return [
    `    id: ${str(tool.name)},`,
    `    description: ${str(tool.description ?? '')},`,
    `    inputSchema: parameters(${literal(parametersSchema(tool.inputs), '    ')}),`,
    ...(tool.requires_confirmation ? ['    requireApproval: true,'] : []),
  ];
}

/** The factory function around `createTool`. */
export function toolFunction(tool: Tool, fn: string, params: string, lines: readonly string[], about: string): string {
  return [
    docComment([`\`${tool.name}\` (${tool.component_type})${tool.description ? `: ${tool.description}` : ''}`, ...(about ? ['', about] : [])]),
    `function ${fn}(${params}) {`,
    '  return createTool({',
    ...lines,
    '  });',
    '}',
  ].join('\n');
}
