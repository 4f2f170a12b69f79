import type { NormalizedRequest } from './normalize.js';
import type { RegexCondition, Rule, RuleMatch, TextCondition } from './rules.js';

function textMatches(text: string | undefined, condition: TextCondition): boolean {
  if (text === undefined) return false;
  return typeof condition === 'string' ? text === condition : text.includes(condition.contains);
}

function regexMatches(text: string | undefined, condition: RegexCondition): boolean {
  if (text === undefined) return false;
  const regex = typeof condition === 'string' ? new RegExp(condition) : new RegExp(condition.pattern, condition.flags);
  return regex.test(text);
}

/** Whether every condition of `match` holds for the request (use limits aside). */
export function matchesConditions(match: RuleMatch | undefined, request: NormalizedRequest): boolean {
  if (match === undefined) return true;
  const last = request.messages.at(-1);
  const lastUser = request.messages.findLast((m) => m.role === 'user');
  if (match.lastMessage !== undefined && !textMatches(last?.content, match.lastMessage)) return false;
  if (match.lastUserMessage !== undefined && !textMatches(lastUser?.content, match.lastUserMessage)) return false;
  if (match.systemPromptContains !== undefined && !request.systemPrompt.includes(match.systemPromptContains)) return false;
  if (match.regex !== undefined && !regexMatches(last?.content, match.regex)) return false;
  if (match.lastToolResult !== undefined) {
    const { tool, contains } = match.lastToolResult;
    if (last?.role !== 'tool' || last.name !== tool) return false;
    if (contains !== undefined && !last.content.includes(contains)) return false;
  }
  if (match.model !== undefined && request.model !== match.model) return false;
  if (match.hasTools !== undefined && request.tools.length > 0 !== match.hasTools) return false;
  if (match.toolOffered !== undefined && !request.tools.some((t) => t.name === match.toolOffered)) return false;
  if (match.endpoint !== undefined && request.endpoint !== match.endpoint) return false;
  return true;
}

/** How many times the rule may be used, if limited. */
export function ruleLimit(rule: Rule): number | undefined {
  return rule.times ?? rule.match?.times;
}

/**
 * The index of the first rule that matches the request and has uses left
 * (`uses[i]` = how many requests rule i has answered), or -1.
 */
export function findRule(rules: readonly Rule[], request: NormalizedRequest, uses: readonly number[] = []): number {
  return rules.findIndex((rule, i) => {
    const limit = ruleLimit(rule);
    if (limit !== undefined && (uses[i] ?? 0) >= limit) return false;
    return matchesConditions(rule.match, request);
  });
}
