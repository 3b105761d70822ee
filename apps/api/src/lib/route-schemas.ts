import { errorResponse, validationErrorResponse } from '@cobranca/contracts';

/** Error responses every authenticated route can give, for the OpenAPI document. */
export const authErrors = { 401: errorResponse, 403: errorResponse } as const;

/**
 * What an action on one customer can answer besides success: not found (or another operator's), a
 * conflict with its state (docs/produto.md §4), invalid data.
 */
export const acaoErrors = {
  404: errorResponse,
  409: errorResponse,
  422: validationErrorResponse,
  ...authErrors,
} as const;
