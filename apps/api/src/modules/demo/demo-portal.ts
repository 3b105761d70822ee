import { formatarDocumento } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import { emitirLink, urlDoPortal } from '../links-portal/links.ts';

// The demo prints one customer's portal link with their CPF (docs/produto.md §22), so a newcomer tries
// the portal in a minute: an active customer with overdue debt and no agreement running. A fresh link at
// each start: the database keeps only digests, so an earlier one cannot be printed again.

export type PortalDemo = { url: string; nome: string; documento: string };

export const portalDeDemonstracao = async (db: Db, agora = new Date()): Promise<PortalDemo | null> => {
  const [cliente] = linhasDe<{ id: number; nome: string; documento: string }>(
    await db.execute(sql`
      SELECT c.id, c.nome, c.documento FROM clientes c
      WHERE c.status = 'ativo' AND c.opt_out_em IS NULL AND c.documento_tipo = 'cpf'
        AND EXISTS (SELECT 1 FROM contas_receber cr
          WHERE cr.cliente_id = c.id AND cr.status = 'aberta' AND cr.vencimento < current_date)
        AND NOT EXISTS (SELECT 1 FROM negociacoes n WHERE n.cliente_id = c.id AND n.status = 'ativa')
      ORDER BY c.id LIMIT 1`),
  );
  if (!cliente) return null;
  const { portal } = await buscarSistemaSettings(db);
  const token = await emitirLink(db, {
    clienteId: Number(cliente.id),
    mensagemId: null,
    agora,
    validadeDias: portal.validade_link_dias,
  });
  return { url: urlDoPortal(token), nome: cliente.nome, documento: formatarDocumento(cliente.documento) };
};

export const printPortal = (demo: PortalDemo | null): void => {
  if (!demo) return;
  console.log('Portal do cliente (demonstração):');
  console.log(`  ${demo.url}`);
  console.log(`  ${demo.nome}, CPF ${demo.documento}\n`);
};
