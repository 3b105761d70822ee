import type { ChamadaResultado } from '@cobranca/contracts';
import { formatarDataBr, formatarReais, somarDias, somarMinutos } from '@cobranca/dominio';
import type { ClienteDemo } from './demo-clientes.ts';
import type { ContaDemo } from './demo-contas.ts';
import type { Contexto } from './demo-contexto.ts';
import {
  OBSERVACOES_CHAMADA_ATENDIDA,
  PAUSAS,
  RESPOSTAS_AGUARDANDO,
  RESPOSTAS_ATENDIMENTO,
} from './demo-data.ts';
import {
  entrada,
  MARGEM_HISTORICO_MIN,
  type MensagemDemo,
  mensagensDaRegua,
  saida,
  somaCentavos,
  tratamento,
  ultimas,
} from './demo-mensagens.ts';

export type ChamadaDemo = { resultado: ChamadaResultado; observacao: string | null; createdAt: Date };
export type PromessaDemo = { data: string; valorCentavos: number; createdAt: Date };

/** What happened around a customer's open receivables, and the customer fields that follow from it. */
export type ConversaDemo = {
  mensagens: MensagemDemo[];
  chamadas: ChamadaDemo[];
  promessa: PromessaDemo | null;
  numeroChamadas: number;
  aguardandoDesde: Date | null;
  pausaMotivo: string | null;
};

const PROMESSAS_NA_DEMO = 2;

/** A conversation in which the customer has already answered the régua's latest message. */
type ConversaComResposta = (
  ctx: Contexto,
  cliente: ClienteDemo,
  abertas: readonly ContaDemo[],
  indice: number,
) => ConversaDemo;

const conversa = (partes: Partial<ConversaDemo>): ConversaDemo => ({
  mensagens: [],
  chamadas: [],
  promessa: null,
  numeroChamadas: 0,
  aguardandoDesde: null,
  pausaMotivo: null,
  ...partes,
});

/** The last `quantidade` régua messages, and the instant a reply chain may start after them. */
const reguaRecente = (
  ctx: Contexto,
  cliente: ClienteDemo,
  abertas: readonly ContaDemo[],
  quantidade: number,
) => {
  const mensagens = ultimas(mensagensDaRegua(ctx, cliente, abertas), quantidade);
  const ultima = mensagens.at(-1)?.createdAt ?? somarMinutos(ctx.agora, -MARGEM_HISTORICO_MIN);
  return { mensagens, ultima };
};

/**
 * The customer answers from 10 minutes to 3 days after the last message, never later than the
 * history margin (what follows must fit in it). The seconds carry the customer's index, so no two
 * customers wait since the same instant.
 */
const respostaDoCliente = (ctx: Contexto, apos: Date, indice: number, texto: string): MensagemDemo => {
  const margem = Math.floor(
    (somarMinutos(ctx.agora, -MARGEM_HISTORICO_MIN).getTime() - apos.getTime()) / 60_000,
  );
  const minutos = ctx.s.inteiro(10, Math.max(10, Math.min(3 * 24 * 60, margem)));
  return entrada(texto, new Date(somarMinutos(apos, minutos).getTime() + (indice % 60) * 1_000));
};

const doOperador = (ctx: Contexto, conteudo: string, apos: Date): MensagemDemo =>
  saida(ctx, {
    origem: 'operador',
    doOperador: true,
    conteudo,
    createdAt: somarMinutos(apos, ctx.s.inteiro(5, 40)),
  });

/** Automation running: 0–2 messages since the customer's last contact (below the "com falhas" mark). */
const conversaAtiva = (ctx: Contexto, cliente: ClienteDemo, abertas: readonly ContaDemo[]): ConversaDemo => {
  const { mensagens } = reguaRecente(ctx, cliente, abertas, ctx.s.inteiro(0, 2));
  return conversa({ mensagens, numeroChamadas: mensagens.length });
};

/** Several unanswered messages and calls: 3+ attempts make the red "com falhas" badge. */
const conversaComFalhas = (
  ctx: Contexto,
  cliente: ClienteDemo,
  abertas: readonly ContaDemo[],
): ConversaDemo => {
  const { mensagens, ultima } = reguaRecente(ctx, cliente, abertas, ctx.s.inteiro(3, 4));
  let instante = ultima;
  const chamadas = Array.from({ length: Math.max(ctx.s.inteiro(0, 1), 3 - mensagens.length) }, () => {
    instante = somarMinutos(instante, ctx.s.inteiro(20, 40));
    const resultado = ctx.s.chance(0.5) ? 'nao_atendida' : 'caixa_postal';
    return { resultado, observacao: 'Tentativa de contato sem sucesso.', createdAt: instante } as const;
  });
  return conversa({ mensagens, chamadas, numeroChamadas: mensagens.length + chamadas.length });
};

const conversaAguardando: ConversaComResposta = (ctx, cliente, abertas, indice) => {
  const { mensagens, ultima } = reguaRecente(ctx, cliente, abertas, ctx.s.inteiro(1, 2));
  const resposta = respostaDoCliente(ctx, ultima, indice, ctx.s.escolher(RESPOSTAS_AGUARDANDO));
  return conversa({ mensagens: [...mensagens, resposta], aguardandoDesde: resposta.createdAt });
};

const conversaPausada: ConversaComResposta = (ctx, cliente, abertas, indice) => {
  const { mensagens, ultima } = reguaRecente(ctx, cliente, abertas, ctx.s.inteiro(1, 2));
  const pausa = ctx.s.escolher(PAUSAS);
  const resposta = respostaDoCliente(ctx, ultima, indice, pausa.resposta);
  const retorno = doOperador(
    ctx,
    `Entendido, ${tratamento(cliente)}. Vamos verificar com o setor responsável e, enquanto isso, as mensagens automáticas ficam suspensas. Retornaremos em breve por aqui.`,
    resposta.createdAt,
  );
  return conversa({ mensagens: [...mensagens, resposta, retorno], pausaMotivo: pausa.motivo });
};

/** Taken over by an operator: a negotiation under way, ending in a promise to pay for the first few. */
const conversaEmAtendimento: ConversaComResposta = (ctx, cliente, abertas, indice) => {
  const { mensagens, ultima } = reguaRecente(ctx, cliente, abertas, ctx.s.inteiro(1, 2));
  const total = somaCentavos(abertas);
  const resposta = respostaDoCliente(ctx, ultima, indice, ctx.s.escolher(RESPOSTAS_ATENDIMENTO));
  const proposta = doOperador(
    ctx,
    `Olá, ${tratamento(cliente)}! Aqui é da equipe de atendimento da ${ctx.empresa.nome}. Obrigado pelo retorno. Conseguimos parcelar o total de ${formatarReais(total)} em até 3 vezes sem juros. Podemos seguir assim?`,
    resposta.createdAt,
  );
  const thread = [...mensagens, resposta, proposta];
  if (ctx.contador.promessas >= PROMESSAS_NA_DEMO) return conversaComChamada(ctx, thread);
  ctx.contador.promessas++;
  const data = somarDias(ctx.hoje, ctx.s.inteiro(3, 12));
  const aceite = entrada(
    `Prefiro pagar tudo de uma vez. Consigo no dia ${formatarDataBr(data)}.`,
    somarMinutos(proposta.createdAt, ctx.s.inteiro(5, 40)),
  );
  const confirmacao = doOperador(
    ctx,
    `Combinado, ${tratamento(cliente)}! Registrei a sua promessa de pagamento de ${formatarReais(total)} para ${formatarDataBr(data)}. Qualquer imprevisto, é só avisar por aqui.`,
    aceite.createdAt,
  );
  const promessa = { data, valorCentavos: total, createdAt: confirmacao.createdAt };
  return conversa({ mensagens: [...thread, aceite, confirmacao], promessa });
};

const conversaComChamada = (ctx: Contexto, mensagens: MensagemDemo[]): ConversaDemo => {
  const ultima = mensagens.at(-1)?.createdAt ?? ctx.agora;
  if (!ctx.s.chance(0.6)) return conversa({ mensagens });
  const chamada: ChamadaDemo = {
    resultado: 'atendida',
    observacao: ctx.s.escolher(OBSERVACOES_CHAMADA_ATENDIDA),
    createdAt: somarMinutos(ultima, ctx.s.inteiro(10, 40)),
  };
  return conversa({ mensagens, chamadas: [chamada] });
};

/** The conversation around a not-yet-concluded customer's open receivables, by profile. */
export const conversaDasContasAbertas: ConversaComResposta = (ctx, cliente, abertas, indice) => {
  switch (cliente.perfil) {
    case 'ativo':
      return conversaAtiva(ctx, cliente, abertas);
    case 'com_falhas':
      return conversaComFalhas(ctx, cliente, abertas);
    case 'aguardando_atendimento':
      return conversaAguardando(ctx, cliente, abertas, indice);
    case 'pausado':
      return conversaPausada(ctx, cliente, abertas, indice);
    case 'em_atendimento':
      return conversaEmAtendimento(ctx, cliente, abertas, indice);
    case 'concluido':
      return conversa({});
  }
};
