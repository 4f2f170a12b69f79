import type { CorpusCase } from '../corpus-case.js';

export default {
  description: 'an outputType zod schema: the agent\'s outputs',
  export: 'extractor',
  runs: [{ message: 'Alice and Bob are going to a science fair on Friday.' }],
  component: { component_type: 'Agent', outputs: [{ title: 'name', type: 'string' }, { title: 'date', type: 'string' }, { title: 'participants', type: 'array' }] },
  warnings: [],
} satisfies CorpusCase;
