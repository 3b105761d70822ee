export type FieldErrors = Record<string, string[]>;

/** A domain failure with the HTTP status it maps to; the central error handler renders it. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'Não autenticado. Faça login novamente.') =>
  new AppError(401, message);
export const forbidden = (message = 'Você não tem permissão para acessar este recurso.') =>
  new AppError(403, message);
export const notFound = (message = 'Registro não encontrado.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const unprocessable = (message: string, errors: FieldErrors = {}) =>
  new AppError(422, message, errors);
export const tooManyRequests = (message: string) => new AppError(429, message);

export const VALIDATION_MESSAGE = 'Os dados enviados são inválidos.';
