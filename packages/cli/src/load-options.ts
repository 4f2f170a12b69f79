import type { LoadOptions } from '@agentspec/core';
import { readInput, type Io } from './io.js';

/** What a command's `--referenced` and `--components` name. */
export interface ComponentFiles {
  readonly referenced?: string;
  readonly components?: string;
}

/**
 * Load options from the companion files of a disaggregated document:
 * `--referenced` a document of `$referenced_components`; `--components` the
 * component registry of Oracle's how-tos: such a document too, or an object
 * of values and components by id (`"llm_config.api_key": "…"`).
 */
export function componentFileOptions(io: Io, files: ComponentFiles): Pick<LoadOptions, 'referenced' | 'components'> {
  return {
    ...(files.referenced ? { referenced: readInput(io, files.referenced) } : {}),
    ...(files.components ? { components: readInput(io, files.components) } : {}),
  };
}
