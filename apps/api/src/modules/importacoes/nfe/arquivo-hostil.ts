/**
 * An upload that must be refused as a whole (XXE, entity expansion, zip bomb, path traversal): the
 * route answers 422 and writes nothing.
 */
export class ArquivoHostilError extends Error {
  constructor(
    readonly arquivo: string,
    message: string,
  ) {
    super(message);
    this.name = 'ArquivoHostilError';
  }
}
