import { Command } from 'commander';
import { registerConformance } from './commands/conformance.js';
import { registerEval } from './commands/eval.js';
import { convertCommand } from './commands/convert.js';
import { graphCommand } from './commands/graph.js';
import { registerInit } from './commands/init.js';
import { validateCommand } from './commands/validate.js';
import { EXIT } from './exit-codes.js';
import { processIo, type Io } from './io.js';
import { reportFailure } from './report-failure.js';

// run, import and compile are imported when used: they load framework packages,
// which `validate` and the other document commands must not pay for at startup.

const EXIT_HELP = `
Exit codes: 0 success, 1 invalid input (or runs disagree, cases fail), 2 usage error, 3 run failed, 70 bug of agentspec.`;

/** Build the `agentspec` program; `run` executes it and returns the exit code. */
export function buildProgram(io: Io, setCode: (code: number) => void): Command {
  const program = new Command('agentspec')
    .description('Open Agent Specification for TypeScript: validate, convert, run, compile, import and test Agent Spec documents')
    .version('0.1.0')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => undefined })
    .exitOverride()
    .enablePositionalOptions()
    .addHelpText('after', EXIT_HELP);

  program
    .command('validate')
    .description('check documents and print every problem as file:line:col severity code message')
    .argument('<files...>', 'JSON or YAML documents')
    .option('--format <format>', 'text or json', 'text')
    .option('--referenced <file>', 'disaggregated components document to load with each file')
    .option('--components <file>', 'component registry (JSON/YAML): values and components by id, e.g. secrets "llm.api_key", or a $referenced_components document')
    .addHelpText('after', `
Example:
  $ agentspec validate examples/specs/*.yaml --format json
${EXIT_HELP}`)
    .action((files: string[], opts) => setCode(validateCommand(io, files, opts)));

  program
    .command('convert')
    .description('rewrite a document as JSON or YAML, optionally for another Agent Spec version')
    .argument('<file>', 'JSON or YAML document')
    .requiredOption('--to <format>', 'json or yaml')
    .option('--to-version <version>', 'Agent Spec version to write, older or newer (default: the smallest the document needs); refused (AS_VERSION_GATE, naming the component and field) when that version cannot express the document')
    .option('--version <version>', 'the same as --to-version')
    .option('--out <file>', 'write here instead of stdout')
    .option('--referenced <file>', 'disaggregated components document')
    .option('--components <file>', 'component registry (JSON/YAML): values and components by id, or a $referenced_components document')
    .addHelpText('after', `
Example:
  $ agentspec convert agent.json --to yaml --to-version 25.4.2 --out agent.yaml
${EXIT_HELP}`)
    .action((file: string, opts) => setCode(convertCommand(io, file, opts)));

  program
    .command('run')
    .description('run a spec on a runtime: interactive on a terminal, scripted from stdin otherwise; --runtime all compares every runtime')
    .argument('<spec>', 'JSON or YAML document of an Agent or a Flow')
    .option('--runtime <name>', 'reference (default; on --resume <name>: the runtime it was saved on), langgraph, ai-sdk, openai-agents, mastra; all, or a list a,b to compare')
    .option('--input <name=value...>', 'an input (the value as JSON when it parses, else text); repeatable')
    .option('--inputs <file>', 'a JSON object of inputs')
    .option('--tools <module>', 'a .ts or .js module exporting `tools`: ServerTool implementations by name')
    .option('--llm-url <url>', 'send every LLM request to this OpenAI-compatible endpoint')
    .option('--offline <rules>', 'answer LLM requests from a scripted rules file (see @agentspec/testing)')
    .option('--save <name>', 'save the session when the run stops: a name in the session store, or a .json file')
    .option('--resume <name>', 'resume a saved session (a name in the store, or a .json file) instead of starting one')
    .option('--store <db>', 'the session store of --save/--resume: a SQLite file or a postgres:// URL (default .agentspec/sessions.db)')
    .option('--json', 'machine output')
    .option('--trace <file>', 'record the run as a span tree and write it here (JSON); with several runtimes a list of traces, or a folder: <runtime>.json each')
    .option('--otlp <url>', 'export the trace over OTLP/HTTP (JSON) to this collector endpoint, e.g. http://localhost:4318/v1/traces')
    .option('--otlp-content', 'also export prompts, messages, tool arguments and results to --otlp (off by default; secrets never)')
    .addHelpText('after', `
Scripted answers (stdin not a terminal): one line per answer — a user message,
a tool result (JSON or text), or y / n / a reason for a confirmation.

Example:
  $ agentspec run examples/specs/support-triage-flow.yaml --offline examples/scripted-llm/support-triage-flow.yaml \\
      --tools examples/tools/support.ts --input request="Where is my order?"
  $ echo "What is the weather in Zurich?" | agentspec run agent.yaml --runtime all --offline rules.yaml
  $ echo "Ada" | agentspec run flow.yaml --runtime langgraph --save visit-1      # stops at a question, saved
  $ echo "y" | agentspec run flow.yaml --resume visit-1                           # another process goes on
  $ echo "Weather in Zurich?" | agentspec run agent.yaml --offline rules.yaml --trace out.json && agentspec trace view out.json

--runtime all (or a list) exits 1 when the runtimes disagree (status, error code,
branch, outputs or reply; what differs is printed), 3 when they agree on a failure.
${EXIT_HELP}`)
    .action(async (file: string, opts) => setCode(await (await import('./commands/run.js')).runCommand(io, file, opts)));

  program
    .command('serve')
    .description('serve a spec over AG-UI, A2A, MCP and a chat API, with a web playground, until stopped (Ctrl-C)')
    .argument('<spec>', 'JSON or YAML document of an Agent or a Flow')
    .option('--runtime <name>', 'reference (default), langgraph, ai-sdk, openai-agents, mastra; all, or a list a,b (the playground shows them side by side)')
    .option('--host <host>', 'interface to listen on (default 127.0.0.1; any other needs a token)')
    .option('--port <port>', 'port to listen on (default 8787; 0: a free one)')
    .option('--tools <module>', 'a .ts or .js module exporting `tools`: ServerTool implementations by name')
    .option('--store <db>', 'where sessions live: a SQLite file or a postgres:// URL (default .agentspec/sessions.db)')
    .option('--token <token>', 'bearer token every request must carry (default: $AGENTSPEC_SERVE_TOKEN)')
    .option('--llm-url <url>', 'send every LLM request to this OpenAI-compatible endpoint')
    .option('--llm-key <key>', 'the API key of --llm-url (or of OPENAI_BASE_URL)')
    .option('--offline <rules>', 'answer LLM requests from a scripted rules file (see @agentspec/testing)')
    .option('--max-tokens <n>', 'tokens a session may use (default: no limit)')
    .option('--max-llm-calls <n>', 'LLM calls a session may make (default: no limit)')
    .option('--max-tool-calls <n>', 'tool calls a session may make (default: no limit)')
    .option('--max-repeated-tool-calls <n>', 'the same tool call repeated more than this is a loop (default 5)')
    .option('--max-request-bytes <n>', 'largest request body (default 1048576)')
    .option('--run-timeout <ms>', 'longest run (default 300000)')
    .option('--cors <origins>', 'origins whose pages may call the server, comma-separated (default none; * only without a token)')
    .option('--otlp <url>', 'export the traces of served runs to this OTLP/HTTP endpoint (JSON), as they run')
    .option('--otlp-content', 'export content too (prompts, messages, tool arguments and results) to --otlp')
    .option('--max-idle-apps <n>', 'loaded apps kept per runtime for later turns (default 16; 0: load the spec every turn)')
    .addHelpText('after', `
Example:
  $ agentspec serve examples/serve/approval-flow.yaml --tools examples/serve/tools.ts --offline examples/serve/rules.yaml
  $ AGENTSPEC_SERVE_TOKEN=s3cret agentspec serve agent.yaml --runtime all --host 0.0.0.0 --port 8080
${EXIT_HELP}`)
    .action(async (file: string, opts) => setCode(await (await import('./commands/serve.js')).serveCommand(io, file, opts)));

  program
    .command('acp')
    .description('speak the Agent Client Protocol on stdin/stdout, so an ACP client (an editor) chats with the spec')
    .argument('<spec>', 'JSON or YAML document of an Agent or a Flow')
    .option('--runtime <name>', 'reference (default), langgraph, ai-sdk, openai-agents or mastra')
    .option('--tools <module>', 'a .ts or .js module exporting `tools`: ServerTool implementations by name')
    .option('--store <db>', 'where sessions live: a SQLite file or a postgres:// URL (default .agentspec/sessions.db)')
    .option('--llm-url <url>', 'send every LLM request to this OpenAI-compatible endpoint')
    .option('--llm-key <key>', 'the API key of --llm-url (or of OPENAI_BASE_URL)')
    .option('--offline <rules>', 'answer LLM requests from a scripted rules file (see @agentspec/testing)')
    .addHelpText('after', `
Example (an editor's agent configuration):
  { "command": "npx", "args": ["--no-install", "agentspec", "acp", "agent.yaml", "--tools", "tools.ts"] }
${EXIT_HELP}`)
    .action(async (file: string, opts) => setCode(await (await import('./commands/acp.js')).acpCommand(io, file, opts)));

  program
    .command('import')
    .description("turn a framework object (a module's export), an OpenAgentSpec agent or an agents.json flow into an Agent Spec document")
    .argument('<target>', 'module#export: a .ts or .js module (TypeScript loads without a build step) and the export to import; a file for openagentspec and agents-json')
    .requiredOption('--from <framework>', 'langgraph, ai-sdk, openai-agents or mastra; openagentspec or agents-json for a document')
    .option('--out <file>', 'write the spec here (YAML, or JSON for .json) instead of stdout')
    .option('--format <format>', 'yaml or json (default: from --out, else yaml)')
    .option('--tools-out <file>', "write a module (.ts) giving the spec's ServerTool implementations, the program's own functions, to run --tools")
    .option('--to-version <version>', 'openagentspec, agents-json: the Agent Spec version to write (default: the smallest the document needs)')
    .option('--version <version>', 'the same as --to-version')
    .option('--llm-url <url>', "openagentspec: the agent's OpenAI-compatible LLM endpoint (default: a placeholder, with a warning)")
    .option('--model <id>', "openagentspec: the agent's model (alone: an OpenAI model)")
    .option('--flow <id>', 'agents-json: the flow to import (needed when the document has several)')
    .option('--source <id=file...>', 'agents-json: a local OpenAPI file for a source (how a source at a URL is imported); repeatable')
    .option('--server-url <id=url...>', "agents-json: the base URL to call for a source instead of its OpenAPI servers; repeatable")
    .addHelpText('after', `
Warnings (what the spec cannot represent) go to stderr, each naming the part
(a document's warnings carry a code and the field: warning CODE (kind) /path: …).
Documents are read as data: nothing in them is evaluated, and nothing is fetched.

Example:
  $ agentspec import ./src/agent.ts#supportAgent --from openai-agents --out support-agent.yaml --tools-out tools.ts
  $ agentspec run support-agent.yaml --tools tools.ts
  $ agentspec import expense-approver.yaml --from openagentspec --llm-url http://127.0.0.1:8000/v1 --model m --out agent.yaml
  $ agentspec import agents.json --from agents-json --flow get_weather_flow --out flow.yaml
${EXIT_HELP}`)
    .action(async (target: string, opts) => setCode(await (await import('./commands/import.js')).importCommand(io, target, opts)));

  program
    .command('compile')
    .description("write a TypeScript module that builds the spec's framework objects with the framework's own API")
    .argument('<spec>', 'JSON or YAML document of an Agent (any target) or a Flow (langgraph, mastra)')
    .requiredOption('--target <framework>', 'langgraph, ai-sdk, openai-agents or mastra')
    .option('--out <file>', 'write the module here (.ts) instead of stdout')
    .option('--allow-stdio <command...>', "command lines an MCPToolBox's stdio server may be started with, to list its tools (e.g. 'node /abs/server.mjs', or a command name)")
    .option('--allow <host...>', "hosts an MCPToolBox's server may be on besides a fixed public or loopback one (private addresses, templated hosts)")
    .addHelpText('after', `
The module exports build(options) (ServerTool implementations, the LLM endpoint,
…) returning the same objects the in-memory compiler gives; it is yours to edit.
Warnings (what the framework cannot represent exactly) go to stderr.

An agent's MCPToolBoxes are listed from their servers when compiling (their
tool_filter, specs and confirmation flags applied) and emitted as MCPTools on
the toolbox's transport: compile again when a server's tools change. A stdio
server is started only when --allow-stdio allows its command line.

Example:
  $ agentspec compile examples/specs/weather-agent.yaml --target openai-agents --out src/weather-agent.ts
${EXIT_HELP}`)
    .action(async (file: string, opts) => setCode(await (await import('./commands/compile.js')).compileCommand(io, file, opts)));

  registerConformance(program, io, setCode, EXIT_HELP);
  registerEval(program, io, setCode, EXIT_HELP);
  registerInit(program, io, setCode, EXIT_HELP);
  registerTrace(program, io, setCode, EXIT_HELP);

  program
    .command('graph')
    .description('draw a component with structure: a flow (control edges solid, data edges dashed, subflows nested), an agent and its tools, a Swarm, ManagerWorkers or SpecializedAgent')
    .argument('<spec>', 'JSON or YAML document')
    .option('--format <format>', 'mermaid, dot or svg', 'mermaid')
    .option('--out <file>', 'write here instead of stdout')
    .option('--referenced <file>', 'disaggregated components document')
    .option('--components <file>', 'component registry (JSON/YAML): values and components by id, or a $referenced_components document')
    .addHelpText('after', `
Example:
  $ agentspec graph examples/specs/support-triage-flow.yaml --format mermaid
${EXIT_HELP}`)
    .action((file: string, opts) => setCode(graphCommand(io, file, opts)));

  return program;
}

/** `trace view` and `trace export`: registered here, their module (which loads the runtime) imported when used. */
function registerTrace(program: Command, io: Io, setCode: (code: number) => void, exitHelp: string): void {
  const trace = program.command('trace').description('look at traces that `agentspec run --trace` wrote, or send them to a collector');
  trace
    .command('view')
    .description('write one self-contained HTML page (no network) showing traces as span timelines, side by side, where they differ marked')
    .argument('<files...>', 'trace files (a trace or a list of traces each), or folders of them')
    .option('-o, --out <file>', 'the HTML file to write (default: the first file with .html, or a folder\'s traces.html)')
    .addHelpText('after', `
Click a span for its inputs (prompt, tool arguments), outputs (answer, tool
calls, result), tokens, error and events. With several traces, spans whose
kind, name, component id or place in the tree has no counterpart in the first
trace (or in the others, for the first) are marked ≠.

Example:
  $ agentspec run agent.yaml --runtime all --offline rules.yaml --trace traces/ < answers.txt
  $ agentspec trace view traces/ -o traces.html
${exitHelp}`)
    .action(async (files: string[], opts: { out?: string }) => setCode((await import('./commands/trace.js')).traceViewCommand(io, files, opts)));
  trace
    .command('export')
    .description('send trace files to an OpenTelemetry collector over OTLP/HTTP (GenAI semantic conventions)')
    .argument('<files...>', 'trace files, or folders of them')
    .requiredOption('--otlp <url>', 'the collector\'s OTLP/HTTP endpoint, e.g. http://localhost:4318/v1/traces')
    .option('--otlp-content', 'also export prompts, messages, tool arguments and results (off by default; secrets never)')
    .addHelpText('after', `
Example:
  $ agentspec trace export out.json --otlp http://localhost:4318/v1/traces
${exitHelp}`)
    .action(async (files: string[], opts: { otlp: string; otlpContent?: boolean }) => setCode(await (await import('./commands/trace.js')).traceExportCommand(io, files, opts)));
}

export async function run(argv: readonly string[], io: Io = processIo): Promise<number> {
  let code: number = EXIT.OK;
  const program = buildProgram(io, (c) => (code = c));
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (e) {
    return reportFailure(io, e, argv);
  }
  return code;
}
