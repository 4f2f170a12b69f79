export { buildProgram, run } from './program.js';
export { EXIT } from './exit-codes.js';
export { processIo, UsageError, type Io } from './io.js';
export { validateCommand, type FileReport, type ValidateOptions } from './commands/validate.js';
export { convertCommand, type ConvertOptions } from './commands/convert.js';
export { conformanceCommand, type ConformanceOptions } from './commands/conformance.js';
