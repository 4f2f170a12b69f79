/**
 * The files `agentspec init` writes (path → text): a project that validates,
 * runs offline and passes its conformance case as soon as it is installed.
 */

const SPEC = `# An Agent Spec agent with one server tool (get_forecast, implemented in tools.ts).
# Validate: agentspec validate agent.yaml
component_type: Agent
id: weather_agent
name: Weather assistant
description: Answers questions about the weather in a city.
system_prompt: |
  You are a concise weather assistant.
  Use get_forecast to look up the forecast before answering.
llm_config:
  # Point this at your model (any OpenAI-compatible endpoint); \`--offline\`
  # and the conformance cases answer from scripted rules instead.
  component_type: OpenAiCompatibleConfig
  id: llm
  name: llm
  model_id: my-model
  url: http://127.0.0.1:8000
tools:
  - component_type: ServerTool
    id: get_forecast
    name: get_forecast
    description: The forecast for a city.
    inputs:
      - title: city
        type: string
        description: City name, e.g. Zurich
    outputs:
      - title: forecast
        type: string
agentspec_version: 25.4.1
`;

const TOOLS = `// ServerTool implementations of agent.yaml, by tool name: each takes the
// arguments object the LLM sent and returns the result (or a promise of it).
// agentspec run / conformance load this file with --tools (no build step).
export const tools = {
  get_forecast: ({ city }: Record<string, unknown>): string => \`sunny, 21°C in \${String(city)}\`,
};
`;

const OFFLINE = `# Scripted LLM answers for \`agentspec run agent.yaml --offline llm/offline.yaml\`
# (rules format of @agentspec/testing: the first rule that matches answers).
strict: true
rules:
  - match: { lastToolResult: { tool: get_forecast } }
    answer: { text: "It is sunny and 21°C in Zurich." }
  - match: { lastUserMessage: { contains: weather } }
    answer: { toolCalls: [{ name: get_forecast, arguments: { city: Zurich } }] }
`;

const CASE = `# A conformance case for agent.yaml (format: CASES.md of @agentspec/conformance).
# Run: agentspec conformance --cases conformance/cases --tools tools.ts
description: The agent looks up the forecast with get_forecast and answers with it.
spec: ../../../agent.yaml
llm:
  strict: true
  rules:
    - match: { lastToolResult: { tool: get_forecast } }
      answer: { text: "It is sunny and 21°C in Zurich." }
    - match: { lastUserMessage: { contains: weather } }
      answer: { toolCalls: [{ name: get_forecast, arguments: { city: Zurich } }] }
runs:
  - steps:
      - user: "What is the weather in Zurich?"
        expect:
          status: user_input
          messages:
            - { role: user, content: "What is the weather in Zurich?" }
            - { role: assistant, toolCalls: [{ name: get_forecast, args: { city: Zurich } }] }
            - { role: tool, content: "sunny, 21°C in Zurich" }
            - { role: assistant, content: "It is sunny and 21°C in Zurich." }
    llmRequests:
      - tools: [{ name: get_forecast }]
        lastMessage: { role: user, content: "What is the weather in Zurich?" }
      - lastMessage: { role: tool, content: "sunny, 21°C in Zurich" }
`;

const WORKFLOW = `# Validate the spec and run its conformance cases on every push and pull request.
# Runs the agentspec installed in node_modules (npx --no-install): never let npx
# download the bare name agentspec, which on the npm registry is an unrelated package.
name: agentspec
on: [push, pull_request]
jobs:
  agentspec:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 22 }
      - run: npm install
      - run: npx --no-install agentspec validate agent.yaml
      - run: npx --no-install agentspec conformance --cases conformance/cases --tools tools.ts --report text --report junit:reports/conformance.xml
      - uses: actions/upload-artifact@v4
        if: always()
        with: { name: conformance-report, path: reports/ }
`;

const readme = (name: string): string => `# ${name}

An Open Agent Specification (Agent Spec) agent, made by \`agentspec init\`.

| file | what it is |
| --- | --- |
| \`agent.yaml\` | the agent: a weather assistant with one server tool, \`get_forecast\` |
| \`tools.ts\` | the server tool's implementation (\`export const tools\`) |
| \`llm/offline.yaml\` | scripted LLM answers, to run the agent without a model |
| \`conformance/cases/forecast/case.yaml\` | a conformance case: what must happen when the agent runs |
| \`.github/workflows/agentspec.yml\` | CI: validate, then run the conformance cases |

## Install

Until \`@agentspec/cli\` is published, install it from the tarballs that
\`scripts/pack.sh\` of agentspec-ts builds: copy them into \`packs/\` (commit
them, so CI installs the same), then

\`\`\`sh
npm install -D ./packs/*.tgz
\`\`\`

Always run the installed command (\`npx --no-install agentspec\`, or
\`node_modules/.bin/agentspec\`). Never let \`npx\` download \`agentspec\` by
its bare name: on the npm registry that name is an unrelated package.

## Commands

\`\`\`sh
# check the spec
npx --no-install agentspec validate agent.yaml

# run it offline: the scripted LLM calls get_forecast, then answers
echo "What is the weather in Zurich?" | npx --no-install agentspec run agent.yaml --offline llm/offline.yaml --tools tools.ts

# run the conformance cases on every runtime (reference, LangGraph.js, AI SDK, OpenAI Agents, Mastra)
npx --no-install agentspec conformance --cases conformance/cases --tools tools.ts
\`\`\`

The same as \`npm run validate\`, \`npm start\` and \`npm run conformance\`. Each
exits 0 when all is well (1: invalid spec or a failing case, 2: wrong
command line).

To run on your model, set \`llm_config.url\` and \`model_id\` in \`agent.yaml\`
and drop \`--offline\`; \`--runtime langgraph\` (or \`ai-sdk\`,
\`openai-agents\`, \`mastra\`) runs it on that framework.
`;

const packageJson = (name: string): string => `${JSON.stringify({
  name,
  version: '0.1.0',
  private: true,
  type: 'module',
  scripts: {
    validate: 'agentspec validate agent.yaml',
    start: 'agentspec run agent.yaml --offline llm/offline.yaml --tools tools.ts',
    conformance: 'agentspec conformance --cases conformance/cases --tools tools.ts',
  },
}, null, 2)}\n`;

const GITIGNORE = 'node_modules/\nreports/\n';

/** The files of a new project named `name`, by path relative to its folder. */
export function initFiles(name: string): Readonly<Record<string, string>> {
  return {
    'agent.yaml': SPEC,
    'tools.ts': TOOLS,
    'llm/offline.yaml': OFFLINE,
    'conformance/cases/forecast/case.yaml': CASE,
    '.github/workflows/agentspec.yml': WORKFLOW,
    'README.md': readme(name),
    'package.json': packageJson(name),
    '.gitignore': GITIGNORE,
  };
}
