import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `agentspec conformance` as a user runs it on their own project: the built bin (needs `pnpm build`), spawned
// in a folder outside this repository, on the project's spec, cases and TypeScript tools module.
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

const SPEC = `component_type: Agent
id: forecaster
name: Forecaster
system_prompt: Answer with the forecast.
llm_config: { component_type: OpenAiCompatibleConfig, id: llm, name: llm, model_id: scripted-model, url: "http://127.0.0.1:9" }
tools:
  - component_type: ServerTool
    id: get_forecast
    name: get_forecast
    inputs: [{ title: city, type: string }]
    outputs: [{ title: forecast, type: string }]
agentspec_version: 25.4.1
`;
const TOOLS = `// The project's ServerTool implementations (TypeScript, loaded without a build step).
export const tools = {
  get_forecast: ({ city }: Record<string, unknown>): string => \`rain in \${String(city)}\`,
};
`;
const caseYaml = (spec: string, forecast: string) => `description: The forecast tool answers for Oslo.
spec: ${spec}
llm:
  rules:
    - match: { lastToolResult: { tool: get_forecast } }
      answer: { text: "Take an umbrella." }
    - match: { lastUserMessage: { contains: Oslo } }
      answer: { toolCalls: [{ name: get_forecast, arguments: { city: Oslo } }] }
runs:
  - steps:
      - user: "Weather in Oslo?"
        expect:
          status: user_input
          messages:
            - { role: user }
            - { role: assistant, toolCalls: [{ name: get_forecast, args: { city: Oslo } }] }
            - { role: tool, content: "${forecast}" }
            - { role: assistant, content: "Take an umbrella." }
`;

const roots: string[] = [];
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A user's project in a fresh temporary folder (outside the workspace); returns its root. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'agentspec-project-'));
  roots.push(root);
  for (const [path, text] of Object.entries({ 'agent.yaml': SPEC, ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function agentspec(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');

describe('agentspec conformance on a project of its own (process level)', () => {
  it('runs its cases with --tools and writes two reports in one run', () => {
    const root = project({ 'tools.ts': TOOLS, 'conformance/cases/weather/oslo/case.yaml': caseYaml('../../../../agent.yaml', 'rain in Oslo') });
    const r = agentspec(root, 'conformance', '--cases', 'conformance/cases', '--tools', 'tools.ts', '--runtimes', 'reference',
      '--report', 'md:reports/conformance.md', '--report', 'junit:reports/conformance.xml');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('reference: 1 passed, 0 failed, 0 known gaps');
    expect(read(root, 'reports/conformance.md')).toContain('| `weather/oslo` | ✓ |');
    expect(read(root, 'reports/conformance.xml')).toContain('<testsuite name="reference" tests="1" failures="0" errors="0"');
  });

  it("uses a case's own tools module (tools.ts beside case.yaml, or toolsModule:), with the text report on stdout", () => {
    const root = project({
      'conformance/cases/weather/oslo/case.yaml': caseYaml('../../../../agent.yaml', 'rain in Oslo'),
      'conformance/cases/weather/oslo/tools.ts': TOOLS,
      'conformance/cases/weather/named/case.yaml': `${caseYaml('../../../../agent.yaml', 'snow in Oslo')}toolsModule: ../../../../lib/snow.mjs\n`,
      'lib/snow.mjs': 'export default { get_forecast: ({ city }) => `snow in ${city}` };\n',
    });
    const r = agentspec(root, 'conformance', '--cases', 'conformance/cases', '--runtimes', 'reference', '--report', 'text', '--report', 'json:out.json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('reference: 2 passed, 0 failed, 0 known gaps');
    expect(JSON.parse(read(root, 'out.json'))).toMatchObject({ ok: true, runtimes: [{ name: 'reference', summary: { passed: 2 } }] });
  });

  it('exits 1 when a case fails, with the difference in the reports', () => {
    const root = project({ 'tools.ts': TOOLS, 'cases/oslo/case.yaml': caseYaml('../../agent.yaml', 'sun in Oslo') });
    const r = agentspec(root, 'conformance', '--cases', 'cases', '--tools', 'tools.ts', '--runtimes', 'reference',
      '--report', 'text', '--report', 'junit:conformance.xml');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('reference: 0 passed, 1 failed, 0 known gaps');
    expect(read(root, 'conformance.xml')).toMatch(/<failure[^>]*>[^<]*sun in Oslo/);
  });

  it('exits 1 with AS_MISSING_TOOL when nobody gives the tool, and names a case module that does not load', () => {
    const root = project({ 'cases/oslo/case.yaml': caseYaml('../../agent.yaml', 'rain in Oslo') });
    const missing = agentspec(root, 'conformance', '--cases', 'cases', '--runtimes', 'reference', '--report', 'json');
    expect(missing.code).toBe(1);
    expect(JSON.stringify(JSON.parse(missing.stdout))).toContain('AS_MISSING_TOOL');
    writeFileSync(join(root, 'cases/oslo/tools.ts'), 'export const tools = {');
    const broken = agentspec(root, 'conformance', '--cases', 'cases/oslo', '--runtimes', 'reference');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('AS_CASE_TOOLS_MODULE');
  });

  it('is a coded usage error (exit 2) for a --tools module that does not load and for reports that clash, before running', () => {
    const root = project({ 'cases/oslo/case.yaml': caseYaml('../../agent.yaml', 'rain in Oslo') });
    const cases = ['conformance', '--cases', 'cases', '--runtimes', 'reference'];
    const noTools = agentspec(root, ...cases, '--tools', 'missing.ts');
    expect(noTools.code).toBe(2);
    expect(noTools.stderr).toMatch(/^agentspec: error AS_(FILE_NOT_FOUND|MODULE_LOAD): .*missing\.ts/m);
    const twoOnStdout = agentspec(root, ...cases, '--report', 'md', '--report', 'json');
    expect(twoOnStdout.code).toBe(2);
    expect(twoOnStdout.stderr).toContain('AS_BAD_OPTION: only one report can go to stdout (md, json)');
    const outAndMany = agentspec(root, ...cases, '--report', 'md:a.md', '--report', 'junit', '--out', 'b.xml');
    expect(outAndMany.code).toBe(2);
    expect(outAndMany.stderr).toContain('AS_BAD_OPTION: --out goes with one --report FORMAT');
    expect(existsSync(join(root, 'a.md'))).toBe(false);
  });

  it('keeps the older --report FORMAT --out FILE form', () => {
    const root = project({ 'tools.ts': TOOLS, 'cases/oslo/case.yaml': caseYaml('../../agent.yaml', 'rain in Oslo') });
    const r = agentspec(root, 'conformance', '--cases', 'cases', '--tools', './tools.ts', '--runtimes', 'reference', '--report', 'md', '--out', 'x.md');
    expect(r.code, r.stderr).toBe(0);
    expect(read(root, 'x.md')).toContain('| `oslo` | ✓ |');
  });
});
