import type { CorpusCase } from '../corpus-case.js';

export default {
  description: "generateObject settings: the schema is the agent's outputs",
  export: 'invoiceSettings',
  native: 'extract',
  runs: [{ message: 'Invoice from ACME Tools, total due 129.50 EUR.' }],
  component: { component_type: 'Agent', outputs: [{ title: 'vendor', type: 'string' }, { title: 'total', type: 'number' }, { title: 'currency', type: 'string', description: 'ISO 4217 code' }] },
  warnings: ['AISDK_STRUCTURED_OUTPUT'],
} satisfies CorpusCase;
