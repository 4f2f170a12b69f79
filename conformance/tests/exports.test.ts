import { describe, expect, it } from 'vitest';
import * as conformance from '../src/index.js';

describe('@agentspec/conformance exports', () => {
  it('has exactly this public surface', () => {
    expect(Object.keys(conformance).sort()).toEqual([
      'CASE_TOOLS_FILES', 'CaseError', 'DEFAULT_CASES_DIR', 'DEFAULT_CASE_TIMEOUT_MS', 'LIBRARY_TOOL_NAMES', 'MATRIX_END', 'MATRIX_START', 'REPORTERS', 'REPORT_FORMATS', 'RUNTIMES',
      'SERVER_NAMES', 'STATUS_NAMES', 'TOOL_LIBRARY', 'TRACE_FILE', 'ToolsModuleError', 'caseTracesYaml', 'checkLlmRequests', 'checkSpecAttributes', 'checkStep', 'checkTrace', 'collectCases', 'defaultKnownGapsDir',
      'describeConformance', 'describeSecurityRules', 'discoverCases', 'exitCodeOf', 'firstDifference', 'firstSubsetDifference', 'formatJson', 'formatJunit',
      'formatMarkdown', 'formatReport', 'formatText', 'importToolsModule', 'knownGapProblems', 'loadCase', 'loadInvalidCase', 'loadRunCase',
      'matchesFilter', 'readCaseTraces', 'readKnownGaps', 'readmeMatrix', 'replaceReadmeMatrix', 'reportOk', 'roundTrip', 'runCase', 'runConformance', 'runInvalidCase', 'runLoadedCase',
      'startLocalServers', 'substitute', 'summarize', 'summaryLine', 'toJsonReport', 'toolRegistry', 'toolsOf',
    ]);
  });

  it('registers every runtime by name, and finds the shipped cases', () => {
    expect(Object.keys(conformance.RUNTIMES)).toEqual(['reference', 'langgraph', 'ai-sdk', 'openai-agents', 'mastra']);
    expect(conformance.DEFAULT_CASES_DIR).toMatch(/conformance[/\\]cases$/);
    expect(conformance.discoverCases(conformance.DEFAULT_CASES_DIR).some((c) => c.kind === 'invalid')).toBe(true);
  });
});
