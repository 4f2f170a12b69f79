import { openai } from '@ai-sdk/openai';
import { generateObject, generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { importAiSdk } from '../src/index.js';

// Functions written the way AI SDK programs are: imported, never called (their calls would reach the network).
const base = { model: openai.chat('gpt-4.1-mini'), system: 'You are terse.', stopWhen: stepCountIs(2) };
const roll = tool({ description: 'Roll a die', inputSchema: z.object({ sides: z.number() }), execute: async ({ sides }) => sides });

async function spreadAndOverride(prompt: string) {
  return (await generateText({ ...base, temperature: 0.2, tools: { roll }, prompt })).text;
}

async function personalised(userName: string, prompt: string) {
  const { text } = await generateText({ model: openai('gpt-4.1-mini'), system: `You help ${userName}.`, maxOutputTokens: 200, prompt });
  return text;
}

async function twoCalls(prompt: string) {
  const draft = await generateText({ model: openai('gpt-4.1-mini'), system: 'Draft an answer.', prompt });
  const result = streamText({ model: openai('gpt-4.1-mini'), system: 'Polish the draft.', prompt: draft.text });
  return result.text;
}

async function modelFromCaller(modelId: string, prompt: string) {
  return (await generateText({ model: openai(modelId), prompt })).text;
}

async function extract(text: string) {
  const { object } = await generateObject({
    model: openai('gpt-4.1-mini'),
    schema: z.object({ name: z.string(), age: z.number() }),
    prompt: `Extract the person from: ${text}`,
  });
  return object;
}

describe('a function calling generateText / streamText inline: its call read without running it', () => {
  it('reads spread settings, inline settings and tools; the prompt is the user\'s', async () => {
    const { component, warnings, tools } = await importAiSdk(spreadAndOverride);
    expect(component).toMatchObject({
      id: 'spreadAndOverride', system_prompt: 'You are terse.',
      llm_config: { model_id: 'gpt-4.1-mini', default_generation_parameters: { temperature: 0.2 } },
      tools: [{ name: 'roll', inputs: [{ title: 'sides', type: 'number' }] }],
    });
    expect(Object.keys(tools)).toEqual(['roll']);
    expect(warnings.map((w) => [w.code, w.component])).toEqual([['AISDK_STEP_LIMIT', 'stopWhen[0]'], ['AISDK_PROMPT', 'prompt']]);
  });

  it('names a setting made from the function\'s own values (AISDK_RUNTIME_VALUE) and leaves it out', async () => {
    const { component, warnings } = await importAiSdk(personalised);
    expect(component).toMatchObject({ system_prompt: '', llm_config: { default_generation_parameters: { max_tokens: 200 } } });
    expect(warnings.map((w) => [w.code, w.component])).toEqual([['AISDK_RUNTIME_VALUE', 'system'], ['AISDK_PROMPT', 'prompt']]);
    expect(warnings[0]!.message).toContain("from 'userName'");
    expect(warnings[1]!.message).toContain('is made when the function runs');
  });

  it('imports the first of several calls, saying so', async () => {
    const { component, warnings } = await importAiSdk(twoCalls);
    expect(component).toMatchObject({ system_prompt: 'Draft an answer.' });
    expect(warnings.map((w) => w.code)).toEqual(['AISDK_INLINE_CALLS', 'AISDK_PROMPT']);
  });

  it('reads generateObject\'s schema as outputs', async () => {
    const { component } = await importAiSdk(extract);
    expect(component.outputs?.map((o) => [o.title, o.type])).toEqual([['name', 'string'], ['age', 'number']]);
  });

  it('refuses a call whose model is made at run time, and a function making no call', async () => {
    await expect(importAiSdk(modelFromCaller)).rejects.toMatchObject({ code: 'AS_UNSUPPORTED', message: expect.stringContaining("no model that can be read") });
    await expect(importAiSdk(async (a: number) => a + 1)).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
  });
});
