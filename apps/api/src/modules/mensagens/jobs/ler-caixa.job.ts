import { z } from 'zod';
import { definirTarefa } from '../../../fila/tarefa.ts';
import { buscarEmailConfigurado } from '../../canais/email/email-settings.repository.ts';
import { lerCaixa } from '../../canais/email/entrada/caixa-imap.ts';
import { processarEmailRecebido } from '../recebidas/email-recebido.service.ts';

// The e-mail inbox (docs/produto.md §12): replies, bounces and complaints, read every minute from the
// mailbox the admin configured. Each message read is moved to the processed folder; one handed over twice
// (two nodes at once) changes nothing the second time.

export const PERIODO_CAIXA_SEGUNDOS = 60;

export const lerCaixaDeEmail = definirTarefa({
  nome: 'email.ler_caixa',
  descricao: 'Ler a caixa de entrada de e-mail (respostas, devoluções e reclamações)',
  payload: z.object({}),
  chave: () => 'email.ler_caixa',
  politica: { tentativas: 2, esperaSegundos: 30, limiteSegundos: 300 },
  executar: async (_p, { db, appKey, log }) => {
    const cfg = await buscarEmailConfigurado(db, appKey);
    if (!cfg.imap) return;
    const contexto = {
      appKey,
      provedor: cfg.provedor === 'smtp' ? ('smtp' as const) : ('simulador' as const),
      dominio: cfg.remetente.email.slice(cfg.remetente.email.lastIndexOf('@') + 1),
    };
    const { lidas } = await lerCaixa(cfg.imap, async (bruto) => {
      const resultado = await processarEmailRecebido(db, bruto, { ...contexto, agora: new Date() });
      log.info({ resultado }, 'e-mail recebido');
    });
    if (lidas > 0) log.info({ lidas }, 'caixa de e-mail lida');
  },
});
