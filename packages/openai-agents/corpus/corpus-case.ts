/**
 * One program of the corpus: `program.ts` (written the way the OpenAI Agents
 * SDK's own guides write it), `llm.yaml` (the scripted LLM both runs talk to)
 * and this description. tests/corpus.test.ts imports the export, validates
 * the spec, runs it on the reference runtime and the program with the SDK's
 * `run()`, and compares (every approval asked for is approved on both sides;
 * a tripped input guardrail — the SDK throws InputGuardrailTripwireTriggered —
 * is the spec's flow finishing on `guardrail_tripped`, naming the guardrail).
 */
export interface CorpusCase {
  readonly description: string;
  /** The export of program.ts to import: an agent. */
  readonly export: string;
  /** Each run: a user message. */
  readonly runs: readonly CorpusRun[];
  /** A partial match of the imported component (`${llm}` is the scripted LLM's server URL). */
  readonly component?: Readonly<Record<string, unknown>>;
  /**
   * How many input guardrails the spec runs as AgentNodes before the agent
   * (OAI_GUARDRAIL_FLOW): each one's submission ('Result submitted.') is in the
   * conversation the agent then sees, ahead of its own tool results.
   */
  readonly guardrails?: number;
  /** The codes of the import's warnings, in order: every construct the importer cannot express as it is. */
  readonly warnings: readonly string[];
}

export interface CorpusRun {
  readonly message: string;
  /** The input guardrail this message trips (the SDK's run throws; the spec finishes on `guardrail_tripped`). */
  readonly trips?: string;
  /** A known difference between the native run and the spec's (snapshotted: both results as they are), and the warning that says why. */
  readonly differs?: { readonly because: string; readonly native: unknown; readonly spec: unknown };
}
