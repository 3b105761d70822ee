import type { FormaPagamento } from '@cobranca/contracts';
import type { PercentuaisEncargos } from '@cobranca/dominio';
import type { DbOrTx } from '../../../db/client.ts';
import type { Canais } from '../../canais/canal.ts';
import { contatosDosClientes } from '../../canais/rota.repository.ts';
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

/** What is open after the payments, updated to their date, or the debt's total when nothing is. */
const saldoApos = (
  r: ReciboAPreparar,
  abertas: readonly ContaRow[],
  totalPagoCentavos: number | undefined,
): SaldoRecibo => {
  const devidas = abertas
    .map((conta) => ({ conta, devido: encargosDaConta(conta, { hoje: r.data, percentuais: r.percentuais }) }))
    .sort((a, b) => a.conta.vencimento.localeCompare(b.conta.vencimento) || a.conta.id - b.conta.id);
  const [proxima] = devidas;
  if (!proxima) return { totalPagoCentavos: totalPagoCentavos ?? 0 };
  return {
    restanteCentavos: devidas.reduce((soma, a) => soma + a.devido.totalCentavos, 0),
    contas: devidas.length,
    proximo: { vencimento: proxima.conta.vencimento, valorCentavos: proxima.devido.totalCentavos },
  };
};

/**
 * Stores the receipts (nothing for a customer who opted out or no channel reaches), each customer's
 * balance and contacts read once for all; answers how many it stored.
 */
export const prepararRecibos = async (
  tx: DbOrTx,
  repositorio: NegociacoesRepository,
  todos: readonly ReciboAPreparar[],
): Promise<number> => {
  const recibos = todos.filter((r) => !r.cliente.optOutEm);
  if (recibos.length === 0) return 0;
  const ids = [...new Set(recibos.map((r) => r.cliente.id))];
  const { empresa } = await buscarSistemaSettings(tx);
  const agradecimento = (await buscarTemplate(tx, 'agradecimento')) ?? templatePadrao('agradecimento');
  const abertas = await repositorio.contasAbertasDe(ids);
  const quitados = new Set(ids.filter((id) => !abertas.has(id)));
  const totais = await repositorio.totaisPagosNasDividas(
    [...quitados],
    recibos.filter((r) => quitados.has(r.cliente.id)).flatMap((r) => r.partes.map((p) => p.conta.id)),
  );
  const contatos = await contatosDosClientes(tx, ids);
  let guardados = 0;
  for (const r of recibos) {
    const { cliente } = r;
    const valorCentavos = r.partes.reduce((soma, p) => soma + p.valorCentavos, 0);
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
      saldo: saldoApos(r, abertas.get(cliente.id) ?? [], totais.get(cliente.id)),
      agradecimento,
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
      contatos,
    );
    if (mensagemId === null) continue;
    await despacharAposCommit(tx, mensagemId);
    guardados += 1;
  }
  return guardados;
};

/** Stores the receipt of one payment operation; says whether it did. */
export const prepararRecibo = async (
  tx: DbOrTx,
  repositorio: NegociacoesRepository,
  r: ReciboAPreparar,
): Promise<boolean> => (await prepararRecibos(tx, repositorio, [r])) > 0;
