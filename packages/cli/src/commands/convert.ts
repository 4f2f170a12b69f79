import { AgentSpecError, formatDiagnostic, load, parseVersion, serialize, SUPPORTED_VERSIONS, type Format, type Version } from '@agentspec/core';
import { EXIT } from '../exit-codes.js';
import { readInput, UsageError, type Io } from '../io.js';

export interface ConvertOptions {
  readonly to?: string;
  readonly version?: string;
  readonly out?: string;
  readonly referenced?: string;
}

export function convertCommand(io: Io, file: string, options: ConvertOptions): number {
  const to = options.to;
  if (to !== 'json' && to !== 'yaml') throw new UsageError(`--to must be json or yaml${to ? `, not '${to}'` : ''}`);
  if (options.version !== undefined && !parseVersion(options.version)) {
    throw new UsageError(`--version must be one of ${SUPPORTED_VERSIONS.join(', ')} (or 26.2.0, read as 26.3.1), not '${options.version}'`);
  }
  const referenced = options.referenced ? readInput(io, options.referenced) : undefined;
  const result = load(readInput(io, file), referenced ? { referenced } : {});
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const d of result.diagnostics) io.stderr(`${formatDiagnostic(d, file)}\n`);
  if (errors.length > 0 || !result.component) {
    io.stderr(`not converted: ${file} is invalid\n`);
    return EXIT.INVALID;
  }
  let text: string;
  try {
    text = serialize(result.component, { format: to as Format, ...(options.version ? { version: options.version as Version | '26.2.0' } : {}) });
  } catch (e) {
    if (!AgentSpecError.isInstance(e)) throw e;
    io.stderr(`${file}: error ${e.code} ${e.message.replace(`${e.code}: `, '')}\n`);
    return EXIT.INVALID;
  }
  if (options.out) io.writeFile(options.out, text);
  else io.stdout(text);
  return EXIT.OK;
}
