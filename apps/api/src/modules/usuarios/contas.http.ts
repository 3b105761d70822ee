import {
  errorResponse,
  paged,
  pageQuery,
  usuarioConta,
  usuariosListQuery,
  validationErrorResponse,
} from '@cobranca/contracts';
import { authErrors } from '../../lib/route-schemas.ts';

// What the account routes of the admin and super admin areas share, so both declare the same contract.

/** `?page=&busca=&status=` of an account list. */
export const contasListQuery = pageQuery.extend(usuariosListQuery.shape);

export const contasListResponses = { 200: paged(usuarioConta), 422: validationErrorResponse, ...authErrors };
export const contaCreateResponses = { 201: usuarioConta, 422: validationErrorResponse, ...authErrors };
export const contaResponses = {
  200: usuarioConta,
  404: errorResponse,
  422: validationErrorResponse,
  ...authErrors,
};
export const contaStatusResponses = { ...contaResponses, 409: errorResponse };
