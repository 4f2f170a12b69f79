import type { Agent, Property } from '@agentspec/core';
import { SUBMIT_RESULT } from '@agentspec/runtime';
import { key, literal, str } from '@agentspec/runtime/emit';
import type { EmittedTool } from './agent-tools.js';

/** What the graph's code needs to know of the agent's tools and outputs. */
export interface BuildParts {
  readonly tools: readonly EmittedTool[];
  readonly runnable: readonly EmittedTool[];
  readonly clients: readonly EmittedTool[];
  readonly confirmed: readonly EmittedTool[];
  readonly outputs: readonly Property[];
  readonly mcp: boolean;
  readonly servers: readonly string[];
  readonly renders: boolean;
  /** Whether the agent has message transforms (the module's TRANSFORMS). */
  readonly transforms: boolean;
  readonly names: { model: string; tools: string; human: string };
}

/**
 * The agent's graph as code: `createBuilder(options)` with the node bodies
 * (`callModel`, `runTools`, `askUser`) and the StateGraph written out,
 * `compile()` and `build()` — the same nodes, edges and interrupt payloads
 * as compileLangGraph's agent graph (compile/agent/**).
 */
export function buildFunction(agent: Agent, p: BuildParts): string {
  const n = p.names;
  const bound = [...p.tools.map((t) => t.variable), ...(p.outputs.length > 0 ? ['SUBMIT_RESULT_TOOL'] : [])];
  const hasInputs = (agent.inputs ?? []).length > 0;
  const system = p.renders ? `renderTemplate(SYSTEM_PROMPT, ${hasInputs ? 'agentInputs(state)' : '{}'})` : 'SYSTEM_PROMPT';
  const lines: string[] = [];
  const w = (s = '') => lines.push(s);

  // the nodes
  w('/**');
  w(` * The agent loop: \`${n.model}\` (an LLM turn) → \`${n.tools}\` when it called tools → \`${n.model}\` again${p.outputs.length > 0 ? ',' : '.'}`);
  if (p.outputs.length > 0) w(' * until a valid submit_result call finishes it.');
  w(` * A text reply goes to \`${n.human}\`, which waits for the user with interrupt().`);
  w(' */');
  w(`function createBuilder(options: BuildOptions${p.mcp ? ', mcp: McpConnections' : ''}) {`);
  for (const t of p.tools) if (t.create) w(`  const ${t.variable} = ${t.create};`);
  if (p.runnable.length > 0) {
    w('  /** The tools this graph runs itself, by name. */');
    w(`  const runnable: Record<string, StructuredToolInterface> = { ${p.runnable.map((t) => (key(t.tool.name) === t.variable ? t.variable : `${key(t.tool.name)}: ${t.variable}`)).join(', ')} };`);
  }
  if (p.clients.length > 0) w(`  const clientTools = new Set<string>(${literal(p.clients.map((t) => t.tool.name))});`);
  if (p.confirmed.length > 0) w(`  const needConfirmation = new Set<string>(${literal(p.confirmed.map((t) => t.tool.name))});`);
  w(`  const model = ${bound.length > 0 ? `chatModel(options).bindTools([${bound.join(', ')}])` : 'chatModel(options)'};`);
  w('  const maxAgentSteps = options.limits?.maxAgentSteps ?? 20;');
  if (p.transforms) w('  const summarizers = TRANSFORMS.map((t) => t.model(options));');
  w();
  w(`  /** An LLM turn: the system prompt and the conversation${p.transforms ? ' (through the transforms)' : ''}. Past maxAgentSteps turns since the user spoke, the run fails. */`);
  w('  async function callModel(state: AgentState, config: LangGraphRunnableConfig): Promise<AgentUpdate> {');
  w('    const turns = state.agentspec_turns;');
  w("    if (turns >= maxAgentSteps) throw new CodedError('AS_MAX_ITERATIONS', `the agent took more than ${maxAgentSteps} LLM turns`);");
  if (hasInputs && !p.renders) w('    agentInputs(state); // inputs without a value and a default fail the run');
  // the conversation through the message transforms (the state keeps it as it is)
  if (p.transforms) w('    const messages = await transformedMessages(state.messages, summarizers, config);');
  w('    let reply: AIMessage;');
  w('    try {');
  w(`      reply = await model.invoke([new SystemMessage(${system}), ...${p.transforms ? 'messages' : 'state.messages'}], config);`);
  w('    } catch (e) {');
  w('      throw llmError(e);');
  w('    }');
  // Refused before the reply reaches the state, so the checkpoint keeps the conversation without it.
  w('    const invalid = reply.invalid_tool_calls ?? [];');
  w("    if (invalid.length > 0) throw new CodedError('AS_TOOL_CALL_INVALID', `the LLM called '${invalid[0]?.name ?? '?'}' with arguments that are not a JSON object`);");
  const known = [...p.tools.map((t) => t.tool.name), ...(p.outputs.length > 0 ? [SUBMIT_RESULT] : [])];
  w(`    const offered = new Set<string>(${literal(known)});`);
  w('    const unknown = (reply.tool_calls ?? []).find((c) => !offered.has(c.name));');
  w("    if (unknown) throw new CodedError('AS_TOOL_CALL_INVALID', `the LLM called '${unknown.name}', which is not one of the agent's tools`);");
  if (agent.human_in_the_loop === false) {
    w("    if ((reply.tool_calls ?? []).length === 0) throw new CodedError('AS_INVALID_STATE', 'the agent replied in text but may not ask the user (human_in_the_loop: false)');");
  }
  w('    reply.additional_kwargs = { ...reply.additional_kwargs, [SENDER_KEY]: AGENT_NAME };');
  w('    return { messages: [reply], agentspec_turns: turns + 1 };');
  w('  }');
  w();
  w('  /**');
  w('   * The tool calls of the last LLM turn, in order: confirmations first (one interrupt for all), then');
  w('   * client tools (one interrupt for all), then the tools the graph runs — so a node resumed after an');
  w('   * interrupt has run nothing twice. Every call gets a tool message.');
  w('   */');
  w(`  async function runTools(state: AgentState${p.runnable.length > 0 ? ', config: LangGraphRunnableConfig' : ''}): Promise<AgentUpdate> {`);
  w('    const last = state.messages.at(-1) as AIMessage | undefined;');
  w('    const calls = (last?.tool_calls ?? []).map((c, i) => ({ id: c.id ?? `call_${i}`, name: c.name, args: c.args }));');
  if (p.confirmed.length > 0) {
    w('    const toConfirm = calls.filter((c) => needConfirmation.has(c.name));');
    w('    const decisions = (toConfirm.length > 0');
    w("      ? interrupt({ type: 'tool_confirmation', component: AGENT_ID, requests: toConfirm, messages: conversation(state.messages) })");
    w('      : {}) as Record<string, { decision: \'approve\' | \'reject\'; reason?: string } | undefined>;');
  }
  if (p.clients.length > 0) {
    w(`    const toAsk = calls.filter((c) => clientTools.has(c.name)${p.confirmed.length > 0 ? " && decisions[c.id]?.decision !== 'reject'" : ''});`);
    w('    const given = (toAsk.length > 0');
    w("      ? interrupt({ type: 'tool_request', component: AGENT_ID, requests: toAsk, messages: conversation(state.messages) })");
    w('      : {}) as Record<string, unknown>;');
  }
  w('    const results: ToolMessage[] = [];');
  if (p.outputs.length > 0) w('    let finished: Record<string, unknown> | undefined;');
  w('    for (const c of calls) {');
  const cases: [string, string[]][] = [];
  if (p.outputs.length > 0) {
    cases.push([`c.name === ${str(SUBMIT_RESULT)}`, [
      'const problem = submissionProblem(c.args, OUTPUT_RULES);',
      "if (!problem) finished ??= coerce(c.args, { type: 'object', properties: OUTPUTS }) as Record<string, unknown>;",
      "content = problem ?? 'Result submitted.';",
    ]]);
  }
  if (p.confirmed.length > 0) {
    cases.push(["decisions[c.id]?.decision === 'reject'", [
      'const reason = decisions[c.id]?.reason;',
      "content = `The user rejected this call of ${c.name}${reason ? `: ${reason}` : '.'}`;",
    ]]);
  }
  if (p.clients.length > 0) cases.push(['clientTools.has(c.name)', ['content = toolResultText(given[c.id]);']]);
  const last: string[] = p.runnable.length > 0
    ? ['const run = runnable[c.name] as StructuredToolInterface;', 'content = toolResultText(await run.invoke(coerceArgs(c.args, run.schema), config));']
    : ["content = '';"];
  if (cases.length === 0) {
    for (const b of last) w(`      ${b.startsWith('content = ') ? `const ${b}` : b}`);
  } else {
    w('      let content: string;');
    cases.forEach(([cond, body], i) => {
      w(`      ${i === 0 ? 'if' : '} else if'} (${cond}) {`);
      for (const b of body) w(`        ${b}`);
    });
    w('      } else {');
    for (const b of last) w(`        ${b}`);
    w('      }');
  }
  w('      results.push(new ToolMessage({ content, tool_call_id: c.id, name: c.name }));');
  w('    }');
  if (p.outputs.length > 0) {
    w('    if (finished) return { messages: results, ...finished, agentspec_done: true };');
  }
  w('    return { messages: results };');
  w('  }');
  w();
  w('  /** The agent replied in text: wait for the user; their messages join the conversation and the turn count restarts. */');
  w('  function askUser(state: AgentState): AgentUpdate {');
  w("    const answer: unknown = interrupt({ type: 'user_input', component: AGENT_ID, messages: conversation(state.messages) });");
  w('    const texts = Array.isArray(answer) ? answer.map(String) : [String(answer)];');
  w('    return { messages: texts.map((t) => new HumanMessage(t)), agentspec_turns: 0 };');
  w('  }');
  w();
  w('  return new StateGraph({ stateSchema: State, input: Input, output: Output })');
  w(`    .addNode(${str(n.model)}, callModel)`);
  w(`    .addNode(${str(n.tools)}, runTools)`);
  w(`    .addNode(${str(n.human)}, askUser)`);
  w(`    .addEdge(START, ${str(n.model)})`);
  w(`    .addConditionalEdges(${str(n.model)}, (state) => ((state.messages.at(-1) as AIMessage | undefined)?.tool_calls?.length ? ${str(n.tools)} : ${str(n.human)}), [${str(n.tools)}, ${str(n.human)}])`);
  w(`    .addConditionalEdges(${str(n.tools)}, (state) => (state.agentspec_done === true ? END : ${str(n.model)}), [${str(n.model)}, END])`);
  w(`    .addEdge(${str(n.human)}, ${str(n.model)});`);
  w('}');
  w();
  w('function compile(builder: ReturnType<typeof createBuilder>, options: BuildOptions) {');
  w('  const maxAgentSteps = options.limits?.maxAgentSteps ?? 20;');
  w('  const checkpointer = options.checkpointer;');
  w('  // each LLM turn is two supersteps (model, tools): maxAgentSteps turns always fit');
  w('  return builder.compile({ name: AGENT_NAME, ...(checkpointer !== undefined ? { checkpointer } : {}) }).withConfig({ recursionLimit: 2 * maxAgentSteps + 5 });');
  w('}');
  w();
  w('/** Build the agent\'s graph. Pass a checkpointer to pause and resume (interrupts). */');
  w('export function build(options: BuildOptions = {}): BuiltAgent {');
  if (p.servers.length > 0) {
    w('  const missing = SERVER_TOOLS.filter((name) => !options.tools || !Object.hasOwn(options.tools, name));');
    w("  if (missing.length > 0) throw new CodedError('AS_MISSING_TOOL', `no implementation registered for ServerTool${missing.length > 1 ? 's' : ''} ${missing.map((name) => `'${name}'`).join(', ')}`);");
  }
  if (p.mcp) w('  const mcp = new McpConnections();');
  w(`  const builder = createBuilder(options${p.mcp ? ', mcp' : ''});`);
  w(`  return { graph: compile(builder, options), builder, warnings: [], close: ${p.mcp ? '() => mcp.close()' : 'async () => undefined'} };`);
  w('}');
  return lines.join('\n');
}
