import { UsageError } from '../errors.js';
import { readInput, type Io } from '../io.js';

/** Inputs from `--input k=v` (the value as JSON when it parses, else the text) and/or `--inputs file.json`. */
export function parseInputs(io: Io, pairs: readonly string[] = [], file?: string): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  if (file) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readInput(io, file));
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`${file} is not JSON: ${(e as Error).message}`, { code: 'AS_NOT_JSON' });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`${file} must hold a JSON object of inputs`, { code: 'AS_NOT_JSON' });
    Object.assign(inputs, parsed);
  }
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--input takes name=value, not '${pair}'`);
    const raw = pair.slice(eq + 1);
    inputs[pair.slice(0, eq)] = jsonOrText(raw);
  }
  return inputs;
}

export function jsonOrText(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
