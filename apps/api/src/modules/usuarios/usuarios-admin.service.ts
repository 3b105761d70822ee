import {
  DEFAULT_PAGE_SIZE,
  type Paged,
  ROLE_LABELS,
  type Role,
  type SenhaTemporariaResponse,
  type UserStatus,
  type UsuarioConta,
} from '@cobranca/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { pageOffset, toPaged } from '../../lib/paging.ts';
import { avisarSessoesAlteradas } from '../../lib/sessoes-alteradas.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { hashPassword } from './password.ts';
import { gerarSenhaTemporaria } from './senha-temporaria.ts';
import { buscarUsuarioPorEmail, revogarTokensDe } from './usuarios.repository.ts';
import { criarUsuario, emailEmUso } from './usuarios.service.ts';
import {
  type AlteracaoUsuario,
  atualizarUsuario,
  buscarUsuario,
  definirStatusUsuario,
  listarUsuarios,
  type UsuarioListado,
} from './usuarios-admin.repository.ts';

/** Which accounts a screen manages: the roles it sees, the role it creates, its audit prefix. */
export type TipoUsuario = { roles: readonly Role[]; roleNova: Role; acao: string; naoEncontrada: string };

export const OPERADORES: TipoUsuario = {
  roles: ['operador'],
  roleNova: 'operador',
  acao: 'operador',
  naoEncontrada: 'Operador não encontrado.',
};

export const ADMINS: TipoUsuario = {
  roles: ['admin', 'super_admin'],
  roleNova: 'admin',
  acao: 'admin',
  naoEncontrada: 'Administrador não encontrado.',
};

export const AUTO_BLOQUEIO = 'Você não pode bloquear a sua própria conta.';
export const AUTO_SENHA = 'Você não pode gerar uma senha temporária para a sua própria conta.';

export const toUsuarioConta = (row: UsuarioListado): UsuarioConta => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
});

export type UsuariosQuery = { page: number; busca?: string; status?: UserStatus };

export const listarUsuariosDoTipo = async (
  db: Db,
  tipo: TipoUsuario,
  query: UsuariosQuery,
): Promise<Paged<UsuarioConta>> => {
  const { rows, total } = await listarUsuarios(
    db,
    { roles: tipo.roles, busca: query.busca, status: query.status },
    { limit: DEFAULT_PAGE_SIZE, offset: pageOffset(query.page, DEFAULT_PAGE_SIZE) },
  );
  return toPaged(rows.map(toUsuarioConta), total, query.page, DEFAULT_PAGE_SIZE);
};

export const buscarUsuarioDoTipoOrThrow = async (
  db: DbOrTx,
  tipo: TipoUsuario,
  id: number,
): Promise<UsuarioListado> => {
  const conta = await buscarUsuario(db, id, tipo.roles);
  if (!conta) throw new ErroDominio('USUARIO_NAO_ENCONTRADO', tipo.naoEncontrada);
  return conta;
};

export const criarUsuarioDoTipo = async (
  db: Db,
  tipo: TipoUsuario,
  body: { name: string; email: string; password: string },
  ator: Ator,
): Promise<UsuarioConta> => {
  const input = { name: body.name, email: body.email, password: body.password, role: tipo.roleNova };
  return toUsuarioConta(await criarUsuario(db, input, ator, `${tipo.acao}.criado`));
};

type Alteracoes = Partial<Record<'name' | 'email', { de: string; para: string }>>;

/** The fields whose value really changes, as {de, para} for the audit entry. */
const alteracoesDe = (atual: UsuarioListado, body: { name?: string; email?: string }): Alteracoes => {
  const alteracoes: Alteracoes = {};
  for (const campo of ['name', 'email'] as const) {
    const para = body[campo];
    if (para !== undefined && para !== atual[campo]) alteracoes[campo] = { de: atual[campo], para };
  }
  return alteracoes;
};

export type AtualizacaoUsuario = { name?: string; email?: string; password?: string };

/** Edits name/e-mail and/or sets a new password; a new password signs the account out everywhere. */
export const atualizarUsuarioDoTipo = async (
  db: Db,
  tipo: TipoUsuario,
  id: number,
  body: AtualizacaoUsuario,
  ator: Ator,
): Promise<UsuarioConta> => {
  const atual = await buscarUsuarioDoTipoOrThrow(db, tipo, id);
  const alteracoes = alteracoesDe(atual, body);
  const email = alteracoes.email?.para;
  const dono = email ? await buscarUsuarioPorEmail(db, email) : undefined;
  if (dono && dono.id !== id) throw emailEmUso();
  if (!alteracoes.name && !email && body.password === undefined) return toUsuarioConta(atual);
  const changes: AlteracaoUsuario = { name: alteracoes.name?.para, email };
  if (body.password !== undefined) changes.passwordHash = await hashPassword(body.password);
  try {
    const conta = await db.transaction((tx) =>
      gravarAtualizacao(tx, tipo, id, { changes, alteracoes }, ator),
    );
    // This process's cached sessions of the account go now; the others' on the trigger's NOTIFY.
    avisarSessoesAlteradas({ tokens: [], usuarios: [id] });
    return conta;
  } catch (error) {
    // Another request took the e-mail between the check and the update: the unique index decides.
    if (isUniqueViolation(error, 'usuarios_email_lower_uq')) throw emailEmUso();
    throw error;
  }
};

const gravarAtualizacao = async (
  tx: Tx,
  tipo: TipoUsuario,
  id: number,
  { changes, alteracoes }: { changes: AlteracaoUsuario; alteracoes: Alteracoes },
  ator: Ator,
): Promise<UsuarioConta> => {
  const row = await atualizarUsuario(tx, id, tipo.roles, changes);
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
    const sessoesRevogadas = await revogarTokensDe(tx, id);
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
const trocarStatus = async (
  db: Db,
  tipo: TipoUsuario,
  id: number,
  t: Transicao,
  ator: Ator,
): Promise<UsuarioConta> => {
  const conta = await db.transaction(async (tx) => {
    const row = await definirStatusUsuario(tx, id, tipo.roles, t.de, t.para);
    if (!row) {
      await buscarUsuarioDoTipoOrThrow(tx, tipo, id);
      throw new ErroDominio('USUARIO_JA_NO_ESTADO', t.jaEsta);
    }
    // Blocking ends every session now, so the next request of that account is a 401.
    const sessoesRevogadas = t.para === 'Bloqueado' ? await revogarTokensDe(tx, id) : 0;
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
  avisarSessoesAlteradas({ tokens: [], usuarios: [id] });
  return conta;
};

export const bloquearUsuario = async (
  db: Db,
  tipo: TipoUsuario,
  id: number,
  ator: Ator,
): Promise<UsuarioConta> => {
  // Checked first: a super admin locking itself out would leave nobody to undo it.
  if (id === ator.usuarioId) throw erroDeCampo('AUTO_BLOQUEIO', 'id', AUTO_BLOQUEIO);
  return trocarStatus(db, tipo, id, BLOQUEAR, ator);
};

export const reativarUsuario = (db: Db, tipo: TipoUsuario, id: number, ator: Ator): Promise<UsuarioConta> =>
  trocarStatus(db, tipo, id, REATIVAR, ator);

/**
 * "Gerar nova senha" (issue 17): a random password that meets the policy replaces the current one, every
 * session of the account ends, and the audit says so without the password; the answer carries it once.
 * Not for one's own account: nobody else would know the new password.
 */
export const gerarNovaSenha = async (
  db: Db,
  tipo: TipoUsuario,
  id: number,
  ator: Ator,
): Promise<SenhaTemporariaResponse> => {
  // Not this screen's account is a 404 first, so an admin's own id reads as "no such operator".
  await buscarUsuarioDoTipoOrThrow(db, tipo, id);
  if (id === ator.usuarioId) throw erroDeCampo('DADOS_INVALIDOS', 'id', AUTO_SENHA);
  const senha = gerarSenhaTemporaria();
  const passwordHash = await hashPassword(senha);
  const usuario = await db.transaction(async (tx) => {
    const row = await atualizarUsuario(tx, id, tipo.roles, { passwordHash });
    if (!row) throw new ErroDominio('USUARIO_NAO_ENCONTRADO', tipo.naoEncontrada);
    const sessoesRevogadas = await revogarTokensDe(tx, id);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: `${tipo.acao}.senha_gerada`,
      descricao: `Senha temporária gerada para ${ROLE_LABELS[row.role]} ${row.name}`,
      entidade: 'usuario',
      entidadeId: id,
      detalhes: { sessoes_revogadas: sessoesRevogadas },
      ip: ator.ip ?? null,
    });
    return row;
  });
  avisarSessoesAlteradas({ tokens: [], usuarios: [id] });
  return { usuario: toUsuarioConta(usuario), senha_temporaria: senha };
};
