import { dirname, resolve } from 'node:path';
import { isVersion, serialize, SUPPORTED_VERSIONS, type Component, type Version } from '@agentspec/core';
import type { FormatImport } from '@agentspec/formats';
import { EXIT } from '../exit-codes.js';
import { readInput, UsageError, type Io } from '../io.js';

/** The `--from` names of document formats (a file to read, not a module's export). */
export const FORMAT_NAMES = ['openagentspec', 'agents-json'] as const;

export const isFormatName = (from: string | undefined): from is (typeof FORMAT_NAMES)[number] => (FORMAT_NAMES as readonly (string | undefined)[]).includes(from);

export interface ImportFormatOptions {
  readonly from?: string;
  readonly out?: string;
  readonly format?: string;
  readonly toVersion?: string;
  /** The same as `toVersion`. */
  readonly version?: string;
  readonly llmUrl?: string;
  readonly model?: string;
  readonly flow?: string;
  readonly source?: readonly string[];
  readonly serverUrl?: readonly string[];
}

/**
 * `agentspec import <file> --from openagentspec|agents-json`: a document of
 * another format → an Agent Spec document (@agentspec/formats); each warning
 * on stderr with its code and the field it names.
 */
export async function importFormatCommand(io: Io, file: string, options: ImportFormatOptions): Promise<number> {
  const version = options.toVersion ?? options.version;
  if (version !== undefined && !isVersion(version)) throw new UsageError(`--to-version must be one of ${SUPPORTED_VERSIONS.join(', ')}, not '${version}'`);
  const format = options.format ?? (options.out?.endsWith('.json') ? 'json' : 'yaml');
  if (format !== 'json' && format !== 'yaml') throw new UsageError(`--format must be json or yaml, not '${format}'`);
  const text = readInput(io, file);
  const formats = await import('@agentspec/formats');
  let imported: FormatImport<Component>;
  if (options.from === 'openagentspec') {
    for (const option of ['flow', 'source', 'serverUrl'] as const) if (options[option] !== undefined) throw new UsageError(`--${option === 'serverUrl' ? 'server-url' : option} is an option of --from agents-json`);
    imported = formats.importOpenAgentSpec(text, { ...pick(options, ['llmUrl', 'model']), ...(version ? { version: version as Version } : {}) });
  } else {
    for (const option of ['llmUrl', 'model'] as const) if (options[option] !== undefined) throw new UsageError(`--${option === 'llmUrl' ? 'llm-url' : option} is an option of --from openagentspec`);
    imported = formats.importAgentsJson(text, {
      baseDir: dirname(resolve(file)),
      readFile: (path) => io.readFile(path),
      ...(options.flow !== undefined ? { flow: options.flow } : {}),
      ...(options.source ? { sources: pairs(options.source, '--source', 'id=file') } : {}),
      ...(options.serverUrl ? { serverUrls: pairs(options.serverUrl, '--server-url', 'id=url') } : {}),
    });
  }
  const { component, warnings } = imported;
  for (const w of warnings) io.stderr(`warning ${w.code} (${w.kind}) ${w.path || w.component}: ${w.message}\n`);
  const out = serialize(component, { format, ...(version ? { version: version as Version } : {}) });
  if (options.out) io.writeFile(options.out, out);
  else io.stdout(out);
  io.stderr(`imported ${component.component_type} '${component.name}' from ${options.from} (${warnings.length} warning${warnings.length === 1 ? '' : 's'})\n`);
  return EXIT.OK;
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]])) as Partial<Pick<T, K>>;
}

/** `id=value` pairs of a repeatable option, by id. */
function pairs(values: readonly string[], option: string, shape: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of values) {
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1) throw new UsageError(`${option} takes ${shape}, not '${pair}'`);
    Object.defineProperty(out, pair.slice(0, eq), { value: pair.slice(eq + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
