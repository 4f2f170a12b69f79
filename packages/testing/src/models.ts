import type { Rule } from './rules.js';

/** The model listed when no rule names one. */
export const DEFAULT_MODEL = 'scripted-model';

export interface ModelObject {
  readonly id: string;
  readonly object: 'model';
  readonly created: number;
  readonly owned_by: string;
}

/** The models `GET /v1/models` lists: those the rules name, else `scripted-model`. */
export function modelList(rules: readonly Rule[]): ModelObject[] {
  const names = [...new Set(rules.map((rule) => rule.match?.model).filter((m): m is string => m !== undefined))];
  return (names.length > 0 ? names : [DEFAULT_MODEL]).map((id) => ({ id, object: 'model', created: 0, owned_by: 'agentspec-scripted-llm' }));
}
