/**
 * One program of the corpus: `program.ts` (written the way Mastra's own
 * guides write it), `llm.yaml` (the scripted LLM both runs talk to) and this
 * description. tests/corpus.test.ts imports the export, validates the spec,
 * runs it on the reference runtime and the program on Mastra, and compares.
 */
export interface CorpusCase {
  readonly description: string;
  /** The export of program.ts to import: a workflow or an agent. */
  readonly export: string;
  /** Each run: a user message (agents) or the workflow's input. */
  readonly runs: readonly CorpusRun[];
  /** A partial match of the imported component (`${llm}` is the scripted LLM's server URL). */
  readonly component?: Readonly<Record<string, unknown>>;
  /** The codes of the import's warnings, in order: every construct the importer cannot express as it is. */
  readonly warnings: readonly string[];
}

export interface CorpusRun {
  readonly message?: string;
  readonly inputs?: Readonly<Record<string, unknown>>;
  /** A known difference between the native run and the spec's (snapshotted: both results as they are), and the warning that says why. */
  readonly differs?: { readonly because: string; readonly native: unknown; readonly spec: unknown };
}
