/**
 * The arguments with which an interpreter runs code written in the argument
 * list itself (`node -e`, `python -c`, `sh -c`, …), per interpreter family,
 * recognised by the command's base name (DESIGN §11). Every argument is
 * checked, not only those before the script name: `node server.mjs -e x`
 * is refused too (allow that exact argv when it is meant).
 */
export interface InlineCodeFamily {
  /** Command base names (lower case, without .exe). */
  readonly names: RegExp;
  /** Short flags that run or load code, alone or in a cluster (`-ne`). */
  readonly short?: string;
  /** Short flags whose value is the rest of the cluster: the cluster ends there (`-I/some/path`). */
  readonly shortValue?: string;
  /** Long flags that run or load code, alone or as `--flag=value`. */
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

/** The interpreter families (the emitted modules' stdio policy is written from this table too: emit/stdio-policy.ts). */
export const INLINE_CODE_FAMILIES: readonly InlineCodeFamily[] = [
  { names: /^(node|nodejs)$/, short: 'epr', long: ['--eval', '--print', '--require', '--import', '--loader', '--experimental-loader'], prefixes: ['data:'] },
  { names: /^deno$/, short: 'e', long: ['--eval', '--preload'], subcommands: ['eval', 'repl'], prefixes: ['data:'] },
  { names: /^bun$/, short: 'epr', long: ['--eval', '--print', '--preload', '--require'], prefixes: ['data:'] },
  { names: /^(python|pypy)[0-9.]*$/, short: 'cm', shortValue: 'WX' },
  { names: /^(sh|bash|zsh|dash|ksh|mksh|ash|fish)$/, short: 'c', shortValue: 'oO', long: ['--command', '--init-file', '--rcfile'] },
  { names: /^perl[0-9.]*$/, short: 'eEMm', shortValue: 'IixCdD' },
  { names: /^ruby[0-9.]*$/, short: 'er', shortValue: 'ICEFKTWx0' },
  { names: /^php[0-9.]*$/, short: 'rBREFd', shortValue: 'cz' },
  { names: /^(pwsh|powershell)(-preview)?$/, psParams: ['command', 'encodedcommand', 'commandwithargs'] },
  { names: /^cmd$/, slash: ['/c', '/k'] },
  { names: /^npx$/, short: 'c', long: ['--call'] },
];

/** The interpreter family of a command, by its base name. */
function familyOf(command: string): InlineCodeFamily | undefined {
  const base = (command.split(/[\\/]/).pop() ?? '').toLowerCase().replace(/\.exe$/, '');
  return INLINE_CODE_FAMILIES.find((f) => f.names.test(base));
}

/** The first argument that runs code given inline, or undefined when there is none (or the command is no known interpreter). */
export function inlineCodeArg(command: string, args: readonly string[]): string | undefined {
  const family = familyOf(command);
  if (!family) return undefined;
  return args.find((arg, i) => runsInlineCode(family, arg, i));
}

function runsInlineCode(family: InlineCodeFamily, arg: string, index: number): boolean {
  if (index === 0 && family.subcommands?.includes(arg)) return true;
  if (family.prefixes?.some((p) => arg.toLowerCase().startsWith(p))) return true;
  if (family.slash?.includes(arg.toLowerCase())) return true;
  if (family.psParams) {
    const name = arg.replace(/^(--?|\/)/, '').toLowerCase();
    if (name !== arg.toLowerCase() && ['c', 'e', 'ec', 'enc', 'cwa'].includes(name)) return true;
    if (name !== arg.toLowerCase() && name.length > 0 && family.psParams.some((p) => p.startsWith(name))) return true;
  }
  if (arg.startsWith('--')) return family.long?.some((flag) => arg === flag || arg.startsWith(`${flag}=`)) ?? false;
  if (arg.startsWith('-') && arg.length > 1 && family.short) {
    for (const flag of arg.slice(1)) {
      if (family.short.includes(flag)) return true;
      if (family.shortValue?.includes(flag)) return false;
    }
  }
  return false;
}
