// .foreach() over the output of .map(), with a concurrency limit, then a step
// summarizing the array of results — Mastra's "looping over arrays" pattern.
import { createStep, createWorkflow } from '@mastra/core/workflows';
import { z } from 'zod';

const BROKEN = new Set(['https://example.com/old', 'https://example.com/gone']);

const link = z.object({ url: z.string() });
const checked = z.object({ url: z.string(), ok: z.boolean() });

const checkLink = createStep({
  id: 'check-link',
  inputSchema: link,
  outputSchema: checked,
  execute: async ({ inputData }) => ({ url: inputData.url, ok: !BROKEN.has(inputData.url) }),
});

const summarize = createStep({
  id: 'summarize',
  inputSchema: z.array(checked),
  outputSchema: z.object({ ok: z.number(), broken: z.array(z.string()) }),
  execute: async ({ inputData }) => ({ ok: inputData.filter((r) => r.ok).length, broken: inputData.filter((r) => !r.ok).map((r) => r.url) }),
});

export const linkCheckWorkflow = createWorkflow({
  id: 'link-check',
  inputSchema: z.object({ site: z.string(), paths: z.array(z.string()) }),
  outputSchema: z.object({ ok: z.number(), broken: z.array(z.string()) }),
})
  .map(async ({ inputData }) => inputData.paths.map((path) => ({ url: `${inputData.site}${path}` })))
  .foreach(checkLink, { concurrency: 2 })
  .then(summarize)
  .commit();
