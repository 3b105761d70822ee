import type { MensagemStatus, SaidaSimulada } from '@cobranca/contracts';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Db } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import type { Ator } from '../../lib/ator.ts';
import { conteudoNaTela } from '../../lib/conteudo-mensagem.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { buscarEmailArmazenado, buscarEmailConfigurado } from '../canais/email/email-settings.repository.ts';
import {
  devolucaoSimulada,
  type EmailOriginal,
  reclamacaoSimulada,
  respostaSimulada,
} from '../canais/email/relatorios-simulados.ts';
import { buscarSmsArmazenado } from '../canais/sms/sms-settings.repository.ts';
import { idMensagemSimulada } from './receber-mensagem.service.ts';
import { processarEmailRecebido } from './recebidas/email-recebido.service.ts';
import { receberSms } from './recebidas/sms-recebido.service.ts';
import { registrarStatusCanal } from './status-entrega.repository.ts';

// The simulator's outbox (docs/produto.md §12): each e-mail and SMS "sent" in simulator mode, and what the
// outside world could answer — a reply, a bounce, a complaint — sent back through the same reading as the
// real inbox and webhook, so the whole loop runs in the demo without the internet.

type Linha = {
  id: number;
  canal: 'email' | 'sms';
  para: string;
  assunto: string | null;
  conteudo: string;
  status: MensagemStatus;
  enviada_em: string | null;
  cliente_id: number | null;
  cliente_nome: string | null;
  canal_mensagem_id: string | null;
};

const selecionar = (onde: ReturnType<typeof sql>, limite: number) => sql`
  SELECT m.id, m.canal, coalesce(m.email, m.telefone) AS para, m.assunto, m.conteudo, m.status,
    m.enviada_em::text AS enviada_em, m.cliente_id, c.nome AS cliente_nome, m.canal_mensagem_id
  FROM mensagens m LEFT JOIN clientes c ON c.id = m.cliente_id
  WHERE m.direcao = 'saida' AND m.provedor = 'simulador' AND m.canal IN ('email', 'sms')
    AND m.status NOT IN ('pendente', 'cancelada') AND ${onde}
  ORDER BY m.id DESC LIMIT ${limite}`;

const item = (l: Linha): SaidaSimulada => ({
  id: Number(l.id),
  canal: l.canal,
  para: l.para,
  assunto: l.assunto,
  texto: conteudoNaTela(l.conteudo, l.status),
  status: l.status,
  enviada_em: l.enviada_em ? new Date(l.enviada_em).toISOString() : null,
  cliente: l.cliente_id === null ? null : { id: Number(l.cliente_id), nome: l.cliente_nome ?? '' },
});

export const listarSaidaSimulada = async (
  db: Db,
  q: { canal?: 'email' | 'sms'; antes_de?: number; limite: number },
): Promise<{ itens: SaidaSimulada[]; proximo: number | null }> => {
  const onde = sql`(${q.canal ?? null}::text IS NULL OR m.canal = ${q.canal ?? null}::text)
    AND (${q.antes_de ?? null}::bigint IS NULL OR m.id < ${q.antes_de ?? null}::bigint)`;
  const linhas = linhasDe<Linha>(await db.execute(selecionar(onde, q.limite + 1)));
  const itens = linhas.slice(0, q.limite).map(item);
  return { itens, proximo: linhas.length > q.limite ? (itens.at(-1)?.id ?? null) : null };
};

const NAO_ENCONTRADA = 'Mensagem não encontrada na caixa de saída do simulador.';

const buscar = async (db: Db, id: number): Promise<Linha> => {
  const [l] = linhasDe<Linha>(await db.execute(selecionar(sql`m.id = ${id}`, 1)));
  if (!l) throw new ErroDominio('MENSAGEM_NAO_ENCONTRADA', NAO_ENCONTRADA);
  return l;
};

/** The e-mail as sent: its HTML with the inline images in place (shown in a sandboxed frame) and its text. */
export const detalharSaidaSimulada = async (db: Db, id: number) => {
  const l = await buscar(db, id);
  const [guardado] = linhasDe<{ bruto: string }>(
    await db.execute(sql`SELECT bruto FROM emails_simulados WHERE mensagem_id = ${id}`),
  );
  if (l.canal !== 'email' || !guardado) return { ...item(l), html: null };
  const email = await simpleParser(Buffer.from(guardado.bruto));
  let html = typeof email.html === 'string' ? email.html : null;
  for (const anexo of email.attachments)
    if (anexo.cid && html)
      html = html.replaceAll(
        `cid:${anexo.cid}`,
        `data:${anexo.contentType};base64,${anexo.content.toString('base64')}`,
      );
  return { ...item(l), texto: email.text ?? item(l).texto, html };
};

const SO_NO_SIMULADOR: Record<'email' | 'sms', string> = {
  email: 'A simulação só está disponível enquanto o e-mail usa o Simulador.',
  sms: 'A simulação só está disponível enquanto o SMS usa o Simulador.',
};

const exigirSimulador = async (db: Db, canal: 'email' | 'sms') => {
  const provedor =
    canal === 'email' ? (await buscarEmailArmazenado(db)).provedor : (await buscarSmsArmazenado(db)).provedor;
  if (provedor !== 'simulador') throw new ErroDominio('SIMULADOR_INATIVO', SO_NO_SIMULADOR[canal]);
};

const original = async (db: Db, appKey: Buffer, l: Linha): Promise<EmailOriginal> => ({
  messageId: l.canal_mensagem_id ?? '',
  para: l.para,
  de: (await buscarEmailConfigurado(db, appKey)).remetente.email,
  assunto: l.assunto ?? '',
});

export type SimulacaoSaida =
  | { tipo: 'resposta'; texto: string }
  | { tipo: 'devolucao'; permanente: boolean }
  | { tipo: 'reclamacao' };

const ROTULO = { resposta: 'resposta', devolucao: 'devolução', reclamacao: 'reclamação' } as const;

/** Plays the outside world's answer to a simulated message, through the real inbound path. */
export const simularNaSaida = async (db: Db, appKey: Buffer, id: number, s: SimulacaoSaida, ator: Ator) => {
  const l = await buscar(db, id);
  await exigirSimulador(db, l.canal);
  const agora = new Date();
  if (l.canal === 'sms') {
    if (s.tipo === 'reclamacao')
      throw new ErroDominio('DADOS_INVALIDOS', 'Reclamação de spam só existe para e-mail.', {
        canal: ['Reclamação de spam só existe para e-mail.'],
      });
    if (s.tipo === 'resposta')
      await receberSms(db, 'simulador', {
        de: l.para,
        texto: s.texto,
        canalMensagemId: idMensagemSimulada(),
        instante: agora,
      });
    else if (s.permanente && l.canal_mensagem_id)
      await registrarStatusCanal(db, {
        provedor: 'simulador',
        canalMensagemId: l.canal_mensagem_id,
        status: 'falhou',
        instante: agora,
        erroCodigo: 'nao_entregue',
        erroMensagem: 'SMS não entregue ao aparelho (simulado).',
      });
  } else {
    const o = await original(db, appKey, l);
    const bruto =
      s.tipo === 'resposta'
        ? respostaSimulada(o, s.texto, agora)
        : s.tipo === 'devolucao'
          ? devolucaoSimulada(o, s.permanente, agora)
          : reclamacaoSimulada(o, agora);
    await processarEmailRecebido(db, bruto, { appKey, provedor: 'simulador', dominio: null, agora });
  }
  await registrarAuditoria(db, {
    usuarioId: ator.usuarioId,
    acao: `simulador.${s.tipo}`,
    descricao: `Simulada ${ROTULO[s.tipo]} de ${l.canal === 'email' ? 'e-mail' : 'SMS'} na caixa de saída`,
    entidade: 'mensagem',
    entidadeId: l.id,
    ip: ator.ip,
  });
};
