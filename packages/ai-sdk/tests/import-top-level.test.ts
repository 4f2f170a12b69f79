import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasTopLevelAiSdkCall, importAiSdkModule } from '../src/index.js';
import { topLevelCall, topLevelCallModule } from '../src/import/top-level-call.js';

const SCRIPT = `import { openai } from '@ai-sdk/openai';
import { generateText } from 'ai';

function helper() {
  return generateText({ model: openai('gpt-4o'), prompt: 'inside a function' });
}

const { text } = await generateText({
  model: openai('gpt-4o'),
  prompt: 'Say "}" and (', // brackets in strings and comments: {
});
console.log(text, helper);
import { z } from 'zod';
`;

describe('AI SDK calls at the top level of a module', () => {
  it('finds the first call not inside a function or block, and its statement', () => {
    const found = topLevelCall(SCRIPT);
    expect(found?.call).toBe('generateText');
    expect(SCRIPT.slice(found?.statement.start, found?.statement.end)).toMatch(/^const \{ text \} = await generateText\(\{[\s\S]*\}\);$/);
    expect(found?.text.startsWith('generateText({\n  model')).toBe(true);
    expect(found?.text.endsWith('})')).toBe(true);
  });

  it('makes a module that keeps what comes before the call and later imports, the call inside a function, and leaves out what uses the answer', () => {
    const text = topLevelCallModule(SCRIPT, 'script') as string;
    expect(text).toContain('function helper()');
    expect(text).toContain("import { z } from 'zod';");
    expect(text).toContain('export async function script() {\n  return generateText({');
    expect(text).not.toContain('console.log');
    expect(text).not.toContain('await generateText');
  });

  it('finds none in a module whose calls are inside functions (the corpus programs that export them)', () => {
    const corpus = new URL('../corpus/', import.meta.url);
    const inFunctions = readdirSync(corpus, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'weather-script').map((d) => d.name);
    expect(inFunctions.length).toBeGreaterThan(0);
    for (const name of inFunctions) expect(hasTopLevelAiSdkCall(readFileSync(new URL(`${name}/program.ts`, corpus), 'utf8')), name).toBe(false);
    expect(topLevelCall('export async function answer(q: string) {\n  return generateText({ model, prompt: q });\n}\n')).toBeUndefined();
    expect(hasTopLevelAiSdkCall('const settings = { model };\nexport const agent = new ToolLoopAgent(settings);\n')).toBe(false);
  });

  it('refuses a module without a top-level call (AS_UNSUPPORTED), without loading it', async () => {
    const path = fileURLToPath(new URL('../corpus/weather-text/program.ts', import.meta.url));
    await expect(importAiSdkModule(path, { load: () => Promise.reject(new Error('loaded')) })).rejects.toMatchObject({ code: 'AS_UNSUPPORTED' });
  });
});
