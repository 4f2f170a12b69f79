import type { Helper } from './helper.js';

/** The error every failure of the emitted module throws: a code of Agent Spec (`AS_…`) and a message. */
export const codedError: Helper = {
  code: `/** A failed run, with the Agent Spec error code (\`AS_…\`) that says why, as the @agentspec runtimes report it. */
export class CodedError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CodedError';
    this.code = code;
  }
}`,
};

export const toolParameters: Helper = {
  sdkTypes: ['JsonSchemaDefinition'],
  code: `/** The JSON Schema of a tool's parameters (or of the agent's inputs or outputs): a closed object. */
type ToolParameters = {
  type: 'object';
  properties: JsonSchemaDefinition['schema']['properties'];
  required: string[];
  additionalProperties: false;
};`,
};

export const notStrict: Helper = {
  needs: ['toolParameters'],
  code: `/**
 * Parameters sent with \`strict: false\`: inputs with defaults are optional, which strict mode does not
 * allow. (The SDK's types know closed schemas only as strict ones, hence the cast.)
 */
function notStrict(parameters: ToolParameters): Omit<ToolParameters, 'additionalProperties'> & { additionalProperties: true } {
  return parameters as unknown as Omit<ToolParameters, 'additionalProperties'> & { additionalProperties: true };
}`,
};

export const isObject: Helper = {
  code: `function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}`,
};

export const asText: Helper = {
  code: `/** A tool result as the tool message: strings as they are, anything else as JSON. */
function asText(result: unknown): string {
  return typeof result === 'string' ? result : JSON.stringify(result ?? null);
}`,
};

export const toolFailed: Helper = {
  needs: ['codedError'],
  code: `/** A ServerTool implementation threw: the run fails (AS_TOOL_FAILED). */
function toolFailed(name: string, error: unknown): CodedError {
  const message = error instanceof Error ? error.message : String(error);
  return new CodedError('AS_TOOL_FAILED', \`tool '\${name}' threw: \${message}\`, { cause: error });
}`,
};

export const renderTemplate: Helper = {
  code: `/**
 * \`{{ name }}\` placeholders replaced in one left-to-right pass: a value containing \`{{x}}\` is not rendered
 * again, and nothing is evaluated. Strings as they are, other values as JSON, a missing one as ''.
 */
function renderTemplate(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(/\\{\\{\\s*(\\w+)\\s*\\}\\}/g, (_match, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  });
}`,
};

export const renderDeep: Helper = {
  needs: ['renderTemplate'],
  code: `/** Every string inside a JSON value rendered (object keys too), keeping its structure. */
function renderDeep(value: unknown, values: Readonly<Record<string, unknown>>): unknown {
  if (typeof value === 'string') return renderTemplate(value, values);
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, values));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    Object.defineProperty(out, renderTemplate(k, values), { value: renderDeep(v, values), enumerable: true, writable: true, configurable: true });
  }
  return out;
}`,
};
