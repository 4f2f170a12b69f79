import type { Message, RunStatus } from '@agentspec/runtime';

/**
 * The answer metrics compare with `expected`: for a finished run, the output
 * named `output`, else the only output, else the outputs object; otherwise
 * (an agent waiting for the user, a run without outputs) the last assistant
 * message's text.
 */
export function answerOf(status: RunStatus | undefined, messages: readonly Message[], output?: string): unknown {
  if (status?.type === 'finished') {
    if (output !== undefined) return status.outputs[output];
    const keys = Object.keys(status.outputs);
    if (keys.length === 1) return status.outputs[keys[0]!];
    if (keys.length > 1) return status.outputs;
  }
  return [...messages].reverse().find((m) => m.role === 'assistant' && m.content !== '')?.content ?? '';
}
