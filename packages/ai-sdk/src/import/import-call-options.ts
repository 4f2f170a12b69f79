import type { Property } from '@agentspec/core';
import { asSchema } from 'ai';
import type { ImportWarnings } from './import-warnings.js';

type Settings = Readonly<Record<string, unknown>>;

/** What a ToolLoopAgent's `prepareCall` gives for placeholder call options: the system prompt template and the agent's inputs. */
export interface CallOptions {
  readonly systemPrompt: string;
  readonly inputs: readonly Property[];
}

/** Settings prepareCall is given and may return (the instructions aside): a returned one that is not the given one changed. */
const PREPARED = ['model', 'tools', 'toolChoice', 'maxOutputTokens', 'temperature', 'topP', 'topK', 'presencePenalty', 'frequencyPenalty', 'stopSequences', 'seed', 'stopWhen', 'activeTools', 'toolApproval', 'providerOptions'];

const instructionText = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Call options (`callOptionsSchema` + `prepareCall`): prepareCall is called
 * with `{{name}}` for each option; what it writes into the instructions
 * becomes placeholders of the system prompt, the options used there the
 * agent's inputs. Anything else it changes is reported; a prepareCall that
 * throws on placeholders is reported and the static settings are kept.
 */
export async function importCallOptions(settings: Settings, warnings: ImportWarnings): Promise<CallOptions | undefined> {
  const prepare = settings.prepareCall as ((o: Record<string, unknown>) => unknown) | undefined;
  if (typeof prepare !== 'function') return undefined;
  const schema = settings.callOptionsSchema === undefined ? undefined : (await asSchema(settings.callOptionsSchema as Parameters<typeof asSchema>[0]).jsonSchema) as { properties?: Record<string, Record<string, unknown>> };
  const props = Object.entries(schema?.properties ?? {});
  const options = Object.fromEntries(props.map(([name]) => [name, `{{${name}}}`]));
  let prepared: Settings;
  try {
    prepared = (await prepare({ ...settings, options, prompt: '' })) as Settings;
  } catch (e) {
    warnings.add('AISDK_PREPARE_CALL', 'prepareCall', `it threw on placeholder call options (${(e as Error).message?.split('\n')[0] ?? e}): the static settings are imported`);
    return undefined;
  }
  const changed = PREPARED.filter((k) => Object.hasOwn(prepared, k) && prepared[k] !== settings[k]);
  if (changed.length > 0) warnings.add('AISDK_PREPARE_CALL', 'prepareCall', `it changes ${changed.join(', ')} per call: left out (the static ${changed.length > 1 ? 'ones are' : 'one is'} imported)`);
  const systemPrompt = instructionText(prepared.instructions) ?? instructionText(settings.instructions) ?? '';
  const used = props.filter(([name]) => systemPrompt.includes(`{{${name}}}`));
  const unused = props.filter(([name]) => !systemPrompt.includes(`{{${name}}}`)).map(([name]) => name);
  if (unused.length > 0) warnings.add('AISDK_PREPARE_CALL', 'prepareCall', `call option${unused.length > 1 ? 's' : ''} ${unused.map((n) => `'${n}'`).join(', ')} ${unused.length > 1 ? 'do' : 'does'} not reach the instructions: left out`);
  if (used.length > 0) {
    warnings.add('AISDK_CALL_OPTIONS', 'prepareCall', `call option${used.length > 1 ? 's' : ''} ${used.map(([n]) => `'${n}'`).join(', ')} ${used.length > 1 ? 'are' : 'is'} the agent's input${used.length > 1 ? 's' : ''}, written into the system prompt as ${used.map(([n]) => `{{${n}}}`).join(', ')}`);
  } else if (systemPrompt !== (instructionText(settings.instructions) ?? '')) {
    warnings.add('AISDK_PREPARE_CALL', 'prepareCall', 'it computes the instructions per call: imported as computed once, at import');
  }
  return { systemPrompt, inputs: used.map(([title, p]) => ({ ...p, title }) as Property) };
}
