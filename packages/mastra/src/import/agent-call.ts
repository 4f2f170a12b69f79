import { isAgent, type AgentLike } from './agent-like.js';
import type { Json } from './import-entry.js';

/** A step whose code only asks one agent with a prompt made of its input and returns the answer's text. */
export interface AgentCall {
  readonly agent: AgentLike;
  /** The prompt as an Agent Spec template (`{{city}}` for `${inputData.city}`). */
  readonly template: string;
  /** The input fields the prompt reads, in order. */
  readonly reads: readonly string[];
  /** The step's one output (a string): the answer's text. */
  readonly output: string;
}

interface Registry {
  getAgent?(id: string): unknown;
  getAgentById?(id: string): unknown;
}

const PLACEHOLDER = /\$\{\s*inputData\s*\??\.\s*([A-Za-z_$][\w$]*)\s*\}/g;

/** The agent a name stands for in the workflow's Mastra (a registration key or an id), if any. */
function registered(mastra: Registry | undefined, name: string): AgentLike | undefined {
  for (const get of [mastra?.getAgent, mastra?.getAgentById]) {
    try {
      const a = get?.call(mastra, name);
      if (isAgent(a)) return a as AgentLike;
    } catch {
      // not registered under that name
    }
  }
  return undefined;
}

/**
 * Recognizes, from a step's source (its `createStep({ … })` in the program's
 * text: Mastra keeps a step's `execute` bound, without its source), the shape Mastra's guides give a step that
 * asks an agent: one agent (`mastra.getAgent('planner')`, or a variable named
 * as the agent is registered) asked once (`.generate(prompt)`, `.stream(…)`,
 * the prompt a template literal — or a constant holding one, or the content
 * of one user message — whose placeholders are `${inputData.<field>}`), the
 * answer's text returned as the step's one string output. Anything else is
 * not recognized (undefined): the step stays code.
 */
export function agentCallOf(source: string | undefined, output: Json | undefined, mastra: unknown): AgentCall | undefined {
  if (source === undefined) return undefined;
  const props = (output?.properties ?? {}) as Record<string, { type?: unknown }>;
  const outs = Object.keys(props);
  if (outs.length !== 1 || props[outs[0] as string]?.type !== 'string') return undefined;
  const asks = [...source.matchAll(/(?:([A-Za-z_$][\w$]*)|\))\s*\??\.\s*(generate|stream)\s*\(/g)];
  if (asks.length !== 1) return undefined;
  const named = [...new Set([...source.matchAll(/getAgent(?:ById)?\(\s*(['"`])([^'"`]+)\1\s*\)/g)].map((m) => m[2] as string))];
  if (named.length > 1) return undefined;
  const name = named[0] ?? asks[0]?.[1];
  const agent = name !== undefined ? registered(mastra as Registry | undefined, name) : undefined;
  if (!agent) return undefined;
  const after = source.slice((asks[0]?.index ?? 0) + (asks[0]?.[0].length ?? 0));
  const arg = /^\s*(?:\[\s*\{\s*role\s*:\s*['"]user['"]\s*,\s*content\s*:\s*)?(`[^`]*`|[A-Za-z_$][\w$]*)/.exec(after)?.[1];
  if (!arg) return undefined;
  const literal = arg.startsWith('`') ? arg : new RegExp(`(?:const|let)\\s+${arg.replace(/\$/g, '\\$')}\\s*=\\s*(\`[^\`]*\`)`).exec(source)?.[1];
  if (!literal) return undefined;
  const body = literal.slice(1, -1);
  // every placeholder reads one input field; no other expression, no Agent Spec placeholder in the text
  if (body.replace(PLACEHOLDER, '').includes('${') || body.includes('{{')) return undefined;
  if (!/\.text\b|textStream/.test(source)) return undefined;
  const reads = [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
  return { agent, template: body.replace(PLACEHOLDER, (_m, f: string) => `{{${f}}}`), reads, output: outs[0] as string };
}

const STARTS = /\b(?:createStep|createWorkflow|createTool)\s*\(|new\s+Agent\s*\(/g;

/** The text of the `createStep({ id: '<id>', … })` of a step in a program's source (up to the next step, workflow, tool or agent), if it is there once. */
export function stepSource(program: string | undefined, id: string): string | undefined {
  if (program === undefined) return undefined;
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const at = [...program.matchAll(new RegExp(`\\bid\\s*:\\s*(['"\`])${escaped}\\1`, 'g'))];
  if (at.length !== 1) return undefined;
  const from = at[0]?.index ?? 0;
  const starts = [...program.matchAll(STARTS)].map((m) => m.index ?? 0);
  const begin = Math.max(0, ...starts.filter((i) => i < from));
  const end = starts.find((i) => i > from) ?? program.length;
  return /\bcreateStep\s*\(/.test(program.slice(begin, begin + 20)) ? program.slice(begin, end) : undefined;
}
