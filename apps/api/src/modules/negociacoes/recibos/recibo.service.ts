import type { FormaPagamento } from '@cobranca/contracts';
import type { PercentuaisEncargos } from '@cobranca/dominio';
import type { DbOrTx } from '../../../db/client.ts';
import type { Canais } from '../../canais/canal.ts';
import type { ClienteRow } from '../../clientes/clientes-operador.repository.ts';
import { encargosDaConta } from '../../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { despacharAposCommit } from '../../mensagens/jobs/despachar-mensagem.job.ts';
import { inserirMensagemDoSistema } from '../../mensagens/mensagem-do-sistema.ts';
import { templatePadrao } from '../../mensagens/template-canal.ts';
import { buscarTemplate } from '../../mensagens/templates.repository.ts';
import type { ContaRow, NegociacoesRepository } from '../negociacoes.repository.ts';
import { montarRecibo, type SaldoRecibo } from './mensagem-recibo.ts';

// The receipt of one payment operation (manual, or one PIX settled), stored in the payment's own
// transaction and sent by a job once it commits (docs/decisions/037-recibos.md): the payment is recorded
// once (a PIX by its endToEndId), so is its receipt — a replayed webhook or a retried job adds none.

export type ReciboAPreparar = {
  cliente: ClienteRow;
  forma: FormaPagamento;
  data: string;
  percentuais: PercentuaisEncargos;
  /** Each receivable the operation reached, oldest first. */
  partes: readonly { conta: ContaRow; valorCentavos: number; quitou: boolean }[];
  canais: Canais;
};

/** What is open after the payment, updated to its date, or the debt's total when nothing is. */
const saldoApos = async (repositorio: NegociacoesRepository, r: ReciboAPreparar): Promise<SaldoRecibo> => {
  const abertas = (await repositorio.contasAbertas(r.cliente.id))
    .map((conta) => ({ conta, devido: encargosDaConta(conta, { hoje: r.data, percentuais: r.percentuais }) }))
    .sort((a, b) => a.conta.vencimento.localeCompare(b.conta.vencimento) || a.conta.id - b.conta.id);
  const [proxima] = abertas;
  if (!proxima)
    return {
      totalPagoCentavos: await repositorio.totalPagoNaDivida(
        r.cliente.id,
        r.partes.map((p) => p.conta.id),
      ),
    };
  return {
    restanteCentavos: abertas.reduce((soma, a) => soma + a.devido.totalCentavos, 0),
    contas: abertas.length,
    proximo: { vencimento: proxima.conta.vencimento, valorCentavos: proxima.devido.totalCentavos },
  };
};

/** Stores the receipt (nothing for a customer who opted out or no channel reaches); says whether it did. */
export const prepararRecibo = async (
  tx: DbOrTx,
  repositorio: NegociacoesRepository,
  r: ReciboAPreparar,
): Promise<boolean> => {
  const { cliente } = r;
  if (cliente.optOutEm) return false;
  const valorCentavos = r.partes.reduce((soma, p) => soma + p.valorCentavos, 0);
  const { empresa } = await buscarSistemaSettings(tx);
  const { conteudo, template } = montarRecibo({
    nome: cliente.nome,
    credor: empresa,
    pagamento: {
      valorCentavos,
      forma: r.forma,
      data: r.data,
      itens: r.partes.map((p) => ({
        descricao: p.conta.descricao,
        valorCentavos: p.valorCentavos,
        quitou: p.quitou,
      })),
    },
    saldo: await saldoApos(repositorio, r),
    agradecimento: (await buscarTemplate(tx, 'agradecimento')) ?? templatePadrao('agradecimento'),
  });
  const mensagemId = await inserirMensagemDoSistema(
    tx,
    r.canais,
    cliente.id,
    (canal) => ({
      conteudo,
      assunto: canal === 'email' ? `Recibo do seu pagamento — ${empresa.nome}` : null,
      template: canal === 'whatsapp' ? template : null,
    }),
    { templateTipo: 'agradecimento', valorCentavos },
  );
  if (mensagemId === null) return false;
  await despacharAposCommit(tx, mensagemId);
  return true;
};
