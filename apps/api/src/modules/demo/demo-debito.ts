import { hojeNoFuso } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { ativarDebitoAutomatico } from '../debito-automatico/adesao/ativar-recorrencia.ts';
import { cobrarProximaParcela } from '../debito-automatico/cobranca/cobrar-parcelas-recorrentes.ts';
import { simularDebitoAutomatico } from '../debito-automatico/cobranca/simular-debito.ts';
import { criarNegociacao } from '../negociacoes/negociacoes.service.ts';
import { cobrarParcelasDeAcordo } from '../pix/cobrancas/parcelas-acordo.ts';
import { provedorPixAtivo } from '../pix/configuracao/provedor-ativo.ts';

// The demo's agreement in automatic debit (docs/pix-automatico.md §6): made, activated and approved
// through the same services as an operator and the simulated payer, so the workspace shows an active
// PIX Automático, its next instalment's debit scheduled, and the simulator's buttons to try the rest.

export type DebitoDemo = { nome: string; operador: string };

export const acordoComDebitoDemo = async (db: Db, appKey: Buffer): Promise<DebitoDemo | null> => {
  const [cliente] = linhasDe<{ id: number; nome: string; operador_id: number; operador: string }>(
    await db.execute(sql`
      SELECT c.id, c.nome, c.operador_id, u.name AS operador FROM clientes c
      JOIN usuarios u ON u.id = c.operador_id
      WHERE c.status IN ('ativo', 'em_atendimento') AND c.opt_out_em IS NULL AND c.documento_tipo = 'cpf'
        AND EXISTS (SELECT 1 FROM contas_receber cr WHERE cr.cliente_id = c.id AND cr.status = 'aberta'
          AND cr.vencimento < current_date)
        AND NOT EXISTS (SELECT 1 FROM negociacoes n WHERE n.cliente_id = c.id)
      ORDER BY c.id DESC LIMIT 1`),
  );
  if (!cliente) return null;
  const contas = linhasDe<{ id: number }>(
    await db.execute(sql`
      SELECT id FROM contas_receber WHERE cliente_id = ${cliente.id} AND status = 'aberta' ORDER BY id`),
  );
  const escopo = { operadorId: Number(cliente.operador_id) };
  const ator = { usuarioId: Number(cliente.operador_id), ip: null };
  const { negociacao } = await criarNegociacao(
    db,
    appKey,
    escopo,
    Number(cliente.id),
    {
      contas: contas.map((c) => Number(c.id)),
      desconto: 0,
      parcelas: 6,
      primeiro_vencimento: hojeNoFuso(new Date()),
      intervalo_dias: 30,
      debito_automatico: true,
    },
    ator,
  );
  // What the agreement's jobs do after the commit, here at once: the first instalment's charge and the
  // recurrence; then the simulated payer approves (paying the first) and the next debit is scheduled.
  await cobrarParcelasDeAcordo(db, appKey, { negociacaoId: negociacao.id, limite: 1 });
  await ativarDebitoAutomatico(db, appKey, negociacao.id);
  await simularDebitoAutomatico(db, appKey, escopo, Number(cliente.id), negociacao.id, 'aprovar', ator);
  await cobrarProximaParcela(db, appKey, await provedorPixAtivo(db, appKey), negociacao.id);
  return { nome: cliente.nome, operador: cliente.operador };
};

export const printDebito = (demo: DebitoDemo | null): void => {
  if (!demo) return;
  console.log('Débito automático por PIX (demonstração):');
  console.log(
    `  ${demo.nome} (carteira de ${demo.operador}): acordo em débito automático; simule o resto no atendimento\n`,
  );
};
