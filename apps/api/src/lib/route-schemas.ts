import { errorResponse } from '@cobranca/contracts';

/** Error responses every authenticated route can give, for the OpenAPI document. */
export const authErrors = { 401: errorResponse, 403: errorResponse } as const;
