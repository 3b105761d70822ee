import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { linhasDe } from '../../../db/linhas.ts';
import { type Atualizacao, encargosDaConta } from '../../clientes/valor-atualizado.ts';
import { codigoDaJornada3 } from '../../pix/cobrancas/parcelas-em-debito.ts';
import type { BoletoDoEmail } from './conteudo-email.ts';

// What an e-mail shows besides its text (docs/produto.md §12): the PIX code of the message's charge, the
// updated amount of its receivables with multa and juros, and the customer's last e-mail, to thread a reply.

type Linha = {
  codigo: string | null;
  contas: {
    valorCentavos: number;
    valorPagoCentavos: number;
    vencimento: string;
    multaPendenteCentavos: number;
    jurosPendentesCentavos: number;
    encargosAte: string | null;
    linhaDigitavel: string | null;
    codigoBarras: string | null;
  }[];
  ultimo_email: { id: string; assunto: string | null } | null;
  criada_em: string;
};

export type DadosDoEmail = {
  pixCopiaECola: string | null;
  valor: { totalCentavos: number; multaCentavos: number; jurosCentavos: number } | null;
  boletos: BoletoDoEmail[];
  /** The Message-ID and subject of the customer's last e-mail to us (null: never wrote by e-mail). */
  ultimoEmail: { messageId: string; assunto: string | null } | null;
  /** When the message was stored: with its id, what tells it apart from a message of a reset database. */
  criadaEm: string;
};

export const dadosDoEmail = async (
  db: DbOrTx,
  mensagemId: number,
  atualizacao: Atualizacao,
): Promise<DadosDoEmail> => {
  const [l] = linhasDe<Linha>(
    await db.execute(sql`
      -- The terms of an agreement in automatic debit: journey 3's code, over the first instalment's cob.
      SELECT coalesce(CASE WHEN m.template_tipo = 'negociacao' THEN ${codigoDaJornada3(sql`m.pix_txid`)} END,
        (SELECT cp.pix_copia_e_cola FROM cobrancas_pix cp WHERE cp.txid = m.pix_txid)) AS codigo,
        coalesce((SELECT jsonb_agg(jsonb_build_object('valorCentavos', cr.valor_centavos,
            'valorPagoCentavos', cr.valor_pago_centavos, 'vencimento', cr.vencimento,
            'multaPendenteCentavos', cr.multa_pendente_centavos, 'jurosPendentesCentavos', cr.juros_pendentes_centavos,
            'encargosAte', cr.encargos_ate, 'linhaDigitavel', cr.linha_digitavel, 'codigoBarras', cr.codigo_barras)
            ORDER BY cr.vencimento, cr.id)
          FROM regua_envios re JOIN contas_receber cr ON cr.id = re.conta_id AND cr.status = 'aberta'
          WHERE re.mensagem_id = m.id), '[]'::jsonb) AS contas,
        (SELECT jsonb_build_object('id', e.canal_mensagem_id, 'assunto', e.assunto) FROM mensagens e
          WHERE e.cliente_id = m.cliente_id AND e.direcao = 'entrada' AND e.canal = 'email'
          ORDER BY e.id DESC LIMIT 1) AS ultimo_email,
        m.created_at::text AS criada_em
      FROM mensagens m WHERE m.id = ${mensagemId}`),
  );
  const encargos = (l?.contas ?? []).map((c) => encargosDaConta(c, atualizacao));
  const soma = (f: (e: (typeof encargos)[number]) => number) => encargos.reduce((t, e) => t + f(e), 0);
  return {
    pixCopiaECola: l?.codigo ?? null,
    valor:
      encargos.length === 0
        ? null
        : {
            totalCentavos: soma((e) => e.totalCentavos),
            multaCentavos: soma((e) => e.multaCentavos),
            jurosCentavos: soma((e) => e.jurosCentavos),
          },
    boletos: (l?.contas ?? []).flatMap((c) =>
      c.linhaDigitavel && c.codigoBarras
        ? [{ linhaDigitavel: c.linhaDigitavel, codigoBarras: c.codigoBarras, vencimento: c.vencimento }]
        : [],
    ),
    ultimoEmail: l?.ultimo_email ? { messageId: l.ultimo_email.id, assunto: l.ultimo_email.assunto } : null,
    criadaEm: l?.criada_em ?? '',
  };
};
