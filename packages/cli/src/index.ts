export { buildProgram, run } from './program.js';
export { EXIT } from './exit-codes.js';
export { processIo, UsageError, type Io } from './io.js';
export { validateCommand, type FileReport, type ValidateOptions } from './commands/validate.js';
export { convertCommand, type ConvertOptions } from './commands/convert.js';
export { conformanceCommand, type ConformanceOptions } from './commands/conformance.js';
export { graphCommand, type GraphOptions } from './commands/graph.js';
export { agentGraph, componentGraph, flowGraph, type PlainGraph } from './graph/flow-graph.js';
export { toDot, toMermaid } from './graph/render.js';
