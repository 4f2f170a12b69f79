/**
 * One program of the corpus: `program.ts` (written the way the AI SDK's own
 * docs write it), `llm.yaml` (the scripted LLM both runs talk to) and this
 * description. tests/corpus.test.ts imports the export (a ToolLoopAgent, the
 * settings a generateText / streamText / generateObject call spreads, or a
 * function making such a call inline) — or, for a script calling the AI SDK
 * at its top level, the program itself (importAiSdkModule) —,
 * validates the spec, runs it on the reference runtime and the program's own
 * function natively, and compares.
 */
export interface CorpusCase {
  readonly description: string;
  /** The export of program.ts to import (none for a `topLevel` program). */
  readonly export?: string;
  /** The export of program.ts that runs the program natively: `(message, options?) => Promise<text | object>`, or a route handler (`route`). */
  readonly native?: string;
  /** program.ts calls the AI SDK at its top level: imported with importAiSdkModule, run natively as `node program.ts` (what it prints is the answer; its prompt is the run's message). */
  readonly topLevel?: boolean;
  /** The native export is a chat route handler, `POST(req: Request)`: it is sent `{ messages }` (UI messages) and its UI message stream read for the text. */
  readonly route?: boolean;
  readonly runs: readonly CorpusRun[];
  /** A partial match of the imported component (`${llm}` is the scripted LLM's server URL). */
  readonly component?: Readonly<Record<string, unknown>>;
  /** The codes of the import's warnings, in order: every construct the importer cannot express as it is. */
  readonly warnings: readonly string[];
}

export interface CorpusRun {
  readonly message: string;
  /** Call options (native) and the agent's inputs (spec). */
  readonly options?: Readonly<Record<string, unknown>>;
}
