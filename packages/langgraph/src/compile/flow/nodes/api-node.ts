import type { ApiNode } from '@agentspec/core';
import { callHttp, mapHttpResult } from '@agentspec/runtime';
import { span } from '../../events.js';
import type { NodeHandler } from '../node-handler.js';

/** ApiNode: the templated HTTP call (SSRF guard, retries); the response's keys become outputs. */
export const apiNode: NodeHandler<ApiNode> = (node, { ctx }) => {
  const site = { node: node.id };
  return {
    run: async ({ inputs, config, span: parent }) => {
      const body = await span(config, ['ToolExecutionRequest', 'ToolExecutionResponse'], node.name, { node: node.id, url: node.url, method: node.http_method }, parent, () =>
        callHttp(node, inputs, { network: ctx.network, ...ctx.limits.http, ...(config.signal ? { signal: config.signal } : {}), site }),
      (r) => ({ outputs: r }));
      return { outputs: mapHttpResult(body, node.outputs ?? [], site) };
    },
  };
};
