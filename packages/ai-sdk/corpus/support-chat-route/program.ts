// A chat route handler, as the AI SDK's Next.js docs write it
// (app/api/chat/route.ts): streamText inline with the conversation the
// client sends, a tool, a stop condition, the answer streamed back.
import { openai } from '@ai-sdk/openai';
import { convertToModelMessages, stepCountIs, streamText, tool, type UIMessage } from 'ai';
import { z } from 'zod';

export const maxDuration = 30;

const SYSTEM_PROMPT = 'You are the support assistant of an online bookshop. Look orders up before you answer.';
const ORDERS: Record<string, { status: string; eta: string }> = { 'A-100': { status: 'shipped', eta: 'Thursday' } };

export async function POST(req: Request) {
  const { messages } = (await req.json()) as { messages: UIMessage[] };

  const result = streamText({
    model: openai.chat('gpt-4.1-mini'),
    system: SYSTEM_PROMPT,
    messages: await convertToModelMessages(messages),
    tools: {
      lookupOrder: tool({
        description: 'Look up an order by its number',
        inputSchema: z.object({ orderId: z.string().describe('The order number, e.g. A-100') }),
        execute: async ({ orderId }) => ORDERS[orderId] ?? { status: 'unknown', eta: 'unknown' },
      }),
    },
    stopWhen: stepCountIs(3),
  });

  return result.toUIMessageStreamResponse();
}
