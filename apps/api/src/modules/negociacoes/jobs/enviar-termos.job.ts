import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { enfileirar } from '../../../fila/enfileirar.ts';
import { definirTarefa } from '../../../fila/tarefa.ts';
import { canaisAtivos } from '../../canais/canais-ativos.ts';
import { ativarDebitoAutomatico } from '../../debito-automatico/adesao/ativar-recorrencia.ts';
import { enviarTomada, reservaDa, tomarReservada } from '../../mensagens/despacho.ts';
import { cobrarParcelasAposCommit } from '../../pix/cobrancas/jobs/cobrar-parcelas.job.ts';
import { cobrarParcelasDeAcordo } from '../../pix/cobrancas/parcelas-acordo.ts';
import { ErroApiPix } from '../../pix/psp/api-pix-erros.ts';
import { termosComPix } from '../termos-acordo.ts';

// The agreement's terms (docs/produto.md §8, §21): the first instalment's charge into the stored text,
// the send, then the other instalments' charges (their own job). Keyed by the agreement; the message is
// taken from its creator's lease once (mensagens/despacho.ts), so a retry never sends the terms twice.

export const enviarTermos = definirTarefa({
  nome: 'negociacoes.enviar-termos',
  descricao: 'Enviar os termos de um acordo com o PIX da 1ª parcela',
  payload: z.object({
    negociacao_id: z.number().int().positive(),
    mensagem_id: z.number().int().positive(),
    prazo: z.string().min(1),
    com_pix: z.boolean(),
  }),
  chave: (p) => String(p.negociacao_id),
  // Past the message's lease (60 s) the outbox sender sends the terms as stored.
  politica: { tentativas: 3, esperaSegundos: 5, limiteSegundos: 45 },
  executar: async (p, { db, appKey, log }) => {
    const tomada = await tomarReservada(db, { mensagemId: p.mensagem_id, prazo: p.prazo });
    if (tomada) {
      let mensagem = tomada;
      if (p.com_pix)
        try {
          await cobrarParcelasDeAcordo(db, appKey, { negociacaoId: p.negociacao_id, limite: 1 });
          // With automatic debit, the journey-3 code (its own job retries what fails here).
          const ativacao = await ativarDebitoAutomatico(db, appKey, p.negociacao_id);
          const codigo = ativacao.situacao === 'criada' ? ativacao.codigo : null;
          const novo = await termosComPix(db, p.negociacao_id, p.mensagem_id, codigo);
          if (novo) mensagem = { ...tomada, conteudo: novo.conteudo, templateCanal: novo.template };
        } catch (error) {
          // The terms go without the code; the instalments' job asks the PSP again.
          if (!(error instanceof ErroApiPix)) throw error;
          log.warn({ err: error, negociacao_id: p.negociacao_id }, 'acordo: termos sem o PIX da 1ª parcela');
        }
      await enviarTomada(db, appKey, await canaisAtivos(db, appKey), mensagem);
    }
    await cobrarParcelasAposCommit(db, p.negociacao_id);
  },
});

/** In the agreement's transaction: the terms (if the customer gets them), then every instalment's charge. */
export const enviarTermosAposCommit = async (
  tx: DbOrTx,
  negociacaoId: number,
  mensagemId: number | null,
  comPix: boolean,
): Promise<void> => {
  if (mensagemId === null) {
    await cobrarParcelasAposCommit(tx, negociacaoId);
    return;
  }
  const { prazo } = await reservaDa(tx, mensagemId);
  await enfileirar(tx, enviarTermos, {
    negociacao_id: negociacaoId,
    mensagem_id: mensagemId,
    prazo,
    com_pix: comPix,
  });
};
