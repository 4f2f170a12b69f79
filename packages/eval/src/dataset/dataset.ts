import { createHash } from 'node:crypto';
import type { Rule } from '@agentspec/testing';

/** One tool call an item expects the agent to make (`args` omitted: any arguments). */
export interface ExpectedToolCall {
  readonly tool: string;
  readonly args?: Readonly<Record<string, unknown>>;
}

/**
 * One sample of a dataset: what the agent is given (flow/agent inputs, user
 * messages), what it should produce (an answer, a tool trajectory), and, for
 * offline runs, the scripted LLM's rules for this item.
 */
export interface EvalItem {
  /** Unique in its dataset (default: the item's 0-based position). */
  readonly id: string;
  /** Inputs of the spec (a flow's or an agent's inputs). */
  readonly inputs?: Readonly<Record<string, unknown>>;
  /** User messages, in order: the first before the first run, each next one when the agent waits for the user. */
  readonly messages?: readonly string[];
  /** The expected answer (text, a number, an object of outputs, a gold SQL query…), as the metrics read it. */
  readonly expected?: unknown;
  /** The tool calls the agent should make, in order. */
  readonly trajectory?: readonly ExpectedToolCall[];
  /** Scripted LLM rules for this item (the format of @agentspec/testing), used by offline runs before the dataset's. */
  readonly scripted?: readonly Rule[];
  /** Rules for repeat r: `scriptedByRepeat[r % length]`, put before `scripted` (how an offline run varies between repeats). */
  readonly scriptedByRepeat?: readonly (readonly Rule[])[];
  /** Results of ClientTool calls by tool name (a ClientTool with no entry gets `null`). */
  readonly toolResults?: Readonly<Record<string, unknown>>;
  /** An SQLite database for this item's SQL metric (default: the dataset's). */
  readonly database?: string;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export interface Dataset {
  readonly name: string;
  readonly items: readonly EvalItem[];
  /** The folder relative paths of the dataset are resolved against (its file's folder). */
  readonly dir?: string;
  /** The SQLite database the SQL metric runs queries on (an absolute path once loaded from a file). */
  readonly database?: string;
  /** Scripted LLM rules of every item, after each item's own. */
  readonly scripted?: readonly Rule[];
  /** A hash of the items: a results file is resumed only for the same dataset. */
  readonly hash: string;
}

/** A hash of a dataset's items (what a results file is checked against before resuming). */
export function datasetHash(items: readonly EvalItem[]): string {
  return createHash('sha256').update(JSON.stringify(items)).digest('hex').slice(0, 16);
}
