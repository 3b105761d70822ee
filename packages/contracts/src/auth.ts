import { z } from 'zod';
import { ROLES } from './roles.ts';

export const emailField = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .min(1, 'Informe o e-mail.')
  .max(254, 'O e-mail pode ter no máximo 254 caracteres.')
  .pipe(z.email('Informe um e-mail válido.'))
  .transform((email) => email.toLowerCase());

/** Password policy for new or changed passwords: 8+ characters with letters and digits. */
export const newPasswordField = z
  .string({ error: 'Informe a senha.' })
  .min(8, 'A senha deve ter pelo menos 8 caracteres.')
  .max(128, 'A senha pode ter no máximo 128 caracteres.')
  .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), 'A senha deve conter letras e números.');

export const personNameField = z
  .string({ error: 'Informe o nome.' })
  .trim()
  .min(2, 'O nome deve ter pelo menos 2 caracteres.')
  .max(120, 'O nome pode ter no máximo 120 caracteres.');

export const loginBody = z.strictObject({
  email: emailField,
  password: z
    .string({ error: 'Informe a senha.' })
    .min(1, 'Informe a senha.')
    .max(256, 'A senha pode ter no máximo 256 caracteres.'),
});
export type LoginBody = z.input<typeof loginBody>;

const sessionUser = z
  .object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.enum(ROLES) })
  .meta({ id: 'UsuarioSessao' });
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  token: z.string(),
  expires_at: z.iso.datetime(),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const meResponse = sessionUser;
