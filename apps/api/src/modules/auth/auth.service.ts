import type { LoginResponse } from '@cobranca/contracts';
import type { Db } from '../../db/client.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { avisarSessoesAlteradas } from '../../lib/sessoes-alteradas.ts';
import { NAO_AUTENTICADO } from '../../plugins/access.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { verifyPassword } from '../usuarios/password.ts';
import { buscarUsuarioPorEmail, marcarLogin } from '../usuarios/usuarios.repository.ts';
import type { CacheSessoes } from './cache-sessoes.ts';
import {
  buscarSessaoPorHashToken,
  inserirToken,
  revogarToken,
  type Session,
  touchToken,
} from './sessions.repository.ts';
import { generateToken, hashToken, isTokenFormat } from './tokens.ts';

export const LOGIN_INVALIDO = 'E-mail ou senha inválidos.';
export const CONTA_BLOQUEADA = 'Sua conta está bloqueada. Procure um administrador.';
const SESSAO_INVALIDA = 'Sessão inválida ou expirada. Faça login novamente.';

export type ClientInfo = { ip: string; userAgent: string | null };

export const login = async (
  db: Db,
  credentials: { email: string; password: string },
  client: ClientInfo,
): Promise<LoginResponse> => {
  const usuario = await buscarUsuarioPorEmail(db, credentials.email);
  const valid = await verifyPassword(usuario?.passwordHash ?? null, credentials.password);
  if (!usuario || !valid) {
    await registrarAuditoria(db, {
      usuarioId: usuario?.id ?? null,
      acao: 'auth.login_falhou',
      descricao: `Tentativa de login com credenciais inválidas para ${credentials.email}`,
      entidade: 'usuario',
      entidadeId: usuario?.id,
      detalhes: { email: credentials.email },
      ip: client.ip,
    });
    throw new ErroDominio('LOGIN_INVALIDO', LOGIN_INVALIDO);
  }
  if (usuario.status === 'Bloqueado') {
    await registrarAuditoria(db, {
      usuarioId: usuario.id,
      acao: 'auth.login_bloqueado',
      descricao: `Tentativa de login de conta bloqueada (${usuario.email})`,
      entidade: 'usuario',
      entidadeId: usuario.id,
      ip: client.ip,
    });
    throw new ErroDominio('USUARIO_BLOQUEADO', CONTA_BLOQUEADA);
  }
  const { sessao_horas } = await buscarSistemaSettings(db);
  const token = generateToken();
  const expiresAt = new Date(Date.now() + sessao_horas * 3_600_000);
  await db.transaction(async (tx) => {
    await inserirToken(tx, {
      usuarioId: usuario.id,
      tokenHash: hashToken(token),
      expiresAt,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    });
    await marcarLogin(tx, usuario.id);
    await registrarAuditoria(tx, {
      usuarioId: usuario.id,
      acao: 'auth.login',
      descricao: `Login de ${usuario.name}`,
      entidade: 'usuario',
      entidadeId: usuario.id,
      ip: client.ip,
    });
  });
  return {
    token,
    expires_at: expiresAt.toISOString(),
    user: { id: usuario.id, name: usuario.name, email: usuario.email, role: usuario.role },
  };
};

export const logout = async (db: Db, session: Session, ip: string): Promise<void> => {
  await db.transaction(async (tx) => {
    await revogarToken(tx, session.tokenId);
    await registrarAuditoria(tx, {
      usuarioId: session.user.id,
      acao: 'auth.logout',
      descricao: `Logout de ${session.user.name}`,
      entidade: 'usuario',
      entidadeId: session.user.id,
      ip,
    });
  });
  avisarSessoesAlteradas({ tokens: [session.tokenId], usuarios: [] });
};

const TOUCH_INTERVAL_MS = 60_000;

/** The session behind a token hash: from the cache when given and holding it, else from the database. */
const sessaoDoToken = async (db: Db, hash: string, cache?: CacheSessoes): Promise<Session | undefined> => {
  const guardada = cache?.buscar(hash);
  if (guardada) return guardada;
  const marca = cache?.marcar() ?? 0;
  const session = await buscarSessaoPorHashToken(db, hash);
  if (session) cache?.guardar(hash, session, marca);
  return session;
};

/**
 * Resolves `Authorization: Bearer <token>` to a live session of an active user, or throws 401. With the
 * process's cache, a session read in the last seconds is not read again (docs/decisions/024).
 */
export const authenticateBearer = async (
  db: Db,
  header: string | undefined,
  cache?: CacheSessoes,
): Promise<Session> => {
  const token = /^Bearer ([^\s]+)$/i.exec(header ?? '')?.[1];
  if (!token || !isTokenFormat(token)) throw new ErroDominio('NAO_AUTENTICADO', NAO_AUTENTICADO);
  const hash = hashToken(token);
  const session = await sessaoDoToken(db, hash, cache);
  if (!session) throw new ErroDominio('SESSAO_INVALIDA', SESSAO_INVALIDA);
  // 401 rather than 403: the web client then drops the session and returns to the login page.
  if (session.user.status === 'Bloqueado') throw new ErroDominio('SESSAO_INVALIDA', CONTA_BLOQUEADA);
  if (!session.lastUsedAt || Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    // Marked before the write: the requests arriving meanwhile do not each write it too.
    cache?.usado(hash, new Date());
    await touchToken(db, session.tokenId);
  }
  return session;
};
