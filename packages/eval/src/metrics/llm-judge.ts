import type { LlmConfig } from '@agentspec/core';
import { openAiChatBackend, type LlmBackend, type LlmOptions } from '@agentspec/runtime';
import { asText, type Metric } from './metric.js';

export interface LlmJudgeOptions {
  /** The judge's LLM config (any Agent Spec LLM config component). */
  readonly llm: LlmConfig;
  /** What a good answer is; the judge scores against it. */
  readonly rubric: string;
  /** Where the judge's requests go (`override` for a local or scripted endpoint), its key, timeout and retries. */
  readonly llmOptions?: LlmOptions;
  /** Pass: score ≥ threshold (default 0.5). */
  readonly threshold?: number;
  readonly name?: string;
  /** A backend other than the runtime's OpenAI-compatible one (tests, other providers). */
  readonly backend?: LlmBackend;
}

const VERDICT = {
  name: 'verdict',
  schema: {
    type: 'object',
    properties: { score: { type: 'number', minimum: 0, maximum: 1 }, reason: { type: 'string' } },
    required: ['score', 'reason'],
    additionalProperties: false,
  },
};

/** The judge's prompt for one run: the rubric, the task, the reference answer when there is one, the answer. */
export function judgePrompt(rubric: string, task: string, expected: unknown, answer: unknown): string {
  return [
    'You grade the answer of an AI assistant. Reply with a JSON object {"score": number from 0 to 1, "reason": "one sentence"}.',
    `Rubric:\n${rubric}`,
    `Task:\n${task}`,
    ...(expected === undefined ? [] : [`Reference answer:\n${asText(expected)}`]),
    `Answer to grade:\n${asText(answer)}`,
  ].join('\n\n');
}

/**
 * `llm_judge`: an LLM grades the answer against a rubric (LLM-as-judge),
 * through the runtime's OpenAI-compatible backend (so any LLM config, its
 * retry policy and `llm.override` apply), asking for structured output
 * `{ score, reason }`. A reply that is not such an object is a metric error.
 */
export function llmJudgeMetric(options: LlmJudgeOptions): Metric {
  const backend = options.backend ?? openAiChatBackend(options.llmOptions ?? {});
  const threshold = options.threshold ?? 0.5;
  return {
    name: options.name ?? 'llm_judge',
    async score({ item, run }) {
      const task = [...(item.messages ?? []), ...(item.inputs ? [JSON.stringify(item.inputs)] : [])].join('\n');
      const response = await backend.generate({
        config: options.llm,
        messages: [{ role: 'user', content: judgePrompt(options.rubric, task, item.expected, run.answer) }],
        outputSchema: VERDICT,
        params: {},
      });
      let verdict: { score?: unknown; reason?: unknown };
      try {
        verdict = JSON.parse(response.text) as typeof verdict;
      } catch {
        throw new Error(`the judge did not answer JSON: ${response.text.slice(0, 200)}`);
      }
      if (typeof verdict.score !== 'number' || verdict.score < 0 || verdict.score > 1) throw new Error(`the judge's score is not a number in [0, 1]: ${response.text.slice(0, 200)}`);
      return { score: verdict.score, pass: verdict.score >= threshold, details: { reason: String(verdict.reason ?? ''), judge: options.llm.name } };
    },
  };
}
