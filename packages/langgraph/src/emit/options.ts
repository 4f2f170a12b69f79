import type { EmittedModule } from '@agentspec/runtime';
import type { CompileWarning } from '../compile/options.js';

export type { EmitOptions } from '@agentspec/runtime';

/** What {@link emitLangGraph} returns: the module's text (exporting `build(options)` and `BuildOptions`), and what of the spec it does not carry over exactly. */
export type EmitResult = EmittedModule<CompileWarning>;
