import { AgentSpecError, formatDiagnostic, load, parseVersion, serialize, SUPPORTED_VERSIONS, type Format, type Version } from '@agentspec/core';
import { EXIT } from '../exit-codes.js';
import { readInput, UsageError, type Io } from '../io.js';
import { componentFileOptions, type ComponentFiles } from '../load-options.js';

export interface ConvertOptions extends ComponentFiles {
  readonly to?: string;
  /** The Agent Spec version to write (`--to-version`, or its older name `--version`). */
  readonly toVersion?: string;
  readonly version?: string;
  readonly out?: string;
}

export function convertCommand(io: Io, file: string, options: ConvertOptions): number {
  const to = options.to;
  if (to !== 'json' && to !== 'yaml') throw new UsageError(`--to must be json or yaml${to ? `, not '${to}'` : ''}`);
  const version = options.toVersion ?? options.version;
  if (version !== undefined && !parseVersion(version)) {
    throw new UsageError(`--to-version must be one of ${SUPPORTED_VERSIONS.join(', ')} (or 26.2.0, written for pyagentspec 26.3.1), not '${version}'`);
  }
  const result = load(readInput(io, file), componentFileOptions(io, options));
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d, file)}\n`);
  if (errors.length > 0 || !result.component) {
    io.stderr(`not converted: ${file} is invalid\n`);
    return EXIT.INVALID;
  }
  let text: string;
  try {
    text = serialize(result.component, { format: to as Format, ...(version ? { version: version as Version | '26.2.0' } : {}) });
  } catch (e) {
    if (!AgentSpecError.isInstance(e)) throw e;
    io.stderr(`${file}: error ${e.code} ${e.message.replace(`${e.code}: `, '')}\n`);
    return EXIT.INVALID;
  }
  if (options.out) io.writeFile(options.out, text);
  else io.stdout(text);
  return EXIT.OK;
}
