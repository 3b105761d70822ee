import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { portalLinks, portalSessoes } from '../../db/schema/index.ts';
import { MARCADOR_LINK } from '../../lib/conteudo-mensagem.ts';
import type { EnvioCanal } from '../canais/canal.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';

// The customer's personal portal link (docs/produto.md §22, docs/decisions/029-portal.md): made as a
// message carrying `{{link}}` goes out, 192 bits kept only as their SHA-256 digest, valid for the
// configured days. A message and its fallbacks on other channels carry one link (docs/produto.md §13);
// the operator's "Revogar link" ends them all.

const DIA_MS = 86_400_000;

/** A token as it travels in the link: 24 random bytes, base64url (32 characters). */
export const gerarTokenPortal = (): string => randomBytes(24).toString('base64url');

/** The digest a token is stored and looked up by. */
export const digestoToken = (token: string): string => createHash('sha256').update(token).digest('hex');

let urlPublica = `http://localhost:${process.env.PORT ?? 3000}`;

/** Set once at start-up from PUBLIC_URL (config/env.ts): the address customers open the portal at. */
export const configurarUrlPublica = (url: string) => {
  urlPublica = url.replace(/\/+$/, '');
};

/** PUBLIC_URL without a trailing slash: the base of every address this server gives out. */
export const urlPublicaBase = (): string => urlPublica;

export const urlDoPortal = (token: string): string => `${urlPublica}/p/${token}`;

/** A new link for the customer; answers the token (the only time it exists in clear). */
export const emitirLink = async (
  db: DbOrTx,
  entrada: { clienteId: number; mensagemId: number | null; agora: Date; validadeDias: number },
): Promise<string> => {
  const token = gerarTokenPortal();
  await db.insert(portalLinks).values({
    clienteId: entrada.clienteId,
    mensagemId: entrada.mensagemId,
    tokenHash: digestoToken(token),
    createdAt: entrada.agora,
    expiraEm: new Date(entrada.agora.getTime() + entrada.validadeDias * DIA_MS),
  });
  return token;
};

/** The token of a message chain: an HMAC of its first message under APP_KEY (192 bits, as a random one). */
const tokenDaCadeia = (appKey: Buffer, raizId: number): string =>
  createHmac('sha256', appKey).update(`portal-link:${raizId}`).digest().subarray(0, 24).toString('base64url');

/** The first message of the chain `mensagemId` belongs to (a fallback points back to what it replaces). */
const raizDaCadeia = async (db: DbOrTx, mensagemId: number): Promise<number> => {
  const [linha] = linhasDe<{ id: string | number }>(
    await db.execute(sql`
      WITH RECURSIVE cadeia AS (
        SELECT id, substitui_mensagem_id FROM mensagens WHERE id = ${mensagemId}
        UNION ALL
        SELECT m.id, m.substitui_mensagem_id FROM mensagens m JOIN cadeia c ON m.id = c.substitui_mensagem_id
      )
      SELECT id FROM cadeia WHERE substitui_mensagem_id IS NULL`),
  );
  return linha ? Number(linha.id) : mensagemId;
};

/**
 * The link of a message: the same for the message, its retries and its fallbacks, made on the first
 * send; a new random one once that link is revoked or expired. Answers the token.
 */
export const linkDaMensagem = async (
  db: DbOrTx,
  appKey: Buffer,
  entrada: { clienteId: number; mensagemId: number; agora: Date; validadeDias: number },
): Promise<string> => {
  const token = tokenDaCadeia(appKey, await raizDaCadeia(db, entrada.mensagemId));
  await db
    .insert(portalLinks)
    .values({
      clienteId: entrada.clienteId,
      mensagemId: entrada.mensagemId,
      tokenHash: digestoToken(token),
      createdAt: entrada.agora,
      expiraEm: new Date(entrada.agora.getTime() + entrada.validadeDias * DIA_MS),
    })
    .onConflictDoNothing({ target: portalLinks.tokenHash });
  return linkUtilizavel(await buscarLink(db, token), entrada.agora) ? token : emitirLink(db, entrada);
};

const comMarcador = (envio: EnvioCanal) =>
  envio.conteudo.includes(MARCADOR_LINK) ||
  Boolean(envio.template?.parametros.some((p) => p.includes(MARCADOR_LINK)));

/**
 * The outbound text with the message's link where the marker is, just before it goes to the channel; the
 * stored message keeps the marker. `validadeDias` saves a read when the caller has the settings at hand.
 */
export const preencherLinkDoPortal = async (
  db: DbOrTx,
  appKey: Buffer,
  envio: EnvioCanal,
  entrada: { clienteId: number | null; agora: Date; validadeDias?: number },
): Promise<EnvioCanal> => {
  if (!comMarcador(envio)) return envio;
  // A message with no customer (never the case for {{link}} texts) gets no link at all.
  const url =
    entrada.clienteId === null
      ? ''
      : urlDoPortal(
          await linkDaMensagem(db, appKey, {
            clienteId: entrada.clienteId,
            mensagemId: envio.mensagemId,
            agora: entrada.agora,
            validadeDias: entrada.validadeDias ?? (await buscarSistemaSettings(db)).portal.validade_link_dias,
          }),
        );
  const trocar = (texto: string) => texto.replaceAll(MARCADOR_LINK, () => url);
  return {
    ...envio,
    conteudo: trocar(envio.conteudo),
    template: envio.template
      ? { ...envio.template, parametros: envio.template.parametros.map(trocar) }
      : envio.template,
  };
};

/** Ends every usable link of the customer and the sessions opened through them; answers how many links. */
export const revogarLinks = async (db: DbOrTx, clienteId: number, agora: Date): Promise<number> => {
  const revogados = await db
    .update(portalLinks)
    .set({ revogadoEm: agora })
    .where(
      and(
        eq(portalLinks.clienteId, clienteId),
        isNull(portalLinks.revogadoEm),
        gt(portalLinks.expiraEm, agora),
      ),
    )
    .returning({ id: portalLinks.id });
  await db.delete(portalSessoes).where(eq(portalSessoes.clienteId, clienteId));
  return revogados.length;
};

export type LinkRow = typeof portalLinks.$inferSelect;

/** The link a token names, usable or not (undefined: no such link). */
export const buscarLink = async (db: DbOrTx, token: string, opts: { forUpdate?: boolean } = {}) => {
  const query = db
    .select()
    .from(portalLinks)
    .where(eq(portalLinks.tokenHash, digestoToken(token)));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
};

export const linkUtilizavel = (link: LinkRow | undefined, agora: Date): link is LinkRow =>
  link !== undefined && link.revogadoEm === null && link.expiraEm > agora;

/** Sessions past their end, in batches: the table stays small. */
export const limparSessoesVencidas = (db: DbOrTx, agora: Date) =>
  db.execute(sql`DELETE FROM portal_sessoes WHERE token_hash IN (
    SELECT token_hash FROM portal_sessoes WHERE expira_em < ${agora.toISOString()}::timestamptz LIMIT 500)`);
