import type { Canal, TermosAcordoView } from '@cobranca/contracts';
import type { PlanoAcordo } from '@cobranca/dominio';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { clientes, contasReceber, mensagens } from '../../db/schema/index.ts';
import type { Canais, TemplateCanal } from '../canais/canal.ts';
import type { ClienteRow } from '../clientes/clientes-operador.repository.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { inserirMensagemDoSistema, SEM_CANAL } from '../mensagens/mensagem-do-sistema.ts';
import { motivoSemMensagem } from '../mensagens/mensagens.service.ts';
import { templatePadrao } from '../mensagens/template-canal.ts';
import { buscarTemplate } from '../mensagens/templates.repository.ts';
import { cobrancaDaParcela } from '../pix/cobrancas/parcelas-acordo.ts';
import { montarMensagemNegociacao, type ParcelaDosTermos } from './mensagem-negociacao.ts';

// The agreement's terms go to the customer when it is confirmed (docs/produto.md §8): the message is
// stored in the agreement's transaction (template `negociacao`), without the PIX block, together with
// the job that completes and sends it (jobs/enviar-termos.job.ts). If that job cannot get the first
// instalment's charge, the terms still go complete, only without the code.

/** The terms stored (or why the customer gets none), and the message the job completes and sends. */
export type TermosPreparados = { view: TermosAcordoView; mensagemId: number | null };

const textoDosTermos = async (
  db: DbOrTx,
  nome: string,
  parcelas: readonly ParcelaDosTermos[],
  pixCopiaECola: string | null,
  canal: Canal,
  debitoAutomatico = false,
) => {
  const { empresa } = await buscarSistemaSettings(db);
  return montarMensagemNegociacao({
    canal,
    nome,
    credor: empresa,
    parcelas,
    totalCentavos: parcelas.reduce((s, p) => s + p.valorCentavos, 0),
    pixCopiaECola,
    debitoAutomatico,
    template: (await buscarTemplate(db, 'negociacao')) ?? templatePadrao('negociacao'),
  });
};

/** Stores the terms message (or says why the customer gets none), inside the agreement's transaction. */
export const prepararTermos = async (
  tx: DbOrTx,
  cliente: ClienteRow,
  plano: PlanoAcordo,
  canais: Canais,
): Promise<TermosPreparados> => {
  const motivo = cliente.optOutEm ? motivoSemMensagem(cliente) : null;
  if (motivo) return { view: { na_fila: false, motivo: motivo.mensagem }, mensagemId: null };
  const textos = new Map<Canal, Awaited<ReturnType<typeof textoDosTermos>>>();
  for (const canal of ['whatsapp', 'email', 'sms'] as const)
    textos.set(canal, await textoDosTermos(tx, cliente.nome, plano.parcelas, null, canal));
  const mensagemId = await inserirMensagemDoSistema(
    tx,
    canais,
    cliente.id,
    (canal) => {
      const texto = textos.get(canal);
      if (!texto) throw new Error(`termos sem texto para ${canal}`);
      return texto;
    },
    { templateTipo: 'negociacao', valorCentavos: plano.valorTotalCentavos },
  );
  if (mensagemId === null) return { view: { na_fila: false, motivo: SEM_CANAL }, mensagemId: null };
  return { view: { na_fila: true, motivo: null }, mensagemId };
};

/**
 * The stored terms again with the first instalment's PIX block; null when that instalment has no
 * charge. With automatic debit, `codigoDebito` is the journey-3 code that pays the first instalment and
 * authorises the rest (docs/pix-automatico.md §2). Only the holder of the message's lease calls it.
 */
export const termosComPix = async (
  db: Db,
  negociacaoId: number,
  mensagemId: number,
  codigoDebito: string | null = null,
): Promise<{ conteudo: string; template: TemplateCanal | null } | null> => {
  const parcelas = await db
    .select({
      id: contasReceber.id,
      valorCentavos: contasReceber.valorCentavos,
      vencimento: contasReceber.vencimento,
    })
    .from(contasReceber)
    .where(and(eq(contasReceber.negociacaoId, negociacaoId), eq(contasReceber.origem, 'acordo')))
    .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id));
  const [primeira] = parcelas;
  const cobranca = primeira ? await cobrancaDaParcela(db, primeira.id) : null;
  const codigo = codigoDebito ?? cobranca?.codigo;
  if (!codigo) return null;
  const [mensagem] = await db
    .select({ nome: clientes.nome, canal: mensagens.canal })
    .from(mensagens)
    .innerJoin(clientes, eq(clientes.id, mensagens.clienteId))
    .where(eq(mensagens.id, mensagemId));
  if (!mensagem || mensagem.canal === 'portal') return null;
  const novo = await textoDosTermos(
    db,
    mensagem.nome,
    parcelas,
    codigo,
    mensagem.canal,
    codigoDebito !== null,
  );
  await db
    .update(mensagens)
    // The charge's txid lets the e-mail show the code as a QR (journey 3's code for the same cob).
    .set({ conteudo: novo.conteudo, templateCanal: novo.template, pixTxid: cobranca?.txid ?? null })
    .where(eq(mensagens.id, mensagemId));
  return novo;
};
