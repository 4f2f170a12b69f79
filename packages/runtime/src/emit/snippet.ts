/**
 * A piece of TypeScript source text that an emitter writes into the module it
 * emits, so that the module carries Agent Spec semantics without depending on
 * @agentspec packages. One copy here, shared by the framework emitters.
 */
export interface Snippet<Needs extends SnippetName = SnippetName> {
  /** The source text (no leading or trailing blank line). */
  readonly code: string;
  /** The top-level names it declares (the emitter keeps its own names away from them). */
  readonly declares: readonly string[];
  /** Other snippets (by name in EMIT_SNIPPETS) it uses. */
  readonly needs: readonly Needs[];
}

export type SnippetName =
  | 'isObject' | 'coerce' | 'coerceArgs' | 'valueText' | 'renderTemplate' | 'renderDeep' | 'toolResultText' | 'codedError' | 'submissionProblem' | 'hostListed'
  | 'httpCall' | 'llmEndpoint' | 'llmFetch' | 'llmConnectionLost' | 'specRetryPolicy' | 'isTlsFailure' | 'mcpRequest' | 'pause' | 'stdioPolicy' | 'summarization' | 'summaryCache';
