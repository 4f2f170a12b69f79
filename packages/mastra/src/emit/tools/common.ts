import type { Known, Tool } from '@agentspec/core';
import { parametersSchema } from '@agentspec/runtime';
import { doc, literal, str } from '../code.js';
import type { ModuleWriter } from '../module.js';

/** The lines of `createTool({ … })` every tool has: id, description, parameters, approval. */
export function toolHead(tool: Known<Tool>, m: ModuleWriter): string[] {
  m.use('@mastra/core/tools', 'createTool');
  m.helper('parameters');
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
    doc([`\`${tool.name}\` (${tool.component_type})${tool.description ? `: ${tool.description}` : ''}`, ...(about ? ['', about] : [])]),
    `function ${fn}(${params}) {`,
    '  return createTool({',
    ...lines,
    '  });',
    '}',
  ].join('\n');
}
