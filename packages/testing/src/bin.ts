#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { loadRulesFile } from './load-rules-file.js';
import { startScriptedLlm } from './server.js';
import type { RecordedRequest } from './server.js';

const USAGE = `Usage: agentspec-scripted-llm --rules <rules.yaml|rules.json> [--port N] [--host H] [--strict] [--verbose]

Starts an OpenAI-compatible scripted LLM server and prints its base URL (ending in /v1).
Stops on SIGINT / SIGTERM.`;

function describe(request: RecordedRequest): string {
  const rule = request.rule === null ? 'no rule' : `rule ${request.rule.name ?? `#${request.rule.index}`}`;
  return `${request.path} model=${request.model} stream=${request.stream} -> ${rule}`;
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        rules: { type: 'string', short: 'r' },
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        strict: { type: 'boolean' },
        verbose: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.rules === undefined) {
    process.stderr.write(`Missing --rules.\n${USAGE}\n`);
    return 2;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65536)) {
    process.stderr.write(`--port must be a whole number from 0 to 65535, got "${values.port}".\n`);
    return 2;
  }
  try {
    const file = await loadRulesFile(values.rules);
    const llm = await startScriptedLlm({
      ...file,
      ...(port === undefined ? {} : { port }),
      ...(values.host === undefined ? {} : { host: values.host }),
      ...(values.strict === true ? { strict: true } : {}),
      ...(values.verbose === true ? { onRequest: (r: RecordedRequest) => process.stderr.write(`${describe(r)}\n`) } : {}),
    });
    const stop = (): void => {
      void llm.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.stdout.write(`${llm.url}\n`);
    return -1; // keep running
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`agentspec-scripted-llm: ${message}\n`);
    return 1;
  }
}

const code = await main();
if (code >= 0) process.exitCode = code;
