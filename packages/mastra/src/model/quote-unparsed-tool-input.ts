/** The part of an AI SDK language model this wrapper touches. */
interface ToolCallingModel {
  doGenerate(options: unknown): PromiseLike<{ content?: readonly unknown[] }>;
  doStream(options: unknown): PromiseLike<{ stream: ReadableStream<unknown> }>;
}

/** A `tool-call` part whose input is not JSON, with the input as a JSON string (of the text as it came). */
function blanked(part: unknown): unknown {
  const p = part as { type?: string; input?: unknown };
  if (p?.type !== 'tool-call' || typeof p.input !== 'string' || p.input.trim() === '') return part;
  try {
    JSON.parse(p.input);
    return part;
  } catch {
    return { ...p, input: JSON.stringify(p.input) };
  }
}

/**
 * The model, with the input of a tool call that is not JSON handed to Mastra
 * as a JSON string of that text. Mastra would try to repair the text and,
 * failing, print "Error converting tool call input to JSON" on the console;
 * a JSON string it takes silently. The run fails with AS_TOOL_CALL_INVALID
 * either way: the TurnTracker refuses arguments that are not a JSON object.
 */
export function quoteUnparsedToolInput<M extends ToolCallingModel>(model: M): M {
  const wrapped = Object.create(model) as M;
  wrapped.doGenerate = async (options: unknown) => {
    const result = await model.doGenerate(options);
    return result.content ? { ...result, content: result.content.map(blanked) } : result;
  };
  wrapped.doStream = async (options: unknown) => {
    const result = await model.doStream(options);
    return { ...result, stream: result.stream.pipeThrough(new TransformStream<unknown, unknown>({ transform: (part, controller) => controller.enqueue(blanked(part)) })) };
  };
  return wrapped;
}
