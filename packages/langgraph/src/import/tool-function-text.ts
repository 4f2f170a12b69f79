/**
 * What a function holds in its closure (read by `closureValue` of
 * `@agentspec/runtime/import`, shared with the other importers): the function
 * a LangChain `tool()` wraps (its `func` keeps a wrapper holding it), the
 * options a middleware was made with. Nothing is run.
 */
import { closureValue } from '@agentspec/runtime/import';
import { functionOf } from './source-scan.js';

/**
 * The source text of the function a LangChain tool runs: its `func` for a
 * `new DynamicStructuredTool({ func })`; for `tool(fn, …)`, whose `func` is a
 * wrapper calling `func(input, childConfig)`, the `fn` in that closure.
 */
export async function toolFunctionText(tool: unknown): Promise<string | undefined> {
  const fn = functionOf(tool);
  if (!fn) return undefined;
  const own = Function.prototype.toString.call(fn);
  if (!/\bfunc\s*\(\s*input\s*,/.test(own)) return own;
  const held = await closureValue(fn, 'func');
  return typeof held === 'function' ? Function.prototype.toString.call(held) : own;
}
