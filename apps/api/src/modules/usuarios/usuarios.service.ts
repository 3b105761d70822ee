import { ROLE_LABELS, type Role } from '@cobranca/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { erroDeCampo } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { hashPassword } from './password.ts';
import { buscarUsuarioPorEmail, inserirUsuario, type UsuarioRow } from './usuarios.repository.ts';

export type NovoUsuario = { name: string; email: string; password: string; role: Role };

export const EMAIL_EM_USO = 'Este e-mail já está em uso.';
export const emailEmUso = () => erroDeCampo('EMAIL_EM_USO', 'email', EMAIL_EM_USO);

/**
 * Creates an account (CLI, demo seed, admin screens) with its audit entry; a taken e-mail is a 422.
 * The admin screens pass their own `acao` ('operador.criado', 'admin.criado').
 */
export const criarUsuario = async (
  db: DbOrTx,
  input: NovoUsuario,
  ator: Ator<number | null>,
  acao = 'usuario.criado',
): Promise<UsuarioRow> => {
  if (await buscarUsuarioPorEmail(db, input.email)) throw emailEmUso();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const usuario = await inserirUsuario(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        role: input.role,
      });
      await registrarAuditoria(tx, {
        usuarioId: ator.usuarioId,
        acao,
        descricao: `${ROLE_LABELS[input.role]} ${usuario.name} criado`,
        entidade: 'usuario',
        entidadeId: usuario.id,
        detalhes: { email: usuario.email, role: usuario.role },
        ip: ator.ip,
      });
      return usuario;
    });
  } catch (error) {
    // Two requests racing for one e-mail: the unique index decides, the loser gets the same 422.
    if (isUniqueViolation(error, 'usuarios_email_lower_uq')) throw emailEmUso();
    throw error;
  }
};
