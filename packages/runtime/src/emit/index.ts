// @agentspec/runtime/emit — what the framework emitters (`agentspec compile`)
// share: the TypeScript source text of the helpers they write into their
// modules (one copy of each, the same semantics as the functions of this
// package), escaped literals of spec values (a security boundary: spec text
// never becomes code), identifiers made from spec names, the module writer and
// the header comment.
import { coerce, coerceArgs, isObject } from './coercion.js';
import { codedError } from './errors.js';
import { hostListed } from './host-listed.js';
import { httpCall } from './http-call.js';
import { llmConnectionLost } from './llm-connection-lost.js';
import { llmEndpoint } from './llm-endpoint.js';
import { llmFetch } from './llm-fetch.js';
import { mcpRequest } from './mcp-request.js';
import { submissionProblem } from './outputs.js';
import { pause } from './pause.js';
import type { Snippet, SnippetName } from './snippet.js';
import { isTlsFailure, specRetryPolicy } from './retry-policy.js';
import { stdioPolicy } from './stdio-policy.js';
import { summarization, summaryCache } from './summarization.js';
import { renderDeep, renderTemplate, toolResultText, valueText } from './text.js';

/** Every snippet, in the order an emitter writes them (a new name breaks the build until listed). */
export const EMIT_SNIPPETS = {
  codedError,
  valueText,
  renderTemplate,
  renderDeep,
  toolResultText,
  submissionProblem,
  coerceArgs,
  coerce,
  isObject,
  hostListed,
  specRetryPolicy,
  isTlsFailure,
  pause,
  httpCall,
  llmEndpoint,
  llmFetch,
  llmConnectionLost,
  mcpRequest,
  stdioPolicy,
  summarization,
  summaryCache,
} as const satisfies { readonly [K in SnippetName]: Snippet };

/** `wanted` and the snippets they need, in EMIT_SNIPPETS order. */
export function snippetsFor(wanted: Iterable<SnippetName>): SnippetName[] {
  const all = new Set<SnippetName>();
  const add = (name: SnippetName): void => {
    if (all.has(name)) return;
    all.add(name);
    for (const n of EMIT_SNIPPETS[name].needs) add(n);
  };
  for (const name of wanted) add(name);
  return (Object.keys(EMIT_SNIPPETS) as SnippetName[]).filter((n) => all.has(n));
}

export { aiSdkProviderToolCall } from './ai-sdk-provider-tool.js';
export { networkOptionFields } from './network-options.js';
export { retryPolicyLiteral } from './retry-policy.js';
export { httpPolicyFields } from './http-policy-fields.js';
export { mcpRequestFields } from './mcp-request-fields.js';
export { summarizationEntry, summarizationRule, transformEntries, transformsDeclaration, type SummarizationRule, type TransformEntries } from './summarization-rule.js';
export { outputRules, type OutputRule } from './outputs.js';
export { commentText, docComment, isIdentifierName, key, literal, member, Raw, raw, str, template, templateText, text, type LiteralOptions } from './literal.js';
export { camelCase, constantName, identifier, Names, RESERVED_NAMES, type IdentifierOptions, type TakeOptions } from './identifiers.js';
export { ModuleWriter, type ModuleHelper, type ModuleHelpers } from './module-writer.js';
export { moduleHeader, type ModuleHeader } from './module-header.js';
export type { Snippet, SnippetName } from './snippet.js';
