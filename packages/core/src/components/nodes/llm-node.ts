import { comp, NODE_FIELDS, str } from '../../model/fields.js';
import type { LlmNode } from '../../model/types.js';
import { placeholdersIn } from '../../semantics/placeholders.js';
import { stringProperty } from '../../semantics/properties.js';
import { checkBranches, checkTemplate, NEXT_ONLY } from '../io-checks.js';
import { props, type ComponentHandler } from '../handler.js';

/** Output name of an LlmNode that declares none (same as the Python reference). */
export const LLM_NODE_DEFAULT_OUTPUT = 'generated_text';

export const llmNode: ComponentHandler = {
  type: 'LlmNode',
  summary: 'Renders prompt_template with its inputs and asks the LLM; one string output is the text, several are structured output.',
  fields: [...NODE_FIELDS, { name: 'llm_config', type: comp('LlmConfig'), required: true }, { name: 'prompt_template', type: str, required: true }],
  infer(d) {
    d.inputs ??= placeholdersIn(String(d.prompt_template ?? '')).map((n) => stringProperty(n));
    d.outputs ??= [stringProperty(LLM_NODE_DEFAULT_OUTPUT)];
    d.branches ??= ['next'];
  },
  check(c, ctx) {
    const n = c as LlmNode;
    checkTemplate(ctx, n, 'prompt_template', n.prompt_template, props(n.inputs));
    checkBranches(ctx, n, n.branches, NEXT_ONLY);
  },
};
