import type { ImportWarnings } from './import-warnings.js';

type SystemMessage = { role: 'system'; content: string; providerOptions?: unknown };

/** The system prompt of a ToolLoopAgent's `instructions`: a string, or the text of its system message(s). */
export function importInstructions(instructions: unknown, warnings: ImportWarnings): string {
  if (instructions === undefined) return '';
  if (typeof instructions === 'string') return instructions;
  const messages = (Array.isArray(instructions) ? instructions : [instructions]) as SystemMessage[];
  if (messages.some((m) => m.providerOptions !== undefined)) {
    warnings.add('AISDK_INSTRUCTIONS', 'instructions', 'provider options of the instructions are not represented');
  }
  if (messages.length > 1) warnings.add('AISDK_INSTRUCTIONS', 'instructions', `${messages.length} system messages are joined into one system prompt`);
  return messages.map((m) => m.content).join('\n\n');
}
