import type { ApiNode } from '@agentspec/core';
import { callHttp, mapHttpResult } from '@agentspec/runtime';
import { inSpan } from '../../../events.js';
import { single } from './simple.js';

/** ApiNode: the templated HTTP call (SSRF guard, retries); response keys become outputs. */
export const apiNode = single<ApiNode>(async (node, inputs, exec) => {
  const { ctx } = exec.fc;
  const site = { node: node.id };
  const signal = exec.hooks?.signal;
  const result = await inSpan(exec.hooks?.events, 'ToolExecutionRequest', 'ToolExecutionResponse', node.name, { node: node.id, url: node.url, method: node.http_method },
    () => callHttp(node, inputs, { network: ctx.options.network ?? {}, ...ctx.limits.http, ...(signal ? { signal } : {}), site }), (r) => ({ outputs: r }));
  return { outputs: mapHttpResult(result, node.outputs ?? []) };
});
