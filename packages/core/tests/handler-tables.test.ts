// Type-level: the kinds of each component union, with unknown components (a later version's, a plugin's) a
// member of every one, so that a handler table keyed by kind has no hole. Checked by tsc in the last test.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { typecheck } from '@agentspec/testing';
import {
  isUnknownComponent, kindOf, UNKNOWN_KIND, type AgenticComponent, type ClientTransport, type Component, type ComponentType, type HANDLERS, type Known,
  type LlmConfig, type LlmConfigKind, type Node, type NodeKind, type OfKind, type Tool, type ToolKind, type UnknownComponent,
} from '../src/index.js';

type BuiltinNodeType =
  | 'StartNode' | 'EndNode' | 'LlmNode' | 'ApiNode' | 'AgentNode' | 'FlowNode' | 'MapNode'
  | 'BranchingNode' | 'ToolNode' | 'InputMessageNode' | 'OutputMessageNode';

// every union has the unknown member, so its kinds are the built-in types and UNKNOWN_KIND
expectTypeOf<NodeKind>().toEqualTypeOf<BuiltinNodeType | typeof UNKNOWN_KIND>();
expectTypeOf<ToolKind>().toEqualTypeOf<'ServerTool' | 'ClientTool' | 'RemoteTool' | 'MCPTool' | 'Unknown'>();
expectTypeOf<LlmConfigKind>().toEqualTypeOf<'OpenAiConfig' | 'OpenAiCompatibleConfig' | 'VllmConfig' | 'OllamaConfig' | 'OciGenAiConfig' | 'Unknown'>();
expectTypeOf<Extract<AgenticComponent, UnknownComponent>>().toEqualTypeOf<UnknownComponent>();
expectTypeOf<Extract<ClientTransport, UnknownComponent>>().toEqualTypeOf<UnknownComponent>();
// the hazard the kinds avoid: a table keyed by component_type is an index signature, which covers nothing
expectTypeOf<Node['component_type']>().toEqualTypeOf<string>();
// a kind names exactly one member; Known<> is what admit() lets through
expectTypeOf<OfKind<Node, 'Unknown'>>().toEqualTypeOf<UnknownComponent>();
expectTypeOf<OfKind<Tool, 'MCPTool'>['component_type']>().toEqualTypeOf<'MCPTool'>();
expectTypeOf<Known<LlmConfig>['component_type']>().toEqualTypeOf<Exclude<LlmConfigKind, 'Unknown'>>();
// core's own table: one handler per built-in type (unknown components are read as they are, without one)
expectTypeOf<keyof typeof HANDLERS>().toEqualTypeOf<ComponentType>();

function narrows(node: Node): string {
  if (isUnknownComponent(node)) {
    expectTypeOf(node).toEqualTypeOf<UnknownComponent>();
    return node.component_type;
  }
  // built-in nodes narrow by component_type once the unknown member is out
  if (node.component_type === 'LlmNode') expectTypeOf(node.prompt_template).toEqualTypeOf<string>();
  return node.component_type;
}

describe('component kinds', () => {
  it('kindOf is the component_type of built-in components and UNKNOWN_KIND of any other, whatever made the object', () => {
    const later = { component_type: 'ParallelFlowNode', id: 'p', name: 'p', subflows: [] } as unknown as Component;
    const plugin = { component_type: 'Telepathy', id: 't', name: 't', component_plugin_name: 'minds' } as unknown as Component;
    const start = { component_type: 'StartNode', id: 's', name: 's', branches: ['next'] } as Component;
    expect([kindOf(later), kindOf(plugin), kindOf(start)]).toEqual([UNKNOWN_KIND, UNKNOWN_KIND, 'StartNode']);
    expect([later, plugin, start].map((c) => isUnknownComponent(c))).toEqual([true, true, false]);
    expect(narrows(start as Node)).toBe('StartNode');
  });

  it('the type-level assertions of this file hold (tsc)', async () => {
    expect(await typecheck([new URL(import.meta.url)], new URL('../tsconfig.json', import.meta.url))).toEqual([]);
  }, 120_000);
});
