/**
 * Running one node of a foreign graph outside its graph, as a ServerTool
 * does: the node function runs as the only node of a one-node graph with a
 * checkpointer, so that `interrupt()`, `getConfig()` and the stream writer
 * work; each `interrupt()` is resumed with the next answer the spec asked the
 * user for. What the node returned (an update, a `Command`, a list of them)
 * is read into updates and where it goes.
 */
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import { Annotation, Command, isCommand, MemorySaver, START, StateGraph } from '@langchain/langgraph';

type Invokable = { invoke(input: unknown, config?: unknown): Promise<unknown> };

/** What of a node's options its one-node graph keeps (LangGraph applies them there as in the graph). */
export interface NodePolicies {
  readonly retryPolicy?: unknown;
  readonly timeout?: unknown;
}

/** What a node returned, read: state updates in order, and the destinations of its `Command`s. */
export interface NodeOutcome {
  readonly updates: readonly Record<string, unknown>[];
  readonly goto: readonly unknown[];
}

const OneNode = Annotation.Root({ input: Annotation<unknown>() });

/**
 * Run a node with `input`, resuming its interrupts with `answers` in order;
 * returns what it returned. Its graph runs on its own, outside any graph that
 * calls the tool (the LangGraph runtime runs ServerTools inside its nodes: a
 * graph invoked there would be taken for a subgraph of that one).
 */
export function runNode(node: unknown, input: unknown, answers: readonly unknown[], label: string, policies: NodePolicies = {}): Promise<unknown> {
  return AsyncLocalStorageProviderSingleton.getInstance().run(undefined, () => runAlone(node, input, answers, label, policies));
}

async function runAlone(node: unknown, input: unknown, answers: readonly unknown[], label: string, policies: NodePolicies): Promise<unknown> {
  let result: unknown;
  let done = false;
  const graph = new StateGraph(OneNode)
    .addNode('node', async (s: { input: unknown }, config: unknown) => {
      // the node's config as LangGraph gives it (interrupt() reads its scratchpad, tools their configurable)
      result = await (node as Invokable).invoke(s.input, config);
      done = true;
      return {};
    }, {
      ...(policies.retryPolicy !== undefined ? { retryPolicy: policies.retryPolicy as never } : {}),
      ...(policies.timeout !== undefined ? { timeout: policies.timeout as never } : {}),
    })
    .addEdge(START, 'node')
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: 'agentspec-import' } };
  await graph.invoke({ input }, config);
  for (const answer of answers) {
    if (done) break;
    await graph.invoke(new Command({ resume: answer }), config);
  }
  if (!done) {
    throw new Error(`node '${label}' called interrupt() ${answers.length === 0 ? '' : 'more often '}than its source says (the spec asks the user ${answers.length} time${answers.length === 1 ? '' : 's'} before it): import the graph again, or make the interrupt() call visible in the node function`);
  }
  return result;
}

/** Updates and destinations of a node's return value. */
export function outcome(result: unknown): NodeOutcome {
  const updates: Record<string, unknown>[] = [];
  const goto: unknown[] = [];
  const read = (r: unknown): void => {
    if (r === null || r === undefined) return;
    if (Array.isArray(r)) return r.forEach(read);
    if (isCommand(r) || r instanceof Command) {
      const c = r as Command;
      const u = c.update as unknown;
      if (Array.isArray(u)) updates.push(Object.fromEntries(u as [string, unknown][]));
      else if (u && typeof u === 'object') updates.push(u as Record<string, unknown>);
      const g = c.goto as unknown;
      if (Array.isArray(g)) goto.push(...g);
      else if (g !== undefined && g !== null) goto.push(g);
      return;
    }
    if (typeof r === 'object') updates.push(r as Record<string, unknown>);
  };
  read(result);
  return { updates, goto };
}

/** The answer to an interrupt from the user's text: a JSON object or array is parsed, anything else is the text. */
export function answerValue(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const t = text.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
