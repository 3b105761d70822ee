import { z } from 'zod';
import { emailField, newPasswordField, personNameField } from './auth.ts';
import { ROLES, USER_STATUSES } from './roles.ts';

const CONFIRMACAO_DIFERENTE = 'A confirmação não confere com a senha.';
const confirmacaoDiferente = { message: CONFIRMACAO_DIFERENTE, path: ['password_confirmation'] };
const confirmacaoConfere = (body: { password?: string; password_confirmation?: string }) =>
  body.password === body.password_confirmation;

/** An account as admin screens list it (operators, and admins on the super admin screen). */
export const usuarioConta = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    created_at: z.iso.datetime(),
    last_login_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'UsuarioConta' });
export type UsuarioConta = z.infer<typeof usuarioConta>;

export const usuariosListQuery = z.object({
  busca: z.string().trim().max(120, 'A busca pode ter no máximo 120 caracteres.').optional(),
  status: z.enum(USER_STATUSES, { error: 'Status deve ser Ativo ou Bloqueado.' }).optional(),
});

/** Create an operator or admin: name, e-mail, password + confirmation (docs/produto.md §15). */
export const usuarioCreateBody = z
  .strictObject({
    name: personNameField,
    email: emailField,
    password: newPasswordField,
    password_confirmation: z.string({ error: 'Confirme a senha.' }),
  })
  .refine(confirmacaoConfere, confirmacaoDiferente);
export type UsuarioCreateBody = z.input<typeof usuarioCreateBody>;

/** Update: the fields to change, or password + confirmation (docs/produto.md §15). At least one field. */
export const usuarioUpdateBody = z
  .strictObject({
    name: personNameField.optional(),
    email: emailField.optional(),
    password: newPasswordField.optional(),
    password_confirmation: z.string().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Informe ao menos um campo para alterar.',
    path: ['body'],
  })
  .refine((body) => body.password === undefined || confirmacaoConfere(body), confirmacaoDiferente);

/** A password change on its own: the new password and its confirmation (a form of `usuarioUpdateBody`). */
export const novaSenhaBody = z
  .strictObject({
    password: newPasswordField,
    password_confirmation: z.string({ error: 'Confirme a senha.' }),
  })
  .refine(confirmacaoConfere, confirmacaoDiferente);
export type UsuarioUpdateBody = z.input<typeof usuarioUpdateBody>;

/**
 * "Gerar nova senha": the account and the temporary password the server generated, shown once to the
 * admin who hands it over; it is never stored in clear nor written to the audit trail.
 */
export const senhaTemporariaResponse = z
  .object({ usuario: usuarioConta, senha_temporaria: z.string() })
  .meta({ id: 'SenhaTemporaria' });
export type SenhaTemporariaResponse = z.infer<typeof senhaTemporariaResponse>;
