/**
 * Handoff tools, as LangGraph's multi-agent guides and packages write them:
 * a tool whose function returns `new Command({ goto: <agent>, graph:
 * Command.PARENT, … })` (`createHandoffTool` of `@langchain/langgraph-swarm`
 * and of `@langchain/langgraph-supervisor`, or written by hand). Read
 * without running them: the source says it goes to the parent graph; where
 * to is its `__handoff_destination` metadata (langgraph-swarm), else a
 * `goto` string literal, else the tool's name (`transfer_to_<agent>`), else
 * the `agentName` its function holds in its closure.
 */
import { closureValue } from '@agentspec/runtime/import';
import { toolFunctionText } from './tool-function-text.js';
import { functionOf, scanText } from './source-scan.js';

interface ToolLike {
  readonly name: string;
  readonly description?: string;
  readonly metadata?: Record<string, unknown>;
}

/** A handoff tool: its name and description, and the node it goes to (undefined when it cannot be read). */
export interface Handoff {
  readonly tool: ToolLike;
  readonly to: string | undefined;
}

const GOTO = /\bgoto\s*:\s*(["'`])([^"'`$]+)\1/;

/** How LangGraph's packages put an agent's name in a tool name: trimmed, spaces to `_`, lower case. */
function normalized(name: string): string {
  return name.trim().replace(/\s+/g, '_').toLowerCase();
}

/** The node of `nodes` a name stands for: itself, or its normalized form. */
function nodeNamed(name: string, nodes: readonly string[]): string | undefined {
  return nodes.find((n) => n === name) ?? nodes.find((n) => normalized(n) === normalized(name));
}

/** The handoff tool `tool` is, going to one of `nodes`; undefined when it is an ordinary tool. */
export async function handoffOf(tool: unknown, nodes: readonly string[]): Promise<Handoff | undefined> {
  const t = tool as ToolLike;
  if (typeof t?.name !== 'string') return undefined;
  const meta = t.metadata?.__handoff_destination;
  if (typeof meta === 'string') return { tool: t, to: nodeNamed(meta, nodes) };
  const text = await toolFunctionText(tool);
  if (!scanText(text).commandParent) return undefined;
  const literal = GOTO.exec(text ?? '')?.[2];
  const byLiteral = literal !== undefined ? nodeNamed(literal, nodes) : undefined;
  if (byLiteral) return { tool: t, to: byLiteral };
  const byName = t.name.startsWith('transfer_to_') ? nodeNamed(t.name.slice('transfer_to_'.length), nodes) : undefined;
  if (byName) return { tool: t, to: byName };
  // `tool(fn)` keeps fn in its wrapper's closure: the agent's name is in fn's
  const fn = functionOf(tool);
  const inner = fn ? await closureValue(fn, 'func') : undefined;
  const held = await closureValue(typeof inner === 'function' ? inner : fn, 'agentName');
  return { tool: t, to: typeof held === 'string' ? nodeNamed(held, nodes) : undefined };
}

/** A handoff tool's description unless it is one a package writes for any agent. */
export function ownDescription(tool: ToolLike): string | undefined {
  const d = tool.description?.trim();
  if (!d || d === 'Ask another agent for help.' || /^Ask agent '.*' for help$/.test(d)) return undefined;
  return d;
}
