import type { TermosAcordoView } from '@cobranca/contracts';
import type { PlanoAcordo } from '@cobranca/dominio';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cobrancaPixContas, cobrancasPix, contasReceber, mensagens } from '../../db/schema/index.ts';
import type { CanalDriver, EnvioCanal, TemplateCanal } from '../canais/canal.ts';
import type { ClienteRow } from '../clientes/clientes-operador.repository.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { despacharMensagem, motivoSemMensagem } from '../mensagens/mensagens.service.ts';
import { inserirMensagemSaida } from '../mensagens/saida.repository.ts';
import { templatePadrao } from '../mensagens/template-canal.ts';
import { buscarTemplate } from '../mensagens/templates.repository.ts';
import { ultimaEntradaDoCliente } from '../mensagens/thread.repository.ts';
import { cobrarParcelasDeAcordo } from '../pix/parcelas-acordo.ts';
import { montarMensagemNegociacao } from './mensagem-negociacao.ts';

// The agreement's terms go to the customer when it is confirmed (docs/produto.md §8): the message is
// stored in the agreement's transaction (template `negociacao`), then, after the commit and outside any
// lock, the first instalment gets its PIX charge (the same one `cobrarParcelasDeAcordo` makes for every
// instalment), the message takes its copia e cola and goes. It is stored without the PIX block, so if
// the process dies before that the outbox sender still sends complete terms, only without the code.

/** What the post-commit step needs to complete and send the stored terms. */
export type TermosPendentes = {
  negociacaoId: number;
  clienteId: number;
  canal: CanalDriver;
  envio: EnvioCanal;
  /** The lease the insert took (text, as the database wrote it): the text is only changed while it holds. */
  prazo: string;
  /** The same text with the first instalment's PIX block. */
  comPix: ((copiaECola: string) => { conteudo: string; template: TemplateCanal | null }) | null;
};

export type TermosPreparados = { view: TermosAcordoView; pendentes: TermosPendentes | null };

/** Stores the terms message (or says why the customer gets none), inside the agreement's transaction. */
export const prepararTermos = async (
  tx: DbOrTx,
  cliente: ClienteRow,
  negociacaoId: number,
  plano: PlanoAcordo,
  canal: CanalDriver,
  usarPix: boolean,
): Promise<TermosPreparados> => {
  const motivo = motivoSemMensagem(cliente);
  if (motivo || !cliente.telefone)
    return { view: { na_fila: false, motivo: motivo?.mensagem ?? null }, pendentes: null };
  const { empresa } = await buscarSistemaSettings(tx);
  const template = (await buscarTemplate(tx, 'negociacao')) ?? templatePadrao('negociacao');
  const montar = (pixCopiaECola: string | null) =>
    montarMensagemNegociacao({
      nome: cliente.nome,
      credor: empresa,
      parcelas: plano.parcelas,
      totalCentavos: plano.valorTotalCentavos,
      pixCopiaECola,
      template,
    });
  const { conteudo, template: templateCanal } = montar(null);
  const mensagemId = await inserirMensagemSaida(tx, {
    clienteId: cliente.id,
    telefone: cliente.telefone,
    conteudo,
    origem: 'sistema',
    autorId: null,
    canal: canal.canal,
    templateTipo: 'negociacao',
    templateCanal,
    valorCentavos: plano.valorTotalCentavos,
  });
  const [lease] = await tx
    .select({ prazo: sql<string>`${mensagens.bloqueadaAte}::text` })
    .from(mensagens)
    .where(eq(mensagens.id, mensagemId));
  return {
    view: { na_fila: true, motivo: null },
    pendentes: {
      negociacaoId,
      clienteId: cliente.id,
      canal,
      prazo: lease?.prazo ?? '',
      envio: {
        telefone: cliente.telefone,
        conteudo,
        mensagemId,
        template: templateCanal,
        ultimaEntradaEm: await ultimaEntradaDoCliente(tx, cliente.id),
      },
      comPix: usarPix ? (copiaECola) => montar(copiaECola) : null,
    },
  };
};

/** The copia e cola of the agreement's first instalment's active charge, if it has one. */
const pixDaPrimeiraParcela = async (db: Db, negociacaoId: number): Promise<string | null> => {
  const [primeira] = await db
    .select({ id: contasReceber.id })
    .from(contasReceber)
    .where(and(eq(contasReceber.negociacaoId, negociacaoId), eq(contasReceber.origem, 'acordo')))
    .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id))
    .limit(1);
  if (!primeira) return null;
  const [cobranca] = await db
    .select({ codigo: cobrancasPix.pixCopiaECola })
    .from(cobrancasPix)
    .innerJoin(cobrancaPixContas, eq(cobrancaPixContas.cobrancaId, cobrancasPix.id))
    .where(
      and(
        eq(cobrancaPixContas.contaId, primeira.id),
        eq(cobrancasPix.origem, 'acordo'),
        eq(cobrancasPix.status, 'ativa'),
      ),
    )
    .limit(1);
  return cobranca?.codigo ?? null;
};

/** Puts the PIX text in the message while our lease holds; false: the outbox sender has taken it. */
const trocarTexto = async (
  db: Db,
  pendentes: TermosPendentes,
  novo: { conteudo: string; template: TemplateCanal | null },
): Promise<boolean> => {
  const trocadas = await db
    .update(mensagens)
    .set({ conteudo: novo.conteudo, templateCanal: novo.template })
    .where(
      and(
        eq(mensagens.id, pendentes.envio.mensagemId),
        eq(mensagens.status, 'pendente'),
        sql`${mensagens.bloqueadaAte} = ${pendentes.prazo}::timestamptz`,
      ),
    )
    .returning({ id: mensagens.id });
  return trocadas.length > 0;
};

/**
 * After the commit: the first instalment's charge into the terms, then the send. A PSP that fails or
 * has no charge for it leaves the terms without the PIX block (the engine's PIX pass retries the charge
 * and the régua's messages carry their own); the error is thrown after the send, for the log.
 */
export const enviarTermos = async (db: Db, appKey: Buffer, pendentes: TermosPendentes): Promise<void> => {
  let envio = pendentes.envio;
  let falha: unknown = null;
  if (pendentes.comPix) {
    try {
      await cobrarParcelasDeAcordo(db, appKey, { negociacaoId: pendentes.negociacaoId, limite: 1 });
      const codigo = await pixDaPrimeiraParcela(db, pendentes.negociacaoId);
      if (codigo) {
        const novo = pendentes.comPix(codigo);
        if (!(await trocarTexto(db, pendentes, novo))) return;
        envio = { ...envio, conteudo: novo.conteudo, template: novo.template };
      }
    } catch (error) {
      falha = error;
    }
  }
  await despacharMensagem(db, pendentes.canal, envio, {
    id: envio.mensagemId,
    origem: 'sistema',
    clienteId: pendentes.clienteId,
    conteudo: envio.conteudo,
  });
  if (falha) throw falha;
};
