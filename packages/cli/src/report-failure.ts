import { CommanderError } from 'commander';
import { AgentSpecError } from '@agentspec/core';
import { CliError, errorLine, type CliErrorCode } from './errors.js';
import { EXIT } from './exit-codes.js';
import type { Io } from './io.js';

/** Commander's error codes, as the CLI's. */
const COMMANDER_CODES: Readonly<Record<string, CliErrorCode>> = {
  'commander.unknownCommand': 'AS_UNKNOWN_COMMAND',
  'commander.unknownOption': 'AS_UNKNOWN_OPTION',
  'commander.missingArgument': 'AS_MISSING_ARGUMENT',
  'commander.optionMissingArgument': 'AS_MISSING_ARGUMENT',
  'commander.missingMandatoryOptionValue': 'AS_MISSING_ARGUMENT',
  'commander.excessArguments': 'AS_MISSING_ARGUMENT',
  'commander.invalidArgument': 'AS_BAD_OPTION',
  'commander.conflictingOption': 'AS_BAD_OPTION',
};

const HELP_HINT = "'agentspec --help' lists the commands, 'agentspec <command> --help' the options of one";

/**
 * Print a failure that is not a bug as `agentspec: error CODE: message` (and
 * a hint) and give its exit code; anything else is rethrown, for the bin to
 * report as an internal error.
 */
export function reportFailure(io: Io, e: unknown, argv: readonly string[] = []): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return EXIT.OK;
    // `agentspec` with no command prints the help on stderr
    if (e.code === 'commander.help') return e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    const [first = '', ...rest] = e.message.replace(/^error: /, '').split('\n');
    const suggestion = rest.join(' ').replace(/^\((.*)\)$/, '$1').trim();
    const command = e.code === 'commander.unknownCommand' ? undefined : argv.find((a) => !a.startsWith('-'));
    io.stderr(errorLine(COMMANDER_CODES[e.code] ?? 'AS_BAD_OPTION', first, suggestion || (command ? `'agentspec ${command} --help' lists its arguments and options` : HELP_HINT)));
    return EXIT.USAGE;
  }
  if (e instanceof CliError) {
    io.stderr(errorLine(e.code, e.message, e.hint));
    return e.exitCode;
  }
  if (AgentSpecError.isInstance(e)) {
    // a coded error of a library that a command did not report itself
    io.stderr(errorLine(e.code, e.message.replace(`${e.code}: `, '').replace(e.hint ? ` (hint: ${e.hint})` : '', ''), e.hint));
    return e.name === 'RuntimeError' ? EXIT.RUN_FAILED : EXIT.INVALID;
  }
  throw e;
}
