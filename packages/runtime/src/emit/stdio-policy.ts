import { INLINE_CODE_FAMILIES } from '../mcp/inline-code-flags.js';
import { CODE_LOADING_ENV } from '../mcp/stdio-policy.js';
import { literal, raw } from './literal.js';
import type { Snippet } from './snippet.js';

/** The interpreter table of mcp/inline-code-flags.ts as a literal (its RegExps written as regular expression literals). */
const families = literal(INLINE_CODE_FAMILIES.map((f) => ({ ...f, names: raw(String(f.names)) })), '', 45);

/**
 * Which MCP stdio servers an emitted module may start: the same rule as
 * `assertStdioAllowed` of @agentspec/runtime (mcp/stdio-policy.ts and
 * mcp/inline-code-flags.ts, whose tables are written in from the runtime's
 * own), with the same error code. An entry of `allowStdio` is a command name,
 * or an exact command line (a string with blanks, or `{ command, args }`); a
 * command name does not allow arguments that run code given inline
 * (`node -e`, `python -c`, `sh -c`, …) nor env variables of the spec that
 * load code (NODE_OPTIONS, PYTHONPATH, LD_PRELOAD, …): only the exact
 * command line does.
 */
export const stdioPolicy: Snippet<'codedError'> = {
  declares: [
    'StdioAllowEntry', 'StdioServer', 'assertStdioAllowed', 'stdioRefusal', 'stdioAllowEntry', 'InlineCodeFamily', 'INLINE_CODE_FAMILIES', 'CODE_LOADING_ENV',
    'inlineCodeArg', 'runsInlineCode',
  ],
  needs: ['codedError'],
  code: `/** An entry of network.allowStdio: a command name, or an exact command line (a string with blanks, or \`command\` with \`args\`). */
type StdioAllowEntry = string | { readonly command: string; readonly args?: readonly string[] | undefined };

/** The command line of an MCP stdio server, as the spec writes it. */
interface StdioServer {
  readonly command: string;
  readonly args?: readonly string[] | null | undefined;
  readonly env?: Readonly<Record<string, string>> | null | undefined;
}

/** Throw AS_HTTP_REFUSED, before anything starts, unless \`allowStdio\` allows this command line (see stdioRefusal). */
function assertStdioAllowed(server: StdioServer, allowStdio: readonly StdioAllowEntry[] | undefined): void {
  const refusal = stdioRefusal(server, allowStdio ?? []);
  if (refusal !== undefined) throw new CodedError('AS_HTTP_REFUSED', refusal);
}

/**
 * Why starting this stdio server is refused, or undefined when it may start. An exact command line of \`allowStdio\`
 * allows it as it is; a command name allows the command unless its args run code given inline (\`node -e\`,
 * \`python -c\`, \`sh -c\`, …) or the spec's env sets a variable that loads code (NODE_OPTIONS, LD_PRELOAD, …).
 */
function stdioRefusal(server: StdioServer, allowStdio: readonly StdioAllowEntry[]): string | undefined {
  const args = server.args ?? [];
  const entries = allowStdio.map(stdioAllowEntry);
  if (entries.some((e) => e.args && e.command === server.command && e.args.length === args.length && e.args.every((arg, i) => arg === args[i]))) return undefined;
  if (!entries.some((e) => !e.args && e.command === server.command)) {
    return \`starting the MCP stdio server '\${server.command}' is not allowed\`;
  }
  const inline = inlineCodeArg(server.command, args);
  if (inline !== undefined) {
    return \`starting the MCP stdio server '\${server.command}' with '\${inline.length > 40 ? \`\${inline.slice(0, 40)}…\` : inline}' is not allowed: that argument runs code given inline; only an exact argv in network.allowStdio allows it\`;
  }
  const env = Object.keys(server.env ?? {}).find((name) => CODE_LOADING_ENV.has(name.toUpperCase()));
  if (env !== undefined) {
    return \`starting the MCP stdio server '\${server.command}' with \${env} set by the spec is not allowed: it can load code; only an exact argv in network.allowStdio allows it\`;
  }
  return undefined;
}

/** An entry as command and, for an exact command line, args (a string with blanks is split on them). */
function stdioAllowEntry(entry: StdioAllowEntry): { readonly command: string; readonly args?: readonly string[] } {
  if (typeof entry !== 'string') return entry.args ? { command: entry.command, args: entry.args } : { command: entry.command };
  const words = entry.trim().split(/\\s+/);
  return words.length > 1 ? { command: words[0] ?? '', args: words.slice(1) } : { command: entry.trim() };
}

/** An interpreter family: the arguments with which it runs code written in the argument list itself. */
interface InlineCodeFamily {
  /** Command base names (lower case, without .exe). */
  readonly names: RegExp;
  /** Short flags that run or load code, alone or in a cluster (\`-ne\`). */
  readonly short?: string;
  /** Short flags whose value is the rest of the cluster: the cluster ends there. */
  readonly shortValue?: string;
  /** Long flags that run or load code, alone or as \`--flag=value\`. */
  readonly long?: readonly string[];
  /** First arguments (subcommands) that run code given inline. */
  readonly subcommands?: readonly string[];
  /** Argument prefixes that are code themselves (data: URLs). */
  readonly prefixes?: readonly string[];
  /** Case-insensitive PowerShell-style parameters, which may be abbreviated. */
  readonly psParams?: readonly string[];
  /** Windows cmd switches (case-insensitive). */
  readonly slash?: readonly string[];
}

const INLINE_CODE_FAMILIES: readonly InlineCodeFamily[] = ${families};

/** Environment variables through which a process loads code the spec chooses. */
const CODE_LOADING_ENV: ReadonlySet<string> = new Set(${literal([...CODE_LOADING_ENV], '', 50)});

/** The first argument that runs code given inline, or undefined (also when the command is no known interpreter). */
function inlineCodeArg(command: string, args: readonly string[]): string | undefined {
  const base = (command.split(/[\\\\/]/).pop() ?? '').toLowerCase().replace(/\\.exe$/, '');
  const family = INLINE_CODE_FAMILIES.find((f) => f.names.test(base));
  if (!family) return undefined;
  return args.find((arg, i) => runsInlineCode(family, arg, i));
}

function runsInlineCode(family: InlineCodeFamily, arg: string, index: number): boolean {
  if (index === 0 && family.subcommands?.includes(arg)) return true;
  if (family.prefixes?.some((p) => arg.toLowerCase().startsWith(p))) return true;
  if (family.slash?.includes(arg.toLowerCase())) return true;
  if (family.psParams) {
    const name = arg.replace(/^(--?|\\/)/, '').toLowerCase();
    if (name !== arg.toLowerCase() && ['c', 'e', 'ec', 'enc', 'cwa'].includes(name)) return true;
    if (name !== arg.toLowerCase() && name.length > 0 && family.psParams.some((p) => p.startsWith(name))) return true;
  }
  if (arg.startsWith('--')) return family.long?.some((flag) => arg === flag || arg.startsWith(\`\${flag}=\`)) ?? false;
  if (arg.startsWith('-') && arg.length > 1 && family.short) {
    for (const flag of arg.slice(1)) {
      if (family.short.includes(flag)) return true;
      if (family.shortValue?.includes(flag)) return false;
    }
  }
  return false;
}`,
};
