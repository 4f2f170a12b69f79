// The flow benchmarks' programs written by hand, once for every framework
// whose flows are the reference interpreter's with the framework's LLM calls
// (the AI SDK, the OpenAI Agents SDK): plain code around one call that asks
// the framework for the text answering a prompt (`generateText`, `run()`).
// Each mirrors its flow document: chain-flow.ts, map-flow.ts, branching-flow.ts.
import type { ToolRegistry } from '@agentspec/runtime';

/** The framework's call: the text answering `prompt`, given as the only message. */
export type Ask = (prompt: string) => Promise<string>;

/** The chain of `nodes` nodes by hand: one call per LlmNode, the tool called per ToolNode; the text at the end. */
export function chainByHand(ask: Ask, tools: ToolRegistry, nodes: number): () => Promise<unknown> {
  return async () => {
    let text: unknown = 'hello';
    for (let i = 1; i <= nodes - 2; i++) {
      if (i % 2 === 1) text = await ask(`Rewrite: ${String(text)}`);
      else text = await tools[`tool_${i}`]!({ text });
    }
    return text;
  };
}

/** The MapNode by hand: one call per item, one after the other (the MapNode's iterations run one at a time). */
export function mapByHand(ask: Ask, list: readonly string[]): () => Promise<string[]> {
  return async () => {
    const collected: string[] = [];
    for (const item of list) collected.push(await ask(`Rewrite: ${item}`));
    if (collected.length !== list.length) throw new Error('the map by hand lost items');
    return collected;
  };
}

/** The branching flow of `stages` stages by hand: per stage, classify, then `switch` on the answer; the text at the end. */
export function branchingByHand(ask: Ask, stages: number): () => Promise<string> {
  return async () => {
    let text = 'hello';
    for (let i = 1; i <= stages; i++) {
      const label = await ask(`Stage ${i}, classify: ${text}`);
      switch (label) {
        case 'yes':
          text = await ask(`Expand: ${text}`);
          break;
        default:
          text = await ask(`Shorten: ${text}`);
      }
    }
    return text;
  };
}
