import type { NetworkPolicy, StdioAllowEntry } from '../contract.js';
import { inlineCodeArg } from './inline-code-flags.js';

/**
 * Environment variables through which a process loads code the spec
 * chooses (NODE_OPTIONS=--import data:…, PYTHONPATH, BASH_ENV, LD_PRELOAD,
 * …): a spec may set them only for an exact argv the user allowed (the
 * emitted modules' stdio policy is written from this list too).
 */
export const CODE_LOADING_ENV: ReadonlySet<string> = new Set([
  'NODE_OPTIONS', 'BUN_OPTIONS', 'PYTHONPATH', 'PYTHONHOME', 'PYTHONSTARTUP', 'PYTHONINSPECT', 'PERL5OPT', 'PERL5LIB', 'PERLLIB',
  'RUBYOPT', 'RUBYLIB', 'BASH_ENV', 'ENV', 'ZDOTDIR', 'PHPRC', 'PHP_INI_SCAN_DIR',
  'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'DYLD_INSERT_LIBRARIES', 'DYLD_LIBRARY_PATH',
]);

/** The command line of an MCP StdioTransport. */
export interface StdioCommand {
  readonly command: string;
  readonly args?: readonly string[] | null;
  readonly env?: Readonly<Record<string, string>> | null;
}

/**
 * An entry of `network.allowStdio` as command and, for an exact argv, args:
 * a string without blanks is a command name; a string with blanks an exact
 * argv split on blanks (`'node /abs/server.mjs'`); an object with `args` an
 * exact argv, without `args` a command name.
 */
export function parseAllowEntry(entry: string | StdioAllowEntry): { command: string; args?: readonly string[] } {
  if (typeof entry !== 'string') return entry.args ? { command: entry.command, args: entry.args } : { command: entry.command };
  const words = entry.trim().split(/\s+/);
  return words.length > 1 ? { command: words[0] as string, args: words.slice(1) } : { command: entry.trim() };
}

/**
 * Why starting this stdio server is refused, or undefined when it may start
 * (DESIGN §11). An exact argv entry of `network.allowStdio` equal to the
 * command and args allows it as is. A command-name entry allows the command
 * unless its args run inline code (`node -e`, `python -c`, `sh -c`, … see
 * inline-code-flags.ts) or the spec's env sets a variable that loads code
 * (NODE_OPTIONS, PYTHONPATH, LD_PRELOAD, …). Anything else is refused.
 */
export function stdioRefusal(server: StdioCommand, network: NetworkPolicy | undefined): string | undefined {
  const args = server.args ?? [];
  const entries = (network?.allowStdio ?? []).map(parseAllowEntry);
  if (entries.some((e) => e.args && e.command === server.command && sameArgs(e.args, args))) return undefined;
  if (!entries.some((e) => !e.args && e.command === server.command)) {
    return `starting the MCP stdio server '${server.command}' is not allowed`;
  }
  const inline = inlineCodeArg(server.command, args);
  if (inline !== undefined) {
    return `starting the MCP stdio server '${server.command}' with '${inline.length > 40 ? `${inline.slice(0, 40)}…` : inline}' is not allowed: that argument runs code given inline; only an exact argv in network.allowStdio allows it`;
  }
  const env = Object.keys(server.env ?? {}).find((name) => CODE_LOADING_ENV.has(name.toUpperCase()));
  if (env !== undefined) {
    return `starting the MCP stdio server '${server.command}' with ${env} set by the spec is not allowed: it can load code; only an exact argv in network.allowStdio allows it`;
  }
  return undefined;
}

function sameArgs(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((arg, i) => arg === b[i]);
}
