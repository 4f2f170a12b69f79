import type { ApiNode } from '@agentspec/core';
import { callHttp, mapHttpResult } from '../../http/index.js';
import type { NodeExecutor } from './types.js';

/** ApiNode: the templated HTTP call; response keys become outputs. */
export const apiNode: NodeExecutor<ApiNode> = async (node, inputs, scope) => {
  const exec = scope.exec;
  const site = { node: node.id };
  const entry = await scope.span('ToolExecutionRequest', 'ToolExecutionResponse', node.name, { node: node.id, url: node.url, method: node.http_method }, (ts) =>
    ts.effect('tool', async () => ({
      kind: 'tool' as const,
      result: await callHttp(node, inputs, { network: exec.services.network, ...exec.services.limits.http, ...(exec.services.signal ? { signal: exec.services.signal } : {}), site }),
    })),
  (e) => ({ outputs: e.result }));
  return { outputs: mapHttpResult(entry.result, node.outputs ?? []) };
};
