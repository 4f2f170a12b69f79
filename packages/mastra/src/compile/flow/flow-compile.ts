import type { Flow, Node } from '@agentspec/core';
import type { CompileContext } from '../compile-context.js';
import { FlowInfo } from './flow-info.js';
import type { Frame, Shared } from './frame.js';
import type { StepNode } from './nodes/types.js';

/** Compiling one flow (or sub-flow) into a Mastra workflow: its info, its step ids. */
export class FlowCompile {
  readonly info: FlowInfo;
  private readonly ids = new Map<StepNode | Node, string>();

  constructor(readonly ctx: CompileContext, readonly flow: Flow, readonly workflowId: string) {
    this.info = new FlowInfo(flow);
  }

  /** The step id of a node: its id (node ids are unique in a flow). */
  stepId(node: StepNode | Node, suffix = ''): string {
    let id = this.ids.get(node);
    if (!id) this.ids.set(node, (id = node.id));
    return `${id}${suffix}`;
  }

  /** The frame a flow starts with: nothing received yet, the StartNode next, the shared context given by the caller. */
  initialFrame(shared: Shared | undefined): Frame {
    return {
      $agentspec: 'frame',
      ...(this.info.named ? { vars: {} } : { inbox: {} }),
      next: this.flow.start_node.id,
      shared: { messages: [...(shared?.messages ?? [])], steps: shared?.steps ?? 0, ...(shared?.span ? { span: shared.span } : {}) },
    };
  }
}
