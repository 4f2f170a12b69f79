import { closureValue } from '@agentspec/runtime/import';
import { isSdkAgent } from './handoff-target.js';
import type { AnyAgent } from './any-agent.js';

/**
 * An input guardrail of the SDK's documented shape, read from its `execute`:
 * it runs a guardrail agent on the run's input and trips on one boolean field
 * of that agent's final output.
 */
export interface AgentGuardrail {
  readonly name: string;
  /** The agent `execute` runs (`await run(guardrailAgent, input, …)`), read from its closure. */
  readonly agent: AnyAgent;
  /** The field of the agent's final output the tripwire is made of. */
  readonly field: string;
  /** The field's value that trips the wire: `true` for `finalOutput?.field` (`?? false`, `=== true`), `false` for `!finalOutput?.field` (`=== false`). */
  readonly tripsOn: boolean;
}

/** Why an input guardrail is not of that shape (for its warning). */
export type Unreadable = { readonly why: string };

const ID = '[A-Za-z_$][\\w$]*';
/** `run`, `agents.run`, `runner.run`, and what a compiler makes of an imported `run` (`(0, import_agents.run)`). */
const RUN = `(?:\\(\\s*0\\s*,\\s*${ID}\\.run\\s*\\)|(?:${ID}\\.)?run)`;
/** `const result = await run(agent, input …)` or `const { finalOutput } = await run(agent, input …)`. */
const RUN_CALL = new RegExp(`\\b(?:const|let|var)\\s+(${ID}|\\{[^}]*\\})\\s*=\\s*await\\s+${RUN}\\s*\\(\\s*(${ID})\\s*,\\s*([^,)]+?)\\s*[,)]`);
/** What `tripwireTriggered:` is given, up to the end of the property. */
const TRIPWIRE = /\btripwireTriggered\s*:\s*([^,}\n;]+)/;

/** The field and the value that trips, from the tripwire expression over `finalOutput` (spelled `output`, e.g. `result.finalOutput`). */
function readTripwire(expression: string, output: string): { field: string; tripsOn: boolean } | undefined {
  let e = expression.trim().replace(/^\((.*)\)$/s, '$1').trim();
  let tripsOn = true;
  const negated = /^!\s*\(?/.exec(e);
  if (negated && !e.startsWith('!!')) {
    tripsOn = false;
    e = e.slice(negated[0].length).replace(/\)$/, '').trim();
  }
  e = e.replace(/^!!/, '').replace(/^Boolean\((.*)\)$/s, '$1').trim();
  const compare = /\s*(===|==|!==|!=)\s*(true|false)$/.exec(e);
  if (compare) {
    const equal = compare[1] === '===' || compare[1] === '==';
    if (compare[2] === 'false' ? equal : !equal) tripsOn = !tripsOn;
    e = e.slice(0, compare.index).trim();
  }
  e = e.replace(/\s*\?\?\s*false$/, '').trim();
  const escaped = output.replace(/[.$]/g, '\\$&');
  const field = new RegExp(`^${escaped}\\s*(?:\\?\\.|!\\.|\\.)\\s*(${ID})$`).exec(e);
  return field ? { field: field[1] as string, tripsOn } : undefined;
}

/**
 * Read an input guardrail without running it: its `execute` source says which
 * variable holds the agent it runs and which field of the agent's final
 * output is the tripwire; the agent itself is read from `execute`'s closure
 * (`closureValue`). Any other shape (a code-only check, another input, an
 * expression over several fields) is unreadable, with the reason.
 */
export async function readInputGuardrail(guardrail: { name?: string; execute?: unknown }): Promise<AgentGuardrail | Unreadable> {
  const execute = guardrail.execute;
  if (typeof execute !== 'function') return { why: 'it has no execute function' };
  const source = Function.prototype.toString.call(execute);
  const call = RUN_CALL.exec(source);
  if (!call) return { why: 'its execute does not run an agent (`const result = await run(agent, input, …)`)' };
  const [, binding, agentName, input] = call as unknown as [string, string, string, string];
  if (input !== 'input') return { why: "it runs its agent on something else than the run's input" };
  const destructured = binding.startsWith('{');
  if (destructured && !/\bfinalOutput\b/.test(binding)) return { why: 'its execute does not read the final output of the agent it runs' };
  const tripwire = TRIPWIRE.exec(source);
  const read = tripwire && readTripwire(tripwire[1] as string, destructured ? 'finalOutput' : `${binding}.finalOutput`);
  if (!read) return { why: `its tripwire (${tripwire?.[1]?.trim() ?? 'not found'}) is not one boolean field of the agent's final output` };
  const agent = await closureValue(execute, agentName);
  if (!isSdkAgent(agent)) return { why: `the agent it runs ('${agentName}') cannot be read from its closure` };
  return { name: guardrail.name ?? 'unnamed', agent: agent as AnyAgent, ...read };
}
