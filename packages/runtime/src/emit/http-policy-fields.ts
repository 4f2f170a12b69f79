import { literal } from './literal.js';
import { retryPolicyLiteral } from './retry-policy.js';

/**
 * The fields of an emitted `HttpRequest` (httpCall snippet) that come from a
 * RemoteTool's or ApiNode's policies rather than from its arguments: its
 * `url_allow_list` and its `retry_policy`, as lines at `indent`.
 */
export function httpPolicyFields(call: { readonly url_allow_list?: readonly string[] | null | undefined }, indent: string): string[] {
  const policy = retryPolicyLiteral(call, indent, indent.length + 'retryPolicy: '.length);
  return [
    ...(Array.isArray(call.url_allow_list) ? [`${indent}urlAllowList: ${literal(call.url_allow_list, indent, indent.length + 'urlAllowList: '.length)},`] : []),
    ...(policy ? [`${indent}retryPolicy: ${policy},`] : []),
  ];
}
