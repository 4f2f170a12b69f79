import type { LlmConfig } from '@agentspec/core';
import { RuntimeError, resolveEndpoint, type LlmOptions } from '@agentspec/runtime';

export { resolveEndpoint, type LlmOptions };

/** The load error of a config this runtime cannot reach (OCI Generative AI without `llm.override`). */
export function unsupportedLlmConfig(config: LlmConfig): RuntimeError {
  return new RuntimeError('AS_UNSUPPORTED', `${config.component_type} '${config.id}' is not supported by the AI SDK runtime`, { llm: config.id }, {
    hint: 'OCI Generative AI needs the OCI provider package, which is not available; point it elsewhere with llm.override',
  });
}
