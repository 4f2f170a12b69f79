type Settings = Readonly<Record<string, unknown>>;

/** What importAiSdk was given: a ToolLoopAgent, or the settings of a generateText / streamText / generateObject call. */
export type Program =
  | { readonly kind: 'agent'; readonly settings: Settings }
  | { readonly kind: 'call'; readonly settings: Settings; readonly object: boolean };

/** A model: an id string or a LanguageModel (its `modelId`). */
export const isModel = (m: unknown): boolean => typeof m === 'string' || (typeof m === 'object' && m !== null && typeof (m as { modelId?: unknown }).modelId === 'string');

/** A ToolLoopAgent (`version: 'agent-v1'`, its settings), or call settings (a plain object with a model: not another framework's agent), else undefined. */
export function programOf(source: unknown): Program | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const s = source as { version?: unknown; settings?: unknown; model?: unknown; schema?: unknown; output?: unknown };
  if (s.version === 'agent-v1' && typeof s.settings === 'object' && s.settings !== null) return { kind: 'agent', settings: s.settings as Settings };
  const plain = [Object.prototype, null].includes(Object.getPrototypeOf(source));
  if (plain && isModel(s.model)) return { kind: 'call', settings: source as Settings, object: s.schema !== undefined || typeof s.output === 'string' };
  return undefined;
}
