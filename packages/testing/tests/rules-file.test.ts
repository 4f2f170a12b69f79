import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RulesError, loadRulesFile, parseConfig, parseRules, parseRulesText, startScriptedLlm } from '../src/index.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scripted-llm-rules-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const problems = (fn: () => unknown): readonly string[] => {
  try {
    fn();
  } catch (error) {
    if (error instanceof RulesError) return error.problems;
    throw error;
  }
  throw new Error('expected a RulesError');
};

describe('parseRules', () => {
  it('accepts every answer kind', () => {
    const rules = [
      { answer: { text: 'a', delayMs: 5, usage: { promptTokens: 1 }, finishReason: 'length' } },
      { answer: { toolCalls: [{ name: 't', arguments: { a: 1 }, id: 'call_1' }], text: 'b' } },
      { answer: { structured: { a: 1 } } },
      { answer: { error: { status: 503, message: 'down', headers: { 'retry-after': '1' } }, delayMs: 1 } },
      { answer: { malformed: 'sse', text: 'x' } },
      { answer: { sequence: [{ text: 'a' }, { error: { status: 500 } }] } },
    ];
    expect(parseRules(rules)).toBe(rules);
  });

  it('lists every problem with its path', () => {
    expect(problems(() => parseRules([
      { match: { lastMesage: 'typo', regex: '(' }, answer: { text: 1 } },
      { answer: { text: 'a', structured: {} } },
      { times: -1, answer: { error: { status: 200 } } },
      { answer: { sequence: [{ sequence: [{ text: 'a' }] }] } },
      { match: { lastToolResult: { name: 'x' } } },
    ]))).toEqual([
      'rules[0].match.lastMesage is not a known key (expected one of lastMessage, lastUserMessage, systemPromptContains, regex, lastToolResult, model, hasTools, toolOffered, endpoint, times)',
      expect.stringMatching(/^rules\[0\]\.match\.regex is not a valid regular expression/),
      'rules[0].answer.text must be a string',
      'rules[1].answer must have exactly one of text, toolCalls, structured, error, malformed, sequence (text may go with toolCalls)',
      'rules[2].times must be a whole number >= 0',
      'rules[2].answer.error.status must be an HTTP error status (400-599)',
      'rules[3].answer.sequence[0].sequence cannot be nested in another sequence',
      'rules[4].match.lastToolResult must be { tool: string, contains?: string }',
      'rules[4].match.lastToolResult.name is not a known key (expected one of tool, contains)',
      'rules[4].answer is required',
    ]);
  });

  it('is what startScriptedLlm and setRules use', async () => {
    await expect(startScriptedLlm([{ answer: { txt: 'x' } } as never])).rejects.toBeInstanceOf(RulesError);
    const llm = await startScriptedLlm([]);
    try {
      expect(() => llm.setRules([{ answer: {} } as never])).toThrow(/rules\[0\]\.answer must have exactly one/);
    } finally {
      await llm.close();
    }
  });
});

describe('rules files', () => {
  it('parse YAML with options, regexes as strings', async () => {
    const file = join(dir, 'rules.yaml');
    await writeFile(file, [
      'strict: true',
      'port: 0',
      'defaultAnswer: { text: fallback }',
      'rules:',
      '  - name: order',
      '    match: { regex: "^order #\\\\d+$" }',
      '    answer: { text: noted }',
    ].join('\n'));
    const config = await loadRulesFile(file);
    expect(config).toEqual({
      strict: true,
      port: 0,
      defaultAnswer: { text: 'fallback' },
      rules: [{ name: 'order', match: { regex: '^order #\\d+$' }, answer: { text: 'noted' } }],
    });
  });

  it('parse JSON, and a bare list of rules', async () => {
    const file = join(dir, 'rules.json');
    await writeFile(file, JSON.stringify([{ answer: { text: 'hi' } }]));
    expect(await loadRulesFile(file)).toEqual({ rules: [{ answer: { text: 'hi' } }] });
  });

  it('report bad files with the file name', () => {
    expect(() => parseRulesText('rules: [', 'x.yaml')).toThrow(/Invalid scripted LLM rules in x\.yaml:\n {2}- not valid YAML or JSON/);
    expect(problems(() => parseConfig({ rule: [], strict: 'yes' }))).toEqual([
      '(top level).rule is not a known key (expected one of rules, strict, defaultAnswer, port, host)',
      'rules is required',
      'strict must be a boolean',
    ]);
    expect(problems(() => parseConfig('just text'))).toEqual(['the script must be a list of rules or an object with "rules"']);
  });
});
