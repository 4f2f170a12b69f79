import { describe, expect, it } from 'vitest';
import { toMessages } from '../src/runtime/to-messages.js';

describe('toMessages', () => {
  it('gives the reference shapes: calls of one answer join its text, tool messages in call order, other items left out', () => {
    const items = [
      { role: 'user', content: 'go' },
      { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Let me see.' }] },
      { type: 'function_call', callId: 'c1', name: 'a', arguments: '{"x":1}', status: 'completed' },
      { type: 'function_call', callId: 'c2', name: 'b', arguments: '', status: 'completed' },
      { type: 'reasoning', content: [] },
      { type: 'function_call_result', callId: 'c2', name: 'b', status: 'completed', output: { type: 'text', text: 'B' } },
      { type: 'function_call_result', callId: 'c1', name: 'a', status: 'completed', output: 'A' },
      { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.' }] },
      { role: 'user', content: [{ type: 'input_text', text: 'thanks' }] },
    ];
    expect(toMessages(items, 'Agent')).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: 'Let me see.', sender: 'Agent', toolCalls: [{ id: 'c1', name: 'a', args: { x: 1 } }, { id: 'c2', name: 'b', args: {} }] },
      { role: 'tool', content: 'A', toolCallId: 'c1', sender: 'a' },
      { role: 'tool', content: 'B', toolCallId: 'c2', sender: 'b' },
      { role: 'assistant', content: 'Done.', sender: 'Agent' },
      { role: 'user', content: 'thanks' },
    ]);
  });

  it('makes an assistant message with empty content for calls without text', () => {
    expect(toMessages([{ type: 'function_call', callId: 'c', name: 'a', arguments: '{}' }], 'A')).toEqual([
      { role: 'assistant', content: '', sender: 'A', toolCalls: [{ id: 'c', name: 'a', args: {} }] },
    ]);
  });
});
