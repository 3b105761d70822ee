import { CANAL_ROTULOS, type Canal } from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';

// Opting out of one channel, and an address that bounced for good (docs/produto.md §12): the other
// channels go on. The first request is the proof kept; a repeat changes nothing.

/** Records the opt-out of `canal` once; answers whether it was new. */
export const descadastrarDoCanal = async (
  tx: DbOrTx,
  entrada: {
    clienteId: number;
    canal: Canal;
    origem:
      | 'descadastro_um_clique'
      | 'descadastro_email'
      | 'reclamacao'
      | 'resposta_sms'
      | 'portal'
      | 'operador';
    prova: Record<string, unknown>;
    agora: Date;
    ip?: string | null;
    usuarioId?: number | null;
  },
): Promise<boolean> => {
  const [nova] = linhasDe<{ cliente_id: number }>(
    await tx.execute(sql`
      INSERT INTO opt_outs_canal (cliente_id, canal, em, origem, prova)
      VALUES (${entrada.clienteId}, ${entrada.canal}, ${entrada.agora.toISOString()}::timestamptz, ${entrada.origem},
        ${JSON.stringify(entrada.prova)}::jsonb)
      ON CONFLICT (cliente_id, canal) DO NOTHING
      RETURNING cliente_id`),
  );
  if (!nova) return false;
  await registrarAuditoria(tx, {
    usuarioId: entrada.usuarioId ?? null,
    acao: 'cliente.opt_out_canal',
    descricao: `Cliente pediu para não receber mensagens por ${CANAL_ROTULOS[entrada.canal]}`,
    entidade: 'cliente',
    entidadeId: entrada.clienteId,
    detalhes: { canal: entrada.canal, origem: entrada.origem, prova: entrada.prova },
    ip: entrada.ip ?? null,
  });
  return true;
};

/** No e-mail goes to `email` again (a permanent bounce); answers whether it was new. */
export const marcarEmailDevolvido = async (
  tx: DbOrTx,
  d: { email: string; status: string; diagnostico: string | null; mensagemId: number | null; agora: Date },
): Promise<boolean> => {
  const [nova] = linhasDe<{ email: string }>(
    await tx.execute(sql`
      INSERT INTO emails_devolvidos (email, devolvido_em, status, diagnostico, mensagem_id)
      VALUES (${d.email.toLowerCase()}, ${d.agora.toISOString()}::timestamptz, ${d.status}, ${d.diagnostico}, ${d.mensagemId})
      ON CONFLICT (email) DO NOTHING
      RETURNING email`),
  );
  return nova !== undefined;
};
