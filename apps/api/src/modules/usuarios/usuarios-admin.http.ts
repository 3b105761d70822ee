import {
  errorResponse,
  paged,
  pageQuery,
  senhaTemporariaResponse,
  usuarioConta,
  usuariosListQuery,
  validationErrorResponse,
} from '@cobranca/contracts';
import { authErrors } from '../../lib/route-schemas.ts';

// What the account routes of the admin and super admin areas share, so both declare the same contract.

/** `?page=&busca=&status=` of an account list. */
export const usuariosAdminListQuery = pageQuery.extend(usuariosListQuery.shape);

export const usuariosListResponses = {
  200: paged(usuarioConta),
  422: validationErrorResponse,
  ...authErrors,
};
export const usuarioCreateResponses = { 201: usuarioConta, 422: validationErrorResponse, ...authErrors };
export const usuarioResponses = {
  200: usuarioConta,
  404: errorResponse,
  422: validationErrorResponse,
  ...authErrors,
};
export const usuarioStatusResponses = { ...usuarioResponses, 409: errorResponse };
export const senhaTemporariaResponses = { ...usuarioResponses, 200: senhaTemporariaResponse };
