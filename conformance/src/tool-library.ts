/**
 * The deterministic ServerTool implementations of the conformance cases
 * (CASES.md, "Tool library"). A case picks them by name with `tools:`; the
 * spec's ServerTool must have the same `name`.
 */
import type { ToolRegistry } from '@agentspec/runtime';

type Args = Record<string, unknown>;

const CAPITALS: Readonly<Record<string, string>> = {
  France: 'Paris', Germany: 'Berlin', Italy: 'Rome', Japan: 'Tokyo', Spain: 'Madrid',
};

function toNumber(value: unknown, what: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  throw new TypeError(`${what} must be a number, got ${JSON.stringify(value)}`);
}

function num(args: Args, key: string): number {
  return toNumber(args[key], `argument '${key}'`);
}

function str(args: Args, key: string): string {
  const value = args[key];
  if (typeof value === 'string') return value;
  throw new TypeError(`argument '${key}' must be a string, got ${JSON.stringify(value)}`);
}

function numbers(args: Args, key: string): number[] {
  const value = args[key];
  if (Array.isArray(value)) return value.map((item, i) => toNumber(item, `argument '${key}[${i}]'`));
  throw new TypeError(`argument '${key}' must be a list of numbers, got ${JSON.stringify(value)}`);
}

export const TOOL_LIBRARY = {
  add: (args: Args) => num(args, 'a') + num(args, 'b'),
  multiply: (args: Args) => num(args, 'a') * num(args, 'b'),
  square: (args: Args) => num(args, 'x') * num(args, 'x'),
  echo: (args: Args) => str(args, 'text'),
  to_upper: (args: Args) => str(args, 'text').toUpperCase(),
  lookup_capital: (args: Args) => CAPITALS[str(args, 'country')] ?? 'unknown',
  get_weather: (args: Args) => `sunny, 21°C in ${str(args, 'city')}`,
  split_name: (args: Args) => {
    const [first = '', ...rest] = str(args, 'full_name').trim().split(/\s+/);
    return { first, last: rest.join(' ') };
  },
  stats: (args: Args) => {
    const list = numbers(args, 'numbers');
    const sum = list.reduce((a, b) => a + b, 0);
    return { sum, mean: list.length === 0 ? 0 : sum / list.length, count: list.length };
  },
  partial: (args: Args) => ({ a: args.x }),
  increment: (args: Args) => num(args, 'n') + 1,
  explode: (args: Args) => {
    throw new Error(`exploded: ${typeof args.reason === 'string' ? args.reason : 'no reason'}`);
  },
  slow: (args: Args) => new Promise<unknown>((resolve) => setTimeout(() => resolve(args.value), num(args, 'ms'))),
} satisfies ToolRegistry;

export type LibraryToolName = keyof typeof TOOL_LIBRARY;

export const LIBRARY_TOOL_NAMES = Object.keys(TOOL_LIBRARY) as LibraryToolName[];

export function isLibraryTool(name: string): name is LibraryToolName {
  return Object.hasOwn(TOOL_LIBRARY, name);
}

/**
 * Tools with a side effect the cases observe: each registry gets its own
 * counter, so a tool that runs twice for one call shows it in its result.
 */
const COUNTING_TOOLS = {
  /** `{amount}` → `payment #<n> of <amount>`, n counting the executions in this case. */
  record_payment: () => {
    let n = 0;
    return (args: Args) => `payment #${++n} of ${num(args, 'amount')}`;
  },
  /** `{ms}` → after ms milliseconds, the most executions of it in flight at once seen so far in this case (a concurrency probe). */
  concurrency_probe: () => {
    let inFlight = 0;
    let peak = 0;
    return async (args: Args) => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, num(args, 'ms')));
      inFlight--;
      return peak;
    };
  },
} satisfies Record<string, () => (args: Args) => unknown>;

function isCountingTool(name: string): name is keyof typeof COUNTING_TOOLS {
  return Object.hasOwn(COUNTING_TOOLS, name);
}

/** Every tool name a case may list in `tools:`. */
export const CASE_TOOL_NAMES: readonly string[] = [...LIBRARY_TOOL_NAMES, ...Object.keys(COUNTING_TOOLS)];

export function isCaseTool(name: string): boolean {
  return isLibraryTool(name) || isCountingTool(name);
}

/** The registry given to `runtime.load`: only the tools a case asks for (counting tools start at zero). */
export function toolRegistry(names: readonly string[]): ToolRegistry {
  const registry: Record<string, (args: Args) => unknown> = {};
  for (const name of names) {
    if (isCountingTool(name)) registry[name] = COUNTING_TOOLS[name]();
    else if (isLibraryTool(name)) registry[name] = TOOL_LIBRARY[name];
    else throw new Error(`'${name}' is not in the conformance tool library (${CASE_TOOL_NAMES.join(', ')})`);
  }
  return registry;
}
