import type { CorpusCase } from '../corpus-case.js';

export default {
  description: "Mastra's weather workflow: a step computes a forecast, the next asks a registered agent through mastra.getAgent(...).stream() — recognized in the program's text: an AgentNode with the prompt template",
  export: 'activityWorkflow',
  runs: [{ inputs: { city: 'Bergen' } }, { inputs: { city: 'Seville' } }],
  component: {
    component_type: 'Flow', id: 'activity-workflow', inputs: [{ title: 'city', type: 'string' }], outputs: [{ title: 'activities', type: 'string' }],
    nodes: [
      { component_type: 'StartNode' },
      { component_type: 'ToolNode', id: 'fetch-weather' },
      {
        component_type: 'AgentNode', id: 'plan-activities',
        agent: {
          name: 'Activity Planner',
          system_prompt: 'You plan a day out around the weather. Suggest one outdoor and one indoor activity.\n\nForecast for {{city}}: {{condition}}, {{minTemp}}-{{maxTemp}}°C, {{precipitationChance}}% chance of rain. Suggest activities.',
          inputs: [{ title: 'city' }, { title: 'condition' }, { title: 'minTemp' }, { title: 'maxTemp' }, { title: 'precipitationChance' }],
          outputs: [{ title: 'activities', type: 'string' }],
        },
      },
      { component_type: 'EndNode' },
    ],
  },
  warnings: ['MA_STEP_ASKS_AGENT'],
} satisfies CorpusCase;
