import { laterComponent, serialize, type Component, type Flow, type Node } from '@agentspec/core';
import { admitted, serverToolNames } from '@agentspec/runtime';
import { commentText, docComment, identifier, key, str, templateText } from '@agentspec/runtime/emit';
import { FlowInfo } from '../compile/flow/flow-info.js';
import { planOf, PLAN_WARNINGS, type Plan } from '../compile/flow/structure.js';
import type { MastraModule as ModuleWriter } from './helpers.js';
import { emitSpecTransforms } from './transforms.js';

/** The comment in the module on a plan that is not the structured one (PLAN_WARNINGS says why). */
const PLAN_COMMENTS: Readonly<Record<keyof typeof PLAN_WARNINGS, string>> = {
  irreducible: 'has a cycle entered in the middle: a .dountil loop over a .branch of every node runs it',
  deep: 'nests too deep: its nodes run in sequence, each behind a .branch on whether it is next',
  deepCycle: 'nests too deep and has cycles: a .dountil loop over a .branch of every node runs it',
};

/** One builder call of a workflow under construction (`.then(x)`, `.branch([…])`…); `step` when it is `.then` of a single step. */
interface Entry {
  readonly text: string;
  readonly step?: string;
}


/**
 * Writes the workflows of a flow and its sub-flows into `build`, mirroring
 * compileFlow / planEntries (DESIGN §4.4): one `createStep` per node (and the
 * `:call`/`:return`, `:items`/`:collect` steps of sub-flows and maps), the
 * control flow with `.then`, `.branch`, `.dountil`, `.foreach`, nested
 * workflows as their own constants — declared before they are used.
 */
/** The options of a workflow run nested in another (a map node's sub-flow, a `.branch` arm, a loop body), as source text: those compileMastra gives it (NESTED_WORKFLOW_OPTIONS, nested-run.ts). */
const NESTED_OPTIONS = '{ sharePubsub: true }';

/** The options of a map node's sub-flow workflow, as source text (ITERATION_WORKFLOW_OPTIONS, nested-run.ts). */
const ITERATION_OPTIONS = '{ sharePubsub: true, emitStepEvents: false }';

class FlowWriter {
  readonly body: string[] = [];
  private readonly nodes = new Map<Node, Entry[]>();
  private readonly passes = new Map<string, string>();

  /** `options`: the workflow's Mastra options (source text), if any. */
  constructor(private readonly m: ModuleWriter, private readonly flow: Flow, private readonly s: string, private readonly workflowId: string, private readonly options?: string) {}

  private declare(base: string, expression: string): string {
    const name = this.m.names.take(base);
    this.body.push(`const ${name} = ${expression};`);
    return name;
  }

  private step(base: string, id: string, description: string, input: string, output: string, execute: string): string {
    return this.declare(base, [
      'createStep({',
      `  id: ${str(id)},`,
      `  description: ${str(description)},`,
      `  inputSchema: ${input},`,
      `  outputSchema: ${output},`,
      `  execute: ${execute},`,
      '})',
    ].join('\n'));
  }

  private workflow(base: string, id: string, description: string | undefined, input: string, output: string, entries: readonly Entry[], options?: string): string {
    return this.declare(base, [
      `createWorkflow({ id: ${str(id)}, ${description === undefined ? '' : `description: ${str(description)}, `}inputSchema: ${input}, outputSchema: ${output}${options === undefined ? '' : `, options: ${options}`} })`,
      ...entries.map((e) => `  ${e.text.replace(/\n/g, '\n  ')}`),
      '  .commit()',
    ].join('\n'));
  }

  /** The workflow of the flow: its plan, then the `$finish` step; the constant's name. */
  write(base: string): string {
    const info = new FlowInfo(this.flow);
    const { plan, warning } = planOf(info);
    if (warning) {
      this.m.warnings.push({ kind: 'approximated', component: this.flow.id, message: PLAN_WARNINGS[warning] });
      this.body.push(`// '${commentText(this.flow.id)}' ${PLAN_COMMENTS[warning]}`);
    }
    const entries = this.plan(plan, `${this.workflowId}/`);
    const finish = this.step(`${base}Finish`, '$finish', `the outputs of flow '${this.flow.name}'`, `${this.s}.frame`, `${this.s}.outputs`, `${this.s}.finish`);
    return this.workflow(base, this.workflowId, this.flow.description ?? this.flow.name, `${this.s}.inputs`, `${this.s}.outputs`, [...entries, { text: `.then(${finish})`, step: finish }], this.options);
  }

  private plan(plan: readonly Plan[], prefix: string): Entry[] {
    const out: Entry[] = [];
    const s = this.s;
    for (const p of plan) {
      switch (p.kind) {
        case 'node':
          out.push(...this.node(p.node));
          break;
        case 'loop': {
          const id = `${prefix}${p.header.id}@loop`;
          const loop = this.workflow(`${identifier(p.header.id, { fallback: 'node' })}Loop`, id, `the cycle through '${p.header.id}'`, `${s}.frame`, `${s}.frame`, this.plan(p.body, `${id}/`), NESTED_OPTIONS);
          out.push({ text: `.dountil(${loop}, ${s}.nextIsNot(${str(p.header.id)}))` });
          break;
        }
        case 'guard': {
          const t = p.target.id;
          out.push(this.branch([[`${s}.nextIs(${str(t)})`, this.arm(`${identifier(t, { fallback: 'node' })}Arm`, `${prefix}${t}?`, p.body)], [`${s}.nextNotIn([${str(t)}])`, this.pass(`${identifier(t, { fallback: 'node' })}Skip`, `${t}?skip`)]]));
          break;
        }
        case 'branch': {
          const from = p.from.id;
          const arms: [string, string][] = p.arms.map((a) => [`${s}.nextIs(${str(a.target.id)})`, this.arm(`${identifier(a.target.id, { fallback: 'node' })}Arm`, `${prefix}${from}->${a.target.id}`, a.body)]);
          arms.push([`${s}.nextNotIn([${p.arms.map((a) => str(a.target.id)).join(', ')}])`, this.pass(`${identifier(from, { fallback: 'node' })}Else`, `${from}->else`)]);
          out.push(this.branch(arms));
          break;
        }
        case 'dispatch': {
          const arms: [string, string][] = p.nodes.map((n) => [`${s}.nextIs(${str(n.id)})`, this.arm(`${identifier(n.id, { fallback: 'node' })}Arm`, `${prefix}${n.id}!`, [{ kind: 'node', node: n }])]);
          const body = this.workflow('dispatch', `${prefix}dispatch`, 'runs the next node', `${s}.frame`, `${s}.frame`, [this.branch(arms)], NESTED_OPTIONS);
          out.push({ text: `.dountil(${body}, ${s}.finished)` });
          break;
        }
      }
    }
    return out;
  }

  private branch(arms: readonly (readonly [string, string])[]): Entry {
    return { text: ['.branch([', ...arms.map(([c, a]) => `  [${c}, ${a}],`), '])'].join('\n') };
  }

  /** A `.branch` arm: the plan's single step, else a nested workflow. */
  private arm(base: string, id: string, plan: readonly Plan[]): string {
    const entries = this.plan(plan, `${id}/`);
    const only = entries.length === 1 ? entries[0]?.step : undefined;
    return only ?? this.workflow(base, id, undefined, `${this.s}.frame`, `${this.s}.frame`, entries, NESTED_OPTIONS);
  }

  private pass(base: string, id: string): string {
    let name = this.passes.get(id);
    if (!name) this.passes.set(id, (name = this.step(base, id, 'pass the frame on', `${this.s}.frame`, `${this.s}.frame`, `${this.s}.pass`)));
    return name;
  }

  /** The entries of one node (declared once, reused when the plan runs it in two places). */
  private node(spec: Node): Entry[] {
    let entries = this.nodes.get(spec);
    if (!entries) this.nodes.set(spec, (entries = this.laterNode(spec) ?? this.builtinNode(spec)));
    return entries;
  }

  /** The step of a node: `steps.step(id)` on frames. */
  private main(node: { readonly id: string; readonly name: string; readonly component_type: string; readonly description?: string | null }): string {
    const description = node.description ?? `${node.component_type} '${node.name}'`;
    return this.step(identifier(node.id, { fallback: 'node' }), node.id, description, `${this.s}.frame`, `${this.s}.frame`, `${this.s}.step(${str(node.id)})`);
  }

  /** The workflow of a sub-flow, written before the node's steps; its constant. */
  private subflow(sub: Flow, steps: string, workflowId: string, base: string, options?: string): string {
    const writer = new FlowWriter(this.m, sub, steps, workflowId, options);
    const workflow = writer.write(base);
    this.body.push(...writer.body);
    return workflow;
  }

  private builtinNode(spec: Node): Entry[] {
    const node = admitted(spec);
    const s = this.s;
    const id = str(node.id);
    const base = identifier(node.id, { fallback: 'node' });
    const main = this.main(node);
    // an A2AAgent (a later component) runs in the node's own step, as any agent
    const agent = node.component_type === 'AgentNode' && !laterComponent(node.agent, 'A2AAgent') ? admitted(node.agent) : undefined;
    const sub = node.component_type === 'FlowNode' || node.component_type === 'MapNode' ? node.subflow
      : agent?.component_type === 'Flow' ? agent : undefined;
    if (!sub) return [{ text: `.then(${main})`, step: main }];
    const subSteps = this.declare(`${base}Steps`, `${s}.subflow(${id})`);
    const workflow = this.subflow(sub, subSteps, `${this.workflowId}/${node.id}`, `${base}Flow`, node.component_type === 'MapNode' ? ITERATION_OPTIONS : undefined);
    if (node.component_type === 'MapNode') return this.foreach(node, main, workflow, subSteps, `${s}.mapConcurrency`);
    const call = this.step(`${base}Call`, `${node.id}:call`, `the inputs of sub-flow '${sub.name}'`, `${s}.frame`, `${subSteps}.inputs`, `${s}.step(${id}, 'call')`);
    const ret = this.step(`${base}Return`, `${node.id}:return`, `the outputs of sub-flow '${sub.name}'`, `${subSteps}.outputs`, `${s}.frame`, `${s}.step(${id}, 'return')`);
    return [
      { text: `.then(${main})`, step: main },
      { text: `.then(${call})`, step: call },
      { text: `.then(${workflow})` },
      { text: `.then(${ret})`, step: ret },
    ];
  }

  /** A MapNode or ParallelMapNode: `:items`, `.foreach` of `:each` (the sub-flow's workflow, failures settled), `:collect`. */
  private foreach(node: { readonly id: string; readonly name: string }, main: string, workflow: string, subSteps: string, concurrency: string): Entry[] {
    const s = this.s;
    const id = str(node.id);
    const base = identifier(node.id, { fallback: 'node' });
    const items = this.step(`${base}Items`, `${node.id}:items`, `one input per iteration of '${node.name}'`, `${s}.frame`, `${s}.iterations`, `${s}.step(${id}, 'items')`);
    const each = this.step(`${base}Each`, `${node.id}:each`, `one iteration of '${node.name}': its sub-flow`, `${subSteps}.inputs`, `${subSteps}.outputs`, `${s}.each(${id}, ${workflow})`);
    const collect = this.step(`${base}Collect`, `${node.id}:collect`, `the reduced outputs of '${node.name}'`, `${s}.iterations`, `${s}.frame`, `${s}.step(${id}, 'collect')`);
    return [
      { text: `.then(${main})`, step: main },
      { text: `.then(${items})`, step: items },
      { text: `.foreach(${each}, { concurrency: ${concurrency} })` },
      { text: `.then(${collect})`, step: collect },
    ];
  }

  /**
   * The nodes of later versions the compiler runs: a ParallelFlowNode (one
   * workflow per subflow, run by `steps.parallel` with Mastra's `.parallel`),
   * a ParallelMapNode (`.foreach`, `limits.parallelism` at a time), a
   * CatchExceptionNode (`:try` runs the subflow's workflow and catches its
   * failure, `:return` gives its outputs or the caught failure's); undefined
   * for any other node.
   */
  private laterNode(spec: Node): Entry[] | undefined {
    const s = this.s;
    const parallel = laterComponent(spec, 'ParallelFlowNode');
    const map = laterComponent(spec, 'ParallelMapNode');
    const catching = laterComponent(spec, 'CatchExceptionNode');
    const node = parallel ?? map ?? catching;
    if (!node) return undefined;
    const id = str(node.id);
    const base = identifier(node.id, { fallback: 'node' });
    const main = this.main(node);
    if (parallel) {
      const branches = (parallel.subflows ?? []).map((sub, i) => {
        const subSteps = this.declare(`${base}Steps${i}`, `${s}.subflow(${id}, ${i})`);
        const branchId = `${this.workflowId}/${node.id}[${i}]`;
        const workflow = this.subflow(sub, subSteps, `${branchId}/${sub.id}`, `${base}Flow${i}`);
        const call = this.step(`${base}Call${i}`, `${node.id}[${i}]:call`, `the inputs of sub-flow '${sub.name}'`, `${s}.frame`, `${subSteps}.inputs`, `${s}.step(${id}, 'call', ${i})`);
        return this.workflow(`${base}Branch${i}`, branchId, `subflow '${sub.name}' of '${node.name}'`, `${s}.frame`, `${subSteps}.outputs`, [{ text: `.then(${call})` }, { text: `.then(${workflow})` }]);
      });
      this.body.push(`// the subflows of '${commentText(node.id)}' with Mastra's .parallel (limits.parallelism at a time), then their merged outputs`);
      const all = this.declare(`${base}Parallel`, `${s}.parallel(${id}, [${branches.join(', ')}])`);
      return [{ text: `.then(${main})`, step: main }, { text: `.then(${all})` }];
    }
    const sub = (map ?? catching)!.subflow;
    const subSteps = this.declare(`${base}Steps`, `${s}.subflow(${id})`);
    const workflow = this.subflow(sub, subSteps, `${this.workflowId}/${node.id}`, `${base}Flow`, map ? ITERATION_OPTIONS : undefined);
    if (map) return this.foreach(map, main, workflow, subSteps, `${s}.parallelism`);
    const call = this.step(`${base}Call`, `${node.id}:call`, `the inputs of sub-flow '${sub.name}'`, `${s}.frame`, `${subSteps}.inputs`, `${s}.step(${id}, 'call')`);
    const attempt = this.step(`${base}Try`, `${node.id}:try`, `sub-flow '${sub.name}', its failure caught`, `${subSteps}.inputs`, `${subSteps}.outputs`, `${s}.catching(${workflow})`);
    const ret = this.step(`${base}Return`, `${node.id}:return`, `the outputs of sub-flow '${sub.name}', or of its caught failure`, `${subSteps}.outputs`, `${s}.frame`, `${s}.step(${id}, 'return')`);
    return [
      { text: `.then(${main})`, step: main },
      { text: `.then(${call})`, step: call },
      { text: `.then(${attempt})`, step: attempt },
      { text: `.then(${ret})`, step: ret },
    ];
  }
}

/** Every ServerTool of a flow and its sub-flows (and their agents), by name. */
function serverTools(flow: Flow): string[] {
  return serverToolNames(flow).sort();
}

/**
 * The `BuildOptions` interface of a module over the Agent Spec semantics of
 * this package (a flow's, a group's): ServerTool implementations, the LLM
 * endpoint, limits, network policy (and the conversation's id when it has
 * message transforms).
 */
export function specBuildOptions(tools: readonly string[], limits: string, transforms: boolean): string {
  return [
    'export interface BuildOptions {',
    ...(tools.length > 0 ? [
      '  /** ServerTool implementations by tool name (never taken from the spec). */',
      `  readonly tools: { ${tools.map((n) => `readonly ${key(n)}: (args: Record<string, unknown>) => unknown`).join('; ')} };`,
    ] : []),
    '  /**',
    '   * Where the LLMs are: overrides every LLM config\'s endpoint (an OpenAI-compatible `baseURL`, with `apiKey`, `model`); without',
    '   * `baseURL`, the key (`apiKey`, else OPENAI_API_KEY) goes to a spec\'s endpoint only on its own origin or a host of `credentialHosts`.',
    '   * The request timeout; retries (Retry-After up to `maxRetryAfterMs`; an LLM config\'s retry_policy decides instead).',
    '   */',
    '  readonly llm?: {',
    '    readonly baseURL?: string; readonly apiKey?: string; readonly model?: string; readonly credentialHosts?: readonly string[];',
    '    readonly timeoutMs?: number; readonly retries?: number; readonly maxRetryAfterMs?: number; readonly fetch?: typeof fetch;',
    '  };',
    `  /** ${limits} */`,
    '  readonly limits?: CompileMastraOptions[\'limits\'];',
    '  /** Hosts a templated URL may reach (SSRF guard), commands an MCP stdio server may run. */',
    '  readonly network?: CompileMastraOptions[\'network\'];',
    ...(transforms ? ['  /** The conversation\'s id: the key of the summaries the message transforms cache (default: one per build; a session\'s under mastraRuntime). */', '  readonly conversationId?: string;'] : []),
    '}',
  ].join('\n');
}

/** The options of this package's semantics (`flowSteps`, `groupAgents`) from `options` of `build`, as lines of an object literal. */
export function specOptions(tools: readonly string[], transforms: boolean): string[] {
  return [
    `  tools: ${tools.length > 0 ? 'options.tools' : '{}'},`,
    '  llm: llmOptions(options.llm),',
    '  limits: options.limits ?? {},',
    '  network: options.network ?? {},',
    ...(transforms ? ['  transforms: agentTransforms(TRANSFORMS, options.conversationId ?? globalThis.crypto.randomUUID()),'] : []),
  ];
}

/**
 * The `build` function of such a module (`doc`, its lines of `body`; `options`
 * required when the spec has ServerTools), then `llmOptions` and the spec as
 * YAML (`SPEC`).
 */
export function specBuild(m: ModuleWriter, component: Component, what: 'flow' | 'group', doc: readonly string[], toolsRequired: boolean, body: readonly string[]): void {
  m.section([
    docComment(doc),
    `export function build(options: BuildOptions${toolsRequired ? '' : ' = {}'}): MastraCompiled {`,
    ...body.map((l) => (l === '' ? l : `  ${l.replace(/\n/g, '\n  ')}`)),
    '}',
  ].join('\n'));
  m.section([
    '/** `options.llm` as the LLM options of @agentspec/mastra (`override` points every LLM config at one endpoint). */',
    'function llmOptions(llm: BuildOptions[\'llm\']): CompileMastraOptions[\'llm\'] {',
    '  if (!llm) return {};',
    '  const { baseURL, apiKey, model, ...rest } = llm;',
    '  return { ...rest, ...(baseURL ? { override: { url: baseURL, ...(apiKey ? { apiKey } : {}), ...(model ? { model } : {}) } } : apiKey ? { apiKey } : {}) };',
    '}',
  ].join('\n'));
  m.section([
    `/** The ${what} as Agent Spec: ${what === 'flow' ? 'what the node steps run (prompts, tools, HTTP calls, mappings)' : 'what its agents run (prompts, tools, LLM configs)'}. */`,
    `const SPEC = \`${templateText(serialize(component, { format: 'yaml' }))}\`;`,
  ].join('\n'));
}

/** The module of a Flow; the usage lines of its header. */
export function emitFlow(flow: Flow, m: ModuleWriter): string[] {
  m.import('@agentspec/mastra', 'flowSteps');
  m.importType('@agentspec/mastra', 'CompileMastraOptions');
  m.importType('@agentspec/mastra', 'MastraCompiled');
  m.import('@mastra/core/workflows', 'createStep');
  m.import('@mastra/core/workflows', 'createWorkflow');
  const tools = serverTools(flow);
  const workflowId = flow.id.replace(/[^A-Za-z0-9_.:-]/g, '_') || 'component';
  const transforms = emitSpecTransforms(flow, m);
  m.section(specBuildOptions(tools, 'Node executions per run, LLM turns per agent, MapNode concurrency, ParallelMapNode/ParallelFlowNode parallelism, HTTP timeout and retries.', transforms));
  const writer = new FlowWriter(m, flow, 'steps', workflowId);
  const workflow = writer.write('workflow');
  const body = [
    '// the Agent Spec semantics of every node (inputs, templates, tools, LLM calls, suspensions), bound to the options',
    'const steps = flowSteps(SPEC, {',
    ...specOptions(tools, transforms),
    '});',
    ...writer.body,
    `return { kind: 'workflow', ${workflow === 'workflow' ? 'workflow' : `workflow: ${workflow}`}, agents: steps.agents, warnings: steps.warnings, close: () => steps.close() };`,
  ];
  const doc = ['The Mastra workflow of the flow: register it (and `agents`) with a `Mastra` that has storage, then `createRun()` and `start({ inputData })`.'];
  specBuild(m, flow, 'flow', doc, tools.length > 0, body);
  return [
    'import { build } from \'./this-module.js\';',
    `const { workflow, agents } = build(${tools.length > 0 ? '{ tools: { … } }' : ''}); // register both with a Mastra that has storage`,
    'const result = await (await workflow.createRun()).start({ inputData: { … } });',
  ];
}
