import type { Agent, ClientTransport } from '@agentspec/core';
import type { CompileWarning } from '../types.js';
import { HELPER_DECLARATIONS, HELPERS, type HelperName } from './helpers/index.js';

/** Names the module declares or imports itself, never given to a tool or server. */
const RESERVED = [
  ...HELPER_DECLARATIONS, 'build', 'BuildOptions', 'Built', 'LlmOptions', 'ToolImplementation', 'AGENT_NAME', 'SYSTEM_PROMPT', 'DESCRIPTION',
  'MAX_TURNS', 'INPUTS', 'OUTPUTS', 'OUTPUT_RULES', 'OUTPUT_TYPE', 'WARNINGS', 'LLM', 'model', 'inputValues', 'submitResultTool',
  'finishOnSubmission', 'shapeOutputs', 'jsonType', 'OpenAI', 'Agent', 'tool', 'setTracingDisabled',
];

const JS_RESERVED = new Set((
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in '
  + 'instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface '
  + 'package private protected public await arguments eval undefined NaN Infinity'
).split(' '));

/**
 * What one emitted module is made of: the imports, helpers and names it
 * uses, collected while the parts are written, then put together in a
 * fixed order (same input, same bytes).
 */
export class ModuleWriter {
  readonly sdk = new Set<string>();
  readonly sdkTypes = new Set<string>();
  readonly imports = new Map<string, string>();
  readonly helpers = new Set<HelperName>();
  readonly warnings: CompileWarning[] = [];
  /** The MCP connection declared for each transport component. */
  readonly mcpConnections = new Map<ClientTransport, string>();
  readonly #taken = new Set<string>(RESERVED);

  constructor(readonly agent: Agent) {}

  /** Use a helper (and what it needs). */
  use(name: HelperName): void {
    if (this.helpers.has(name)) return;
    this.helpers.add(name);
    const helper = HELPERS[name];
    for (const n of helper.needs ?? []) this.use(n);
    for (const s of helper.sdk ?? []) this.sdk.add(s);
    for (const s of helper.sdkTypes ?? []) this.sdkTypes.add(s);
  }

  /** A fresh camelCase identifier made from a spec name, such that `base + suffix` is free for each suffix. */
  identifier(name: string, suffixes: readonly string[], fallback: string): string {
    const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
    let base = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
    if (!/^[A-Za-z]/.test(base)) base = `${fallback}${base.charAt(0).toUpperCase()}${base.slice(1)}`;
    let candidate = base;
    for (let n = 2; suffixes.some((s) => this.#taken.has(candidate + s) || JS_RESERVED.has(candidate + s)); n++) candidate = `${base}${n}`;
    for (const s of suffixes) this.#taken.add(candidate + s);
    return candidate;
  }

  /** The identifier of a tool's declarations (`<base>Tool`, `<base>Parameters`), a trailing "tool" of its name left out. */
  toolIdentifier(name: string): string {
    return this.identifier(name.replace(/[^A-Za-z0-9]*tool$/i, '') || name, ['Tool', 'Parameters'], 'tool');
  }

  /** The import lines, values and types of `@openai/agents` sorted, other modules after. */
  importLines(): string[] {
    const types = [...this.sdkTypes].filter((t) => !this.sdk.has(t)).sort();
    const names = [...[...this.sdk].sort(), ...types.map((t) => `type ${t}`)];
    const lines = [...this.imports.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([from, what]) => `import ${what} from '${from}';`);
    const sdk = `import { ${names.join(', ')} } from '@openai/agents';`;
    const wrapped = sdk.length <= 120 ? sdk : `import {\n${wrap(names, '  ')}\n} from '@openai/agents';`;
    return [...lines, wrapped];
  }

  /** The helpers' code, in HELPERS order. */
  helperCode(): string[] {
    return (Object.keys(HELPERS) as HelperName[]).filter((n) => this.helpers.has(n)).map((n) => HELPERS[n].code);
  }
}

/** Comma-separated names, several per line. */
function wrap(names: readonly string[], indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const n of names) {
    const next = line ? `${line} ${n},` : `${n},`;
    if (indent.length + next.length > 110 && line) {
      lines.push(indent + line);
      line = `${n},`;
    } else line = next;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}
