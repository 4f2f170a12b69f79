import type { Component } from '@agentspec/core';
import { openTransforms, type AgentTransforms } from '@agentspec/runtime';

/**
 * The message transforms of the agents inside `root` (openTransforms of
 * @agentspec/runtime: the rules the runtimes apply), their datastores opened
 * on first use: an emitted module's `build()` is synchronous. What the model
 * node of an emitted flow's or group's agents applies, as compileLangGraph's
 * `transforms` option.
 */
export function transformsOnUse(root: Component): AgentTransforms {
  let opened: Promise<AgentTransforms> | undefined;
  return {
    has: (agent) => (agent.transforms?.length ?? 0) > 0,
    apply: async (agent, conversation, call) => (await (opened ??= openTransforms(root))).apply(agent, conversation, call),
    close: async () => {
      const t = await opened?.catch(() => undefined);
      await t?.close();
    },
  };
}
