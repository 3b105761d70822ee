import {
  DEFAULT_PAGE_SIZE,
  type Paged,
  ROLE_LABELS,
  type Role,
  type UserStatus,
  type UsuarioConta,
} from '@cobranca/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { pageOffset, toPaged } from '../../lib/paging.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import {
  type ContaChanges,
  type ContaRow,
  findConta,
  listContas,
  trocarStatusConta,
  updateConta,
} from './contas.repository.ts';
import { hashPassword } from './password.ts';
import { findUsuarioByEmail, revokeAllTokensOf } from './usuarios.repository.ts';
import { type Actor, createUsuario, emailEmUso } from './usuarios.service.ts';

/** Which accounts a screen manages: the roles it sees, the role it creates, its audit prefix. */
export type TipoConta = { roles: readonly Role[]; roleNova: Role; acao: string; naoEncontrada: string };

export const OPERADORES: TipoConta = {
  roles: ['operador'],
  roleNova: 'operador',
  acao: 'operador',
  naoEncontrada: 'Operador não encontrado.',
};

export const ADMINS: TipoConta = {
  roles: ['admin', 'super_admin'],
  roleNova: 'admin',
  acao: 'admin',
  naoEncontrada: 'Administrador não encontrado.',
};

export const AUTO_BLOQUEIO = 'Você não pode bloquear a sua própria conta.';

export const toUsuarioConta = (row: ContaRow): UsuarioConta => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
});

export type ContasQuery = { page: number; busca?: string; status?: UserStatus };

export const listarContas = async (
  db: Db,
  tipo: TipoConta,
  query: ContasQuery,
): Promise<Paged<UsuarioConta>> => {
  const { rows, total } = await listContas(
    db,
    { roles: tipo.roles, busca: query.busca, status: query.status },
    { limit: DEFAULT_PAGE_SIZE, offset: pageOffset(query.page, DEFAULT_PAGE_SIZE) },
  );
  return toPaged(rows.map(toUsuarioConta), total, query.page, DEFAULT_PAGE_SIZE);
};

export const findContaOrThrow = async (db: DbOrTx, tipo: TipoConta, id: number): Promise<ContaRow> => {
  const conta = await findConta(db, id, tipo.roles);
  if (!conta) throw new ErroDominio('USUARIO_NAO_ENCONTRADO', tipo.naoEncontrada);
  return conta;
};

export const criarConta = async (
  db: Db,
  tipo: TipoConta,
  body: { name: string; email: string; password: string },
  ator: Actor,
): Promise<UsuarioConta> => {
  const input = { name: body.name, email: body.email, password: body.password, role: tipo.roleNova };
  return toUsuarioConta(await createUsuario(db, input, ator, `${tipo.acao}.criado`));
};

type Alteracoes = Partial<Record<'name' | 'email', { de: string; para: string }>>;

/** The fields whose value really changes, as {de, para} for the audit entry. */
const alteracoesDe = (atual: ContaRow, body: { name?: string; email?: string }): Alteracoes => {
  const alteracoes: Alteracoes = {};
  for (const campo of ['name', 'email'] as const) {
    const para = body[campo];
    if (para !== undefined && para !== atual[campo]) alteracoes[campo] = { de: atual[campo], para };
  }
  return alteracoes;
};

export type ContaUpdate = { name?: string; email?: string; password?: string };

/** Edits name/e-mail and/or sets a new password; a new password signs the account out everywhere. */
export const atualizarConta = async (
  db: Db,
  tipo: TipoConta,
  id: number,
  body: ContaUpdate,
  ator: Actor,
): Promise<UsuarioConta> => {
  const atual = await findContaOrThrow(db, tipo, id);
  const alteracoes = alteracoesDe(atual, body);
  const email = alteracoes.email?.para;
  const dono = email ? await findUsuarioByEmail(db, email) : undefined;
  if (dono && dono.id !== id) throw emailEmUso();
  if (!alteracoes.name && !email && body.password === undefined) return toUsuarioConta(atual);
  const changes: ContaChanges = { name: alteracoes.name?.para, email };
  if (body.password !== undefined) changes.passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction((tx) => gravarAtualizacao(tx, tipo, id, { changes, alteracoes }, ator));
  } catch (error) {
    // Another request took the e-mail between the check and the update: the unique index decides.
    if (isUniqueViolation(error, 'usuarios_email_lower_uq')) throw emailEmUso();
    throw error;
  }
};

const gravarAtualizacao = async (
  tx: Tx,
  tipo: TipoConta,
  id: number,
  { changes, alteracoes }: { changes: ContaChanges; alteracoes: Alteracoes },
  ator: Actor,
): Promise<UsuarioConta> => {
  const row = await updateConta(tx, id, tipo.roles, changes);
  if (!row) throw new ErroDominio('USUARIO_NAO_ENCONTRADO', tipo.naoEncontrada);
  const base = { usuarioId: ator.usuarioId, entidade: 'usuario', entidadeId: id, ip: ator.ip ?? null };
  const rotulo = `${ROLE_LABELS[row.role]} ${row.name}`;
  if (Object.keys(alteracoes).length > 0)
    await registrarAuditoria(tx, {
      ...base,
      acao: `${tipo.acao}.atualizado`,
      descricao: `${rotulo} atualizado`,
      detalhes: alteracoes,
    });
  if (changes.passwordHash) {
    const sessoesRevogadas = await revokeAllTokensOf(tx, id);
    await registrarAuditoria(tx, {
      ...base,
      acao: `${tipo.acao}.senha_alterada`,
      descricao: `Senha de ${rotulo} alterada`,
      detalhes: { sessoes_revogadas: sessoesRevogadas },
    });
  }
  return toUsuarioConta(row);
};

type Transicao = { de: UserStatus; para: UserStatus; acao: string; jaEsta: string };

const BLOQUEAR: Transicao = {
  de: 'Ativo',
  para: 'Bloqueado',
  acao: 'bloqueado',
  jaEsta: 'Esta conta já está bloqueada.',
};
const REATIVAR: Transicao = {
  de: 'Bloqueado',
  para: 'Ativo',
  acao: 'reativado',
  jaEsta: 'Esta conta já está ativa.',
};

/** One conditional UPDATE decides; a miss is a 404 (not this screen's account) or a 409 (already there). */
const trocarStatus = (
  db: Db,
  tipo: TipoConta,
  id: number,
  t: Transicao,
  ator: Actor,
): Promise<UsuarioConta> =>
  db.transaction(async (tx) => {
    const row = await trocarStatusConta(tx, id, tipo.roles, t.de, t.para);
    if (!row) {
      await findContaOrThrow(tx, tipo, id);
      throw new ErroDominio('USUARIO_JA_NO_ESTADO', t.jaEsta);
    }
    // Blocking ends every session now, so the next request of that account is a 401.
    const sessoesRevogadas = t.para === 'Bloqueado' ? await revokeAllTokensOf(tx, id) : 0;
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: `${tipo.acao}.${t.acao}`,
      descricao: `${ROLE_LABELS[row.role]} ${row.name} ${t.acao}`,
      entidade: 'usuario',
      entidadeId: id,
      detalhes: { status: { de: t.de, para: t.para }, sessoes_revogadas: sessoesRevogadas },
      ip: ator.ip ?? null,
    });
    return toUsuarioConta(row);
  });

export const bloquearConta = async (
  db: Db,
  tipo: TipoConta,
  id: number,
  ator: Actor,
): Promise<UsuarioConta> => {
  // Checked first: a super admin locking itself out would leave nobody to undo it.
  if (id === ator.usuarioId) throw erroDeCampo('AUTO_BLOQUEIO', 'id', AUTO_BLOQUEIO);
  return trocarStatus(db, tipo, id, BLOQUEAR, ator);
};

export const reativarConta = (db: Db, tipo: TipoConta, id: number, ator: Actor): Promise<UsuarioConta> =>
  trocarStatus(db, tipo, id, REATIVAR, ator);
