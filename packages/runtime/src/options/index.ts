export { checkOptions, OptionsError } from './check-options.js';
export { closestKey, describeRule, type OptionRule, type OptionShape } from './option-rules.js';
export { checkLoadOptions, checkRuntimeOptions, LOAD_OPTIONS } from './runtime-options.js';
