/** The mini runtime's errors: a `code`, like RuntimeError (the runner only reads the code). */
export class MiniError extends Error {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
    this.name = 'MiniError';
  }
}
