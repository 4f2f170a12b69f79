import { UsageError } from '../io.js';

/**
 * A command-line mistake with a stable code (`conformance`, `init`): printed
 * as `agentspec: CODE: message`, exit code 2 (EXIT.USAGE) like every UsageError.
 */
export class CodedUsageError extends UsageError {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
    this.name = 'CodedUsageError';
  }
}
