import type { CorpusCase } from '../corpus-case.js';

export default {
  description: '.map() to an array, .foreach() with concurrency, then a step over the array of results',
  export: 'linkCheckWorkflow',
  runs: [{ inputs: { site: 'https://example.com', paths: ['/', '/old', '/docs', '/gone'] } }, { inputs: { site: 'https://example.com', paths: [] } }],
  component: { component_type: 'Flow', id: 'link-check' },
  warnings: ['MA_MAP', 'MA_FOREACH'],
} satisfies CorpusCase;
