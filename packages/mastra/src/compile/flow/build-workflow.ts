import { kindOf } from '@agentspec/core';
import { createStep, createWorkflow, type AnyWorkflow } from '@mastra/core/workflows';
import type { FlowCompile } from './flow-compile.js';
import { frameOf } from './frame.js';
import { NODE_COMPILERS } from './nodes/index.js';
import { NESTED_WORKFLOW_OPTIONS } from './nodes/nested-run.js';
import type { AnyStep, FrameCondition, MastraEntry, NodeCompiler } from './nodes/types.js';
import { FRAME_SCHEMA } from './schemas.js';
import type { Plan } from './structure.js';

const nextIs = (id: string): FrameCondition => async ({ inputData }) => frameOf(inputData)?.next === id;
const nextNotIn = (ids: readonly string[]): FrameCondition => async ({ inputData }) => !ids.includes(frameOf(inputData)?.next as string);

/** A step that passes the frame on (the `.branch` arm for "none of the others"). */
function passStep(id: string): AnyStep {
  return createStep({ id, description: 'pass the frame on', inputSchema: FRAME_SCHEMA, outputSchema: FRAME_SCHEMA, execute: async ({ inputData }: { inputData: unknown }) => frameOf(inputData) });
}

/** An empty workflow on frames, to build a nested one. */
export function frameWorkflow(id: string, description?: string): AnyWorkflow {
  return createWorkflow({ id, inputSchema: FRAME_SCHEMA, outputSchema: FRAME_SCHEMA, ...(description ? { description } : {}), options: NESTED_WORKFLOW_OPTIONS }) as AnyWorkflow;
}

/** The Mastra entries of a plan, in order (DESIGN §4.4: `.then`, `.branch`, `.dountil`, `.foreach`, nested workflows). */
export function planEntries(plan: readonly Plan[], fc: FlowCompile, prefix = `${fc.workflowId}/`): MastraEntry[] {
  const out: MastraEntry[] = [];
  for (const p of plan) {
    switch (p.kind) {
      case 'node':
        out.push(...(NODE_COMPILERS[kindOf(p.node)] as NodeCompiler)(p.node, fc));
        break;
      case 'loop': {
        const header = p.header.id;
        out.push({ kind: 'loop', workflow: nested(`${prefix}${header}@loop`, p.body, fc, `the cycle through '${header}'`), until: async ({ inputData }) => frameOf(inputData)?.next !== header });
        break;
      }
      case 'guard':
        out.push({ kind: 'branch', arms: [[nextIs(p.target.id), arm(`${prefix}${p.target.id}?`, p.body, fc)], [nextNotIn([p.target.id]), passStep(`${p.target.id}?skip`)]] });
        break;
      case 'branch': {
        const ids = p.arms.map((a) => a.target.id);
        out.push({
          kind: 'branch',
          arms: [
            ...p.arms.map((a) => [nextIs(a.target.id), arm(`${prefix}${p.from.id}->${a.target.id}`, a.body, fc)] as const),
            [nextNotIn(ids), passStep(`${p.from.id}->else`)],
          ],
        });
        break;
      }
      case 'dispatch': {
        const body = frameWorkflow(`${prefix}dispatch`, 'runs the next node');
        const arms = p.nodes.map((n) => [nextIs(n.id), arm(`${prefix}${n.id}!`, [{ kind: 'node', node: n }], fc)] as const);
        out.push({ kind: 'loop', workflow: assemble(body, [{ kind: 'branch', arms }]).commit(), until: async ({ inputData }) => frameOf(inputData)?.next === null });
        break;
      }
    }
  }
  return out;
}

/** A `.branch` arm: the plan's single step when it has one, else a nested workflow. */
function arm(id: string, plan: readonly Plan[], fc: FlowCompile): AnyStep | AnyWorkflow {
  const e = planEntries(plan, fc, `${id}/`);
  if (e.length === 1 && e[0]?.kind === 'step') return e[0].step;
  return assemble(frameWorkflow(id), e).commit();
}

function nested(id: string, plan: readonly Plan[], fc: FlowCompile, description: string): AnyWorkflow {
  return assemble(frameWorkflow(id, description), planEntries(plan, fc, `${id}/`)).commit();
}

/** Adds entries to a workflow under construction with Mastra's builder methods. */
export function assemble(wf: AnyWorkflow, list: readonly MastraEntry[]): AnyWorkflow {
  let w = wf;
  for (const e of list) {
    switch (e.kind) {
      case 'step': w = w.then(e.step); break;
      case 'workflow': w = w.then(e.workflow); break;
      case 'foreach': w = w.foreach(e.step, { concurrency: e.concurrency }); break;
      case 'branch': w = w.branch(e.arms as never); break;
      case 'loop': w = w.dountil(e.workflow, e.until); break;
    }
  }
  return w;
}
