import { createHash } from 'node:crypto';
import type { MensagemOrigem, ProvedorMensagem } from '@cobranca/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { linhasDe } from '../../../db/linhas.ts';
import { clientes } from '../../../db/schema/index.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { clienteDoDescadastro, tokenDoMailto } from '../../canais/email/descadastro.ts';
import { classificarEmail, type EmailClassificado } from '../../canais/email/entrada/classificar-email.ts';
import { descadastrarDoCanal, marcarEmailDevolvido } from '../../canais/opt-out-canal.ts';
import type { ClienteRow } from '../../clientes/clientes-operador.repository.ts';
import { inserirEntrada } from '../entrada.repository.ts';
import { receberDoCliente } from '../receber-mensagem.service.ts';
import { MAX_ENVIOS_EMAIL_ADIADO, reenviarEmailAdiado } from '../saida.repository.ts';
import { registrarStatusCanal } from '../status-entrega.repository.ts';

// What an e-mail arriving in the inbox does (docs/produto.md §12): a reply enters the customer's
// conversation like a WhatsApp one; a permanent bounce marks the address bounced and the message failed
// (the next channel goes the same day); a temporary one the relay gave up on is sent again, a few times; a complaint or a mailto unsubscribe opts the customer out of
// e-mail. The inbox may hand a message over more than once (several nodes): every effect is idempotent.

export type ResultadoEmailRecebido =
  | 'resposta'
  | 'resposta_sem_cliente'
  | 'repetida'
  | 'descadastro'
  | 'devolucao'
  | 'devolucao_temporaria'
  | 'reclamacao'
  | 'ignorado';

type Contexto = { appKey: Buffer; provedor: ProvedorMensagem; dominio: string | null; agora: Date };

type Original = {
  id: number;
  origem: MensagemOrigem;
  cliente_id: number | null;
  email: string | null;
  provedor: ProvedorMensagem;
  canal_mensagem_id: string;
};

/** Our e-mail a report or reply is about: by its Message-ID, else the last one sent to `email`. */
const mensagemOriginal = async (
  db: DbOrTx,
  ids: string[],
  email: string | null,
): Promise<Original | undefined> => {
  const [porId] = ids.length
    ? linhasDe<Original>(
        await db.execute(sql`
          SELECT id, origem, cliente_id, email, provedor, canal_mensagem_id FROM mensagens
          WHERE canal = 'email' AND direcao = 'saida'
            AND canal_mensagem_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
          ORDER BY id DESC LIMIT 1`),
      )
    : [];
  if (porId || !email) return porId;
  const [porEndereco] = linhasDe<Original>(
    await db.execute(sql`
      SELECT id, origem, cliente_id, email, provedor, canal_mensagem_id FROM mensagens
      WHERE canal = 'email' AND direcao = 'saida' AND lower(email) = ${email.toLowerCase()}
        AND canal_mensagem_id IS NOT NULL
      ORDER BY id DESC LIMIT 1`),
  );
  return porEndereco;
};

/** The customer a reply comes from, locked: the thread it answers, else the sender's address. */
const clienteDaResposta = async (
  tx: DbOrTx,
  c: Extract<EmailClassificado, { tipo: 'resposta' }>,
): Promise<ClienteRow | null> => {
  const original = await mensagemOriginal(
    tx,
    [c.emRespostaA, ...c.referencias].filter((x) => x !== null),
    null,
  );
  const [linha] = linhasDe<{ id: number }>(
    await tx.execute(
      original?.cliente_id
        ? sql`SELECT ${original.cliente_id}::int AS id`
        : sql`SELECT id FROM clientes WHERE lower(email) = ${c.de}
            ORDER BY ultima_mensagem_em DESC NULLS LAST, id DESC LIMIT 1`,
    ),
  );
  if (!linha) return null;
  const [cliente] = await tx
    .select()
    .from(clientes)
    .where(eq(clientes.id, Number(linha.id)))
    .for('update');
  return cliente ?? null;
};

const responder = async (
  db: Db,
  ctx: Contexto,
  c: Extract<EmailClassificado, { tipo: 'resposta' }>,
  digesto: string,
) =>
  db.transaction(async (tx): Promise<ResultadoEmailRecebido> => {
    // A message sent to the unsubscribe mailto (`local+sair-TOKEN@…`).
    for (const endereco of c.para) {
      const token = tokenDoMailto(endereco);
      const clienteId = token ? clienteDoDescadastro(ctx.appKey, token) : null;
      if (clienteId === null) continue;
      await descadastrarDoCanal(tx, {
        clienteId,
        canal: 'email',
        origem: 'descadastro_email',
        prova: { de: c.de, para: endereco, message_id: c.messageId, assunto: c.assunto },
        agora: ctx.agora,
      });
      return 'descadastro';
    }
    const canalMensagemId = c.messageId ?? `<${digesto}@sem-message-id>`;
    const [repetida] = linhasDe<{ id: number }>(
      await tx.execute(
        sql`SELECT id FROM mensagens WHERE provedor = ${ctx.provedor} AND canal_mensagem_id = ${canalMensagemId}`,
      ),
    );
    if (repetida) return 'repetida';
    const entrada = {
      canal: 'email' as const,
      provedor: ctx.provedor,
      telefone: null,
      email: c.de,
      assunto: c.assunto,
      conteudo: c.texto || '(e-mail sem texto)',
      canalMensagemId,
      recebidaEm: c.recebidaEm,
    };
    const cliente = await clienteDaResposta(tx, c);
    if (!cliente) {
      await inserirEntrada(tx, entrada, null);
      return 'resposta_sem_cliente';
    }
    await receberDoCliente(tx, cliente, entrada);
    return 'resposta';
  });

const DESCRICAO_ADIADO = {
  adiada: (status: string) => `Entrega de e-mail adiada (${status}): o servidor continua tentando`,
  reagendada: (status: string) => `E-mail não entregue por falha temporária (${status}): novo envio agendado`,
  falhou: (status: string) =>
    `E-mail não entregue por falha temporária (${status}) após ${MAX_ENVIOS_EMAIL_ADIADO} envios: segue pelo próximo canal`,
};

const devolver = async (db: Db, ctx: Contexto, c: Extract<EmailClassificado, { tipo: 'devolucao' }>) => {
  const original = await mensagemOriginal(
    db,
    c.mensagemOriginalId ? [c.mensagemOriginalId] : [],
    c.destinatario,
  );
  const email = c.destinatario ?? original?.email ?? null;
  if (!c.permanente)
    return db.transaction(async (tx) => {
      // 'delayed': the relay keeps trying within its queue's lifetime. 'failed' with a 4.x.x: it gave up
      // for a reason that may pass (a full mailbox, a server down): we send again, a bounded number of times.
      const reenvio =
        c.acao === 'failed' && original
          ? await reenviarEmailAdiado(
              tx,
              { id: original.id, origem: original.origem, clienteId: original.cliente_id },
              {
                erroCodigo: 'adiado',
                erroMensagem: `E-mail não entregue, falha temporária (${c.status})${c.diagnostico ? `: ${c.diagnostico}` : ''}`,
              },
              ctx.agora,
            )
          : null;
      await registrarAuditoria(tx, {
        usuarioId: null,
        acao: 'email.devolucao_temporaria',
        descricao: DESCRICAO_ADIADO[reenvio ?? 'adiada'](c.status),
        entidade: 'cliente',
        entidadeId: original?.cliente_id ?? undefined,
        detalhes: {
          mensagem_id: original?.id ?? null,
          email,
          status: c.status,
          acao: c.acao,
          diagnostico: c.diagnostico,
          reenvio,
        },
      });
      return 'devolucao_temporaria' as const;
    });
  if (email)
    await db.transaction(async (tx) => {
      if (
        await marcarEmailDevolvido(tx, {
          email,
          status: c.status,
          diagnostico: c.diagnostico,
          mensagemId: original?.id ?? null,
          agora: ctx.agora,
        })
      )
        await registrarAuditoria(tx, {
          usuarioId: null,
          acao: 'email.devolvido',
          descricao: `E-mail devolvido (${c.status}): nenhum e-mail vai mais para este endereço`,
          entidade: 'cliente',
          entidadeId: original?.cliente_id ?? undefined,
          detalhes: {
            mensagem_id: original?.id ?? null,
            email,
            status: c.status,
            diagnostico: c.diagnostico,
          },
        });
    });
  if (original)
    await registrarStatusCanal(db, {
      provedor: original.provedor,
      canalMensagemId: original.canal_mensagem_id,
      status: 'falhou',
      instante: ctx.agora,
      erroCodigo: 'devolvido',
      erroMensagem: `E-mail devolvido (${c.status})${c.diagnostico ? `: ${c.diagnostico}` : ''}`,
    });
  return 'devolucao' as const;
};

const reclamar = async (db: Db, ctx: Contexto, c: Extract<EmailClassificado, { tipo: 'reclamacao' }>) => {
  const original = await mensagemOriginal(
    db,
    c.mensagemOriginalId ? [c.mensagemOriginalId] : [],
    c.destinatario,
  );
  const [porEndereco] =
    original?.cliente_id || !c.destinatario
      ? []
      : linhasDe<{ id: number }>(
          await db.execute(
            sql`SELECT id FROM clientes WHERE lower(email) = ${c.destinatario} ORDER BY id DESC LIMIT 1`,
          ),
        );
  const clienteId = original?.cliente_id ?? (porEndereco ? Number(porEndereco.id) : null);
  if (clienteId === null) return 'ignorado' as const;
  await db.transaction((tx) =>
    descadastrarDoCanal(tx, {
      clienteId,
      canal: 'email',
      origem: 'reclamacao',
      prova: { relatorio: c.messageId, mensagem_id: original?.id ?? null, destinatario: c.destinatario },
      agora: ctx.agora,
    }),
  );
  return 'reclamacao' as const;
};

/** Applies one message from the inbox; safe to call again with the same bytes. */
export const processarEmailRecebido = async (
  db: Db,
  bruto: Buffer,
  ctx: Contexto,
): Promise<ResultadoEmailRecebido> => {
  const c = await classificarEmail(bruto, ctx.dominio ? { dominioMensagens: ctx.dominio } : {});
  switch (c.tipo) {
    case 'resposta':
      return responder(db, ctx, c, createHash('sha256').update(bruto).digest('hex'));
    case 'devolucao':
      return devolver(db, ctx, c);
    case 'reclamacao':
      return reclamar(db, ctx, c);
    case 'ignorado':
      return 'ignorado';
  }
};
