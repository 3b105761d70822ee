import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PortalLinkSituacao } from '@cobranca/contracts';
import { contagem, normalizarDocumento } from '@cobranca/dominio';
import { and, eq, gt, inArray, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { preparadasPorBanco } from '../../db/preparadas.ts';
import { clientes, portalLinks, portalSessoes } from '../../db/schema/index.ts';
import { ErroDominio, erroDeCampo } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import {
  buscarLink,
  digestoToken,
  type LinkRow,
  limparSessoesVencidas,
  linkUtilizavel,
} from '../links-portal/links.ts';

// The portal's door (docs/produto.md §22, docs/decisions/029-portal.md): a link says nothing about its
// customer until the document matches; five wrong documents lock the link for 15 minutes; a match opens
// a short session bound to that link, which dies with it (expiry, revocation).

export const TENTATIVAS_ANTES_DO_BLOQUEIO = 5;
export const BLOQUEIO_MS = 15 * 60_000;
export const SESSAO_PORTAL_MS = 30 * 60_000;
/** Portal sessions never look like a back-office token (`cob_…`), and the other way round. */
const PREFIXO_SESSAO = 'cps_';

export const LINK_INDISPONIVEL = 'Este link não está mais disponível.';

// Every this many sessions opened, a batch of expired ones is deleted: the table stays small at the cost
// of one indexed delete now and then, off the answer's path.
export const LIMPAR_SESSOES_A_CADA = 100;
let abertas = 0;

const bloqueadoAte = (link: LinkRow, agora: Date): Date | null =>
  link.bloqueadoAte && link.bloqueadoAte > agora ? link.bloqueadoAte : null;

/** What the page may learn before the check; unknown, expired and revoked links look the same. */
export const situacaoDoLink = async (
  db: Db,
  token: string,
  agora: Date,
): Promise<{ situacao: PortalLinkSituacao; bloqueadoAte: Date | null }> => {
  const link = await buscarLink(db, token);
  if (!linkUtilizavel(link, agora)) return { situacao: 'indisponivel', bloqueadoAte: null };
  const ate = bloqueadoAte(link, agora);
  return ate ? { situacao: 'bloqueado', bloqueadoAte: ate } : { situacao: 'ativo', bloqueadoAte: null };
};

/** Compares digests of the same length, in constant time: the time taken says nothing of the document. */
export const documentoConfere = (informado: string, cadastrado: string): boolean =>
  timingSafeEqual(
    createHash('sha256').update(normalizarDocumento(informado)).digest(),
    createHash('sha256').update(normalizarDocumento(cadastrado)).digest(),
  );

const mensagemBloqueio = (ate: Date) =>
  `Por segurança, este link foi bloqueado por 15 minutos após ${TENTATIVAS_ANTES_DO_BLOQUEIO} tentativas erradas. Tente de novo depois das ${ate.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' })}.`;

/**
 * A right document resets the count of wrong ones on every link of the customer, not only this one:
 * each message brings its own link, and the person who knows the document is the same (docs/produto.md
 * §22). A link another check holds right now is skipped rather than awaited, so two right documents on
 * two links at once cannot deadlock; a lock in force stays.
 */
const zerarTentativasDoCliente = (db: DbOrTx, clienteId: number | Placeholder) => {
  const comErradas = db
    .select({ id: portalLinks.id })
    .from(portalLinks)
    .where(and(eq(portalLinks.clienteId, clienteId), gt(portalLinks.tentativasErradas, 0)))
    .for('update', { skipLocked: true });
  return db.update(portalLinks).set({ tentativasErradas: 0 }).where(inArray(portalLinks.id, comErradas));
};

/** The link with its customer's document and name, in one round trip (issue 35). */
const consultaLinkComCliente = (db: DbOrTx, tokenHash: string | Placeholder) =>
  db
    .select({ link: portalLinks, documento: clientes.documento, nome: clientes.nome })
    .from(portalLinks)
    .innerJoin(clientes, eq(clientes.id, portalLinks.clienteId))
    .where(eq(portalLinks.tokenHash, tokenHash));

const linkTravado = async (tx: Tx, token: string) => {
  const [linha] = await consultaLinkComCliente(tx, digestoToken(token)).for('update', { of: portalLinks });
  return linha;
};

// A right document's two statements are prepared once per database handle (db/preparadas.ts): building
// their SQL was a fifth of the check's Node time (docs/decisions/051-listas-sem-copias-lentas.md).
const leituras = preparadasPorBanco<ReturnType<ReturnType<typeof consultaLinkComCliente>['prepare']>>();
const linkPeloToken = (db: DbOrTx, token: string) =>
  leituras(db, 'portal_link_pelo_token', () =>
    consultaLinkComCliente(db, sql.placeholder('tokenHash')).prepare('portal_link_pelo_token'),
  ).execute({ tokenHash: digestoToken(token) });

/**
 * Opens a session on a link whose document matched, resetting the customer's wrong counts, in one
 * statement: a data-modifying CTE runs whether or not the INSERT reads it.
 */
const prepararAbertura = (db: DbOrTx) => {
  const zerados = db
    .$with('zerados', {})
    .as(zerarTentativasDoCliente(db, sql.placeholder('clienteId')).getSQL());
  return db
    .with(zerados)
    .insert(portalSessoes)
    .values({
      tokenHash: sql.placeholder('tokenHash'),
      linkId: sql.placeholder('linkId'),
      clienteId: sql.placeholder('clienteId'),
      createdAt: sql.placeholder('agora'),
      expiraEm: sql.placeholder('expiraEm'),
    })
    .prepare('portal_abrir_sessao');
};
const aberturas = preparadasPorBanco<ReturnType<typeof prepararAbertura>>();

const abrirNoLink = async (db: DbOrTx, link: LinkRow, agora: Date) => {
  const sessao = PREFIXO_SESSAO + randomBytes(32).toString('base64url');
  // A session never outlives its link.
  const expiraEm = new Date(Math.min(agora.getTime() + SESSAO_PORTAL_MS, link.expiraEm.getTime()));
  await aberturas(db, 'portal_abrir_sessao', () => prepararAbertura(db)).execute({
    tokenHash: digestoToken(sessao),
    linkId: link.id,
    clienteId: link.clienteId,
    agora,
    expiraEm,
  });
  return { tipo: 'sessao' as const, sessao, expiraEm };
};

type Resultado =
  | { tipo: 'sessao'; sessao: string; expiraEm: Date }
  | { tipo: 'indisponivel' }
  | { tipo: 'bloqueado'; ate: Date }
  | { tipo: 'errado'; restam: number };

type Entrada = { token: string; documento: string; agora: Date; ip: string | null };

/**
 * A usable, unlocked link whose document matches opens its session without locking the link: only a
 * wrong document has something to count. Anything else (a wrong document, a lock, a link gone) goes
 * through `conferirComTrava`, which reads everything again.
 */
const abrirSemTrava = async (db: Db, entrada: Entrada): Promise<Resultado | null> => {
  const [cliente] = await linkPeloToken(db, entrada.token);
  if (!cliente || !linkUtilizavel(cliente.link, entrada.agora) || bloqueadoAte(cliente.link, entrada.agora))
    return null;
  if (!documentoConfere(entrada.documento, cliente.documento)) return null;
  return abrirNoLink(db, cliente.link, entrada.agora);
};

/**
 * The link row locked, so parallel wrong tries count one by one; a failure is committed before it is
 * answered (the count must survive the error).
 */
const conferirComTrava = (db: Db, entrada: Entrada): Promise<Resultado> => {
  const { agora } = entrada;
  return db.transaction(async (tx): Promise<Resultado> => {
    const cliente = await linkTravado(tx, entrada.token);
    const link = cliente?.link;
    if (!cliente || !linkUtilizavel(link, agora)) return { tipo: 'indisponivel' };
    const ate = bloqueadoAte(link, agora);
    if (ate) return { tipo: 'bloqueado', ate };
    if (!documentoConfere(entrada.documento, cliente.documento)) {
      const erradas = link.tentativasErradas + 1;
      if (erradas < TENTATIVAS_ANTES_DO_BLOQUEIO) {
        await tx.update(portalLinks).set({ tentativasErradas: erradas }).where(eq(portalLinks.id, link.id));
        return { tipo: 'errado', restam: TENTATIVAS_ANTES_DO_BLOQUEIO - erradas };
      }
      const fim = new Date(agora.getTime() + BLOQUEIO_MS);
      await tx
        .update(portalLinks)
        .set({ tentativasErradas: 0, bloqueadoAte: fim })
        .where(eq(portalLinks.id, link.id));
      await registrarAuditoria(tx, {
        usuarioId: null,
        acao: 'portal.link_bloqueado',
        descricao: `Link do portal de ${cliente.nome} bloqueado por 15 minutos após ${TENTATIVAS_ANTES_DO_BLOQUEIO} documentos errados`,
        entidade: 'cliente',
        entidadeId: link.clienteId,
        detalhes: { link_id: link.id, bloqueado_ate: fim.toISOString() },
        ip: entrada.ip,
      });
      return { tipo: 'bloqueado', ate: fim };
    }
    return abrirNoLink(tx, link, agora);
  });
};

/** Checks the document against the link's customer and opens a session when it matches. */
export const abrirSessao = async (db: Db, entrada: Entrada): Promise<{ sessao: string; expiraEm: Date }> => {
  const resultado = (await abrirSemTrava(db, entrada)) ?? (await conferirComTrava(db, entrada));
  switch (resultado.tipo) {
    case 'sessao':
      abertas += 1;
      if (abertas % LIMPAR_SESSOES_A_CADA === 0) limparSessoesVencidas(db, entrada.agora).catch(() => {}); // best effort: the next batch retries
      return resultado;
    case 'indisponivel':
      throw new ErroDominio('LINK_INDISPONIVEL', LINK_INDISPONIVEL);
    case 'bloqueado':
      throw new ErroDominio('LINK_BLOQUEADO', mensagemBloqueio(resultado.ate));
    case 'errado':
      throw erroDeCampo(
        'DOCUMENTO_NAO_CONFERE',
        'documento',
        `O documento não confere com o cadastro. ${resultado.restam === 1 ? 'Resta 1 tentativa' : `Restam ${contagem(resultado.restam, 'tentativa', 'tentativas')}`} antes de o link ser bloqueado por 15 minutos.`,
      );
  }
};

export type SessaoPortal = { clienteId: number; linkId: number };

const SESSAO_INVALIDA = 'Sua sessão expirou. Confirme seu documento de novo.';

/** The session an `Authorization: Bearer cps_…` header names, while it and its link are usable. */
export const sessaoDoPortal = async (
  db: Db,
  authorization: string | undefined,
  agora: Date,
): Promise<SessaoPortal> => {
  const token = /^Bearer (cps_[A-Za-z0-9_-]{43})$/.exec(authorization ?? '')?.[1];
  if (!token) throw new ErroDominio('SESSAO_INVALIDA', SESSAO_INVALIDA);
  const instante = agora.toISOString();
  const [sessao] = await db
    .select({ clienteId: portalSessoes.clienteId, linkId: portalSessoes.linkId })
    .from(portalSessoes)
    .innerJoin(portalLinks, eq(portalLinks.id, portalSessoes.linkId))
    .where(
      and(
        eq(portalSessoes.tokenHash, digestoToken(token)),
        gt(portalSessoes.expiraEm, sql`${instante}::timestamptz`),
        isNull(portalLinks.revogadoEm),
        gt(portalLinks.expiraEm, sql`${instante}::timestamptz`),
      ),
    );
  if (!sessao) throw new ErroDominio('SESSAO_INVALIDA', SESSAO_INVALIDA);
  return sessao;
};
