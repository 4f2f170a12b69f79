import { EMIT_SNIPPETS } from '@agentspec/runtime';
import type { MastraWarning } from '../warnings.js';
import { Names } from './code.js';
import { HELPERS, type HelperName } from './helpers.js';

/** A TypeScript module under construction: its imports, the helpers it uses, its declarations in order. */
export class ModuleWriter {
  /** Top-level and `build`-local names the emitters write themselves: a spec's ids never become one of them. */
  readonly names = new Names([
    'build', 'BuildOptions', 'Built', 'ToolImplementation', 'Inputs', 'INPUTS', 'RUN', 'INSTRUCTIONS', 'OUTPUTS', 'instructions', 'options', 'agent',
    'mcp', 'tools', 'steps', 'SPEC', 'llmOptions', 'JsonSchema', 'RunControl', 'LlmEndpoint', 'HttpRequest', 'McpServer',
    'McpClients', 'OutputSchemaRule', 'SUBMITTED', 'resultSubmitted', 'Agent', 'createTool', 'createStep', 'createWorkflow', 'flowSteps', 'Client', 'SSEClientTransport',
    'StdioClientTransport', 'StreamableHTTPClientTransport', 'createOpenAICompatible', 'StandardSchemaWithJSON', 'MastraModelConfig',
    'CompileMastraOptions', 'MastraCompiled', 'fetch', 'process', ...Object.keys(HELPERS), ...Object.values(EMIT_SNIPPETS).flatMap((s) => s.declares),
  ]);
  readonly warnings: MastraWarning[] = [];
  private readonly imports = new Map<string, Map<string, boolean>>();
  private readonly helpers = new Set<HelperName>();
  private readonly blocks: string[] = [];

  /** Imports `name` from `from` (`type` for a type-only import). */
  use(from: string, name: string, type = false): void {
    let m = this.imports.get(from);
    if (!m) this.imports.set(from, (m = new Map()));
    m.set(name, (m.get(name) ?? true) && type);
  }

  /** Includes a helper (and the helpers and imports it needs). */
  helper(name: HelperName): void {
    if (this.helpers.has(name)) return;
    this.helpers.add(name);
    const h = HELPERS[name];
    for (const dep of 'needs' in h ? h.needs : []) this.helper(dep as HelperName);
    for (const [from, names] of Object.entries('imports' in h ? h.imports : {}) as [string, readonly string[]][]) for (const n of names) this.use(from, n.replace(/^type /, ''), n.startsWith('type '));
  }

  has(name: HelperName): boolean {
    return this.helpers.has(name);
  }

  /** Adds a top-level declaration (blocks are separated by an empty line). */
  add(block: string): void {
    this.blocks.push(block.trimEnd());
  }

  /** The module text: header, imports (sorted), declarations, then helpers in their fixed order. */
  render(header: string): string {
    const imports = [...this.imports.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([from, names]) => {
      const list = [...names.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const allTypes = list.every(([, t]) => t);
      const spec = list.map(([n, t]) => (t && !allTypes ? `type ${n}` : n)).join(', ');
      return `import ${allTypes ? 'type ' : ''}{ ${spec} } from '${from}';`;
    });
    const helpers = (Object.keys(HELPERS) as HelperName[]).filter((h) => this.helpers.has(h)).map((h) => HELPERS[h].code.trim());
    const parts = [header.trimEnd(), imports.join('\n'), ...this.blocks];
    if (helpers.length > 0) parts.push(`// ---- helpers ----\n\n${helpers.join('\n\n')}`);
    return `${parts.join('\n\n')}\n`;
  }
}
