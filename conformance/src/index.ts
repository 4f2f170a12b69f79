// @agentspec/conformance — the shared conformance cases, the runner that
// drives every runtime through the Runnable contract, and the reporters.

// Running
export {
  collectCases, DEFAULT_CASES_DIR, defaultKnownGapsDir, knownGapProblems, matchesFilter, runConformance, runLoadedCase,
  type CaseContext, type CaseFilter, type LoadedCase, type Progress, type RunConformanceOptions,
} from './runner.js';
export { importToolsModule, toolsOf, ToolsModuleError, type ToolsModuleLoader } from './case-tools.js';
export { DEFAULT_CASE_TIMEOUT_MS, runCase, type RunCaseOptions } from './run-case.js';
export { runInvalidCase } from './run-invalid-case.js';
export type { CaseDifference, CaseOutcome, UnexpectedError } from './outcome.js';
export { RUNTIMES, type RuntimeRegistry } from './runtimes.js';
export { describeConformance, type DescribeConformanceOptions } from './vitest.js';
export { describeSecurityRules } from './vitest-security.js';

// Cases
export { CASE_TOOLS_FILES, CaseError, discoverCases, loadCase, loadInvalidCase, loadRunCase, type CaseEntry } from './case.js';
export {
  SERVER_NAMES, STATUS_NAMES,
  type AnyCase, type CaseRun, type CaseStep, type ConformanceCase, type ExpectedDiagnostic, type ExpectedLlmRequest,
  type ExpectedMessage, type ExpectedOfferedTool, type ExpectedToolCall, type InvalidCase, type ServerName,
  type StatusName, type StepAction, type StepExpectation,
} from './case-types.js';
export { caseTracesYaml, checkSpecAttributes, checkTrace, readCaseTraces, TRACE_FILE } from './case-traces.js';
export { readKnownGaps, type KnownGap, type KnownGaps } from './known-gaps.js';
export { LIBRARY_TOOL_NAMES, TOOL_LIBRARY, toolRegistry, type LibraryToolName } from './tool-library.js';
export { startLocalServers, type LocalServers } from './servers/local-servers.js';
export { substitute } from './servers/placeholders.js';

// Comparing
export { firstDifference, firstSubsetDifference, roundTrip, type Difference } from './compare.js';
export { checkStep, type StepOutcome } from './expectations.js';
export { checkLlmRequests } from './llm-requests.js';

// Reporting
export {
  exitCodeOf, reportOk, summarize, summaryLine,
  type CaseResult, type Report, type ReportCase, type ResultStatus, type RuntimeSummary,
} from './report.js';
export { formatReport, REPORT_FORMATS, REPORTERS, type FormatOptions, type ReportFormat } from './reporters/index.js';
export { formatText, type TextReportOptions } from './reporters/text.js';
export { formatMarkdown } from './reporters/markdown.js';
export { MATRIX_END, MATRIX_START, readmeMatrix, replaceReadmeMatrix } from './readme-matrix.js';
export { formatJson, toJsonReport, type JsonCaseEntry, type JsonReport } from './reporters/json.js';
export { formatJunit } from './reporters/junit.js';
