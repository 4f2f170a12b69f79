import type { SnippetName } from '@agentspec/runtime';

/** A piece of code the emitted module needs, with what it needs in turn. */
export interface Helper {
  readonly code: string;
  /** Other helpers (by name in HELPERS) it uses. */
  readonly needs?: readonly HelperName[];
  /** Values it imports from `@openai/agents`. */
  readonly sdk?: readonly string[];
  /** Types it imports from `@openai/agents`. */
  readonly sdkTypes?: readonly string[];
  /** Values it imports from other modules, by module. */
  readonly imports?: Readonly<Record<string, readonly string[]>>;
}

export type HelperName =
  | SnippetName | 'toolParameters' | 'notStrict' | 'toolFailed' | 'runData' | 'respondToClientTool' | 'checkToolCalls' | 'chatModel' | 'responsesModel'
  | 'httpCall' | 'mcpServer' | 'mcpValue';
