import { EXIT } from './exit-codes.js';

/**
 * The codes of the CLI's own errors (spec problems carry the diagnostic codes
 * of @agentspec/core, failed runs the runtime codes of @agentspec/runtime),
 * with the exit code each gives. Stable: added to, never renamed. Listed in
 * the README (tests/readme-tables.test.ts checks it).
 */
export const CLI_ERROR_CODES = {
  AS_UNKNOWN_COMMAND: { exit: EXIT.USAGE, doc: 'The command is not one of agentspec.' },
  AS_UNKNOWN_OPTION: { exit: EXIT.USAGE, doc: 'An option the command does not have.' },
  AS_MISSING_ARGUMENT: { exit: EXIT.USAGE, doc: 'A required argument or option (or the value of an option) is missing, or there are too many arguments.' },
  AS_BAD_OPTION: { exit: EXIT.USAGE, doc: 'An option value is not one the option takes (a format, a number, name=value, …).' },
  AS_FILE_NOT_FOUND: { exit: EXIT.USAGE, doc: 'A file or folder named on the command line cannot be read.' },
  AS_CANNOT_WRITE: { exit: EXIT.USAGE, doc: 'A file named on the command line (--out, --save) cannot be written (no such folder, permission denied).' },
  AS_UNKNOWN_RUNTIME: { exit: EXIT.USAGE, doc: 'A runtime name that is not registered.' },
  AS_INIT_EXISTS: { exit: EXIT.USAGE, doc: '`init` would overwrite files that exist (nothing is written; --force overwrites).' },
  AS_INIT_NOT_DIR: { exit: EXIT.USAGE, doc: 'The folder given to `init` is a file.' },
  AS_NOT_JSON: { exit: EXIT.USAGE, doc: 'A file that must hold JSON (--inputs, --resume) does not, or not the expected shape.' },
  AS_BAD_RULES: { exit: EXIT.USAGE, doc: 'The --offline file is not a scripted LLM rules file (each problem is listed).' },
  AS_MODULE_LOAD: { exit: EXIT.INVALID, doc: 'A module named on the command line (--tools, an import target) threw or failed to compile while loading.' },
  AS_EXPORT_MISSING: { exit: EXIT.INVALID, doc: 'The module has no export of that name (import target, --tools).' },
  AS_NOT_A_PROGRAM: { exit: EXIT.INVALID, doc: 'The export is not a program of the framework named by --from.' },
  AS_INTERNAL: { exit: EXIT.INTERNAL, doc: 'A bug of agentspec itself: please report it.' },
} as const satisfies Record<string, { exit: number; doc: string }>;

export type CliErrorCode = keyof typeof CLI_ERROR_CODES;

/** A failure of the command line or its inputs: printed as `agentspec: error CODE: message` (and a hint); the exit code comes from the code. */
export class CliError extends Error {
  readonly code: CliErrorCode;
  readonly hint?: string;

  constructor(code: CliErrorCode, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'CliError';
    this.code = code;
    if (options.hint !== undefined) this.hint = options.hint;
  }

  get exitCode(): number {
    return CLI_ERROR_CODES[this.code].exit;
  }
}

/** A command-line mistake (exit 2); the code says which (default AS_BAD_OPTION). */
export class UsageError extends CliError {
  constructor(message: string, options: { code?: CliErrorCode; hint?: string; cause?: unknown } = {}) {
    super(options.code ?? 'AS_BAD_OPTION', message, options);
    this.name = 'UsageError';
  }
}

/** `agentspec: error CODE: message`, then `  hint: …` when there is one. */
export function errorLine(code: string, message: string, hint?: string): string {
  return `agentspec: error ${code}: ${message}\n${hint ? `  hint: ${hint}\n` : ''}`;
}

/**
 * What the CLI prints for a bug of its own: no stack trace unless
 * AGENTSPEC_DEBUG=1, and a line asking to report it.
 */
export function internalErrorText(e: unknown, debug = process.env.AGENTSPEC_DEBUG === '1'): string {
  const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return [
    `agentspec: internal error AS_INTERNAL: ${message.split('\n')[0]}`,
    '  this is a bug of agentspec, not of your input: please report it as an issue of agentspec-ts',
    '  with the command you ran' + (debug ? '' : ' and the output of the same command with AGENTSPEC_DEBUG=1 (it adds the stack trace)'),
    ...(debug && e instanceof Error && e.stack ? [e.stack] : []),
    '',
  ].join('\n');
}
