import type { CorpusCase } from '../corpus-case.js';

export default {
  description: "the SDK's quickstart, the tutors handing back to triage: a Swarm of the three agents (relationships both ways), handoff: always",
  export: 'triageAgent',
  runs: [
    { message: 'Hello!' },
    { message: 'What is 7 × 8?' },
    // triage → Math Tutor → back to triage → History Tutor, in one run
    { message: 'When was Rome founded?' },
  ],
  component: {
    component_type: 'Swarm',
    handoff: 'always',
    first_agent: { id: 'triage_agent' },
    relationships: [
      [{ id: 'triage_agent' }, { id: 'history_tutor', description: 'Specialist agent for historical questions' }],
      [{ id: 'triage_agent' }, { id: 'math_tutor' }],
      [{ id: 'history_tutor' }, { id: 'triage_agent' }],
      [{ id: 'math_tutor' }, { id: 'triage_agent' }],
    ],
  },
  warnings: [],
} satisfies CorpusCase;
