import type { MensagemDirecao, MensagemOrigem, MensagemStatus, TemplateTipo } from '@cobranca/contracts';
import { diaDaSemana, instanteNoFuso, somarDias, somarMinutos } from '@cobranca/dominio';
import { templatePadrao } from '../mensagens/template-canal.ts';
import { montarMensagemAgradecimento } from '../negociacoes/mensagem-agradecimento.ts';
import type { PlanoCliente } from '../regua/etapas.ts';
import { montarMensagemRegua } from '../regua/mensagem-regua.ts';
import type { Identidade } from './demo-clientes.ts';
import type { ContaDemo } from './demo-contas.ts';
import { ate, type Contexto, type EtapaRegua } from './demo-contexto.ts';
import { RESPOSTAS_PAGAMENTO } from './demo-data.ts';

/** The régua step a message fulfilled, recorded in `regua_envios` so the engine never repeats it. */
export type EnvioRegua = { contaChave: string; etapaDias: number; dataReferencia: string };

export type MensagemDemo = {
  direcao: MensagemDirecao;
  origem: MensagemOrigem;
  status: MensagemStatus;
  conteudo: string;
  /** True when an operator wrote it (the seed fills in the customer's operator). */
  doOperador: boolean;
  templateTipo: TemplateTipo | null;
  valorCentavos: number | null;
  createdAt: Date;
  entregueEm: Date | null;
  lidaEm: Date | null;
  envio: EnvioRegua | null;
};

// Automatic history stops 4 hours before "now"; conversations after it fit in that margin.
export const MARGEM_HISTORICO_MIN = 4 * 60;

export const somaCentavos = (contas: readonly ContaDemo[]): number =>
  contas.reduce((total, conta) => total + conta.valorCentavos, 0);

// The demo's history is made of messages already sent: none carries a charge (the {{pix}} paragraph
// renders empty and leaves no gap).

/** How messages address the customer: first name for people, the company name otherwise. */
export const tratamento = (cliente: Identidade): string =>
  cliente.documentoTipo === 'cpf' ? (cliente.nome.split(' ')[0] ?? cliente.nome) : cliente.nome;

export const saida = (
  ctx: Contexto,
  campos: Pick<MensagemDemo, 'origem' | 'conteudo' | 'createdAt'> & Partial<MensagemDemo>,
): MensagemDemo => {
  const status = campos.status ?? (ctx.s.chance(0.6) ? 'lida' : 'entregue');
  return {
    direcao: 'saida',
    status,
    doOperador: false,
    templateTipo: null,
    valorCentavos: null,
    entregueEm: new Date(campos.createdAt.getTime() + 4_000),
    lidaEm: status === 'lida' ? somarMinutos(campos.createdAt, ctx.s.inteiro(1, 4)) : null,
    envio: null,
    ...campos,
  };
};

export const entrada = (conteudo: string, createdAt: Date): MensagemDemo => ({
  direcao: 'entrada',
  origem: 'cliente',
  status: 'recebida',
  conteudo,
  doOperador: false,
  templateTipo: null,
  valorCentavos: null,
  createdAt,
  entregueEm: null,
  lidaEm: null,
  envio: null,
});

// No sending on Sundays: reminders move a day earlier, later steps to Monday (docs/produto.md §11).
const dataDeEnvio = (dataEtapa: string, dias: number): string =>
  diaDaSemana(dataEtapa) === 0 ? somarDias(dataEtapa, dias < 0 ? -1 : 1) : dataEtapa;

const mensagemRegua = (
  ctx: Contexto,
  cliente: Identidade,
  abertas: readonly ContaDemo[],
  etapa: EtapaRegua,
): MensagemDemo | null => {
  const referencia = abertas[0];
  if (!referencia) return null;
  const dataReferencia = somarDias(referencia.vencimento, etapa.dias);
  const createdAt = instanteNoFuso(
    dataDeEnvio(dataReferencia, etapa.dias),
    ctx.s.inteiro(9 * 60, 12 * 60 - 1),
  );
  if (createdAt > somarMinutos(ctx.agora, -MARGEM_HISTORICO_MIN)) return null;
  const total = somaCentavos(abertas);
  // The engine's own message for this step: the oldest receivable first, as the planner orders them.
  const plano: PlanoCliente = {
    etapa,
    contas: abertas.map((conta, i) => ({
      id: i,
      vencimento: conta.vencimento,
      saldoCentavos: conta.valorCentavos,
      etapa,
    })),
    totalCentavos: total,
  };
  const { conteudo } = montarMensagemRegua({
    nome: tratamento(cliente),
    plano,
    chave: `demo:${referencia.chave}:${etapa.dias}`,
    hoje: dataReferencia,
    credor: ctx.empresa,
    comPix: false,
    template: templatePadrao(etapa.tipo),
  });
  const envio = { contaChave: referencia.chave, etapaDias: etapa.dias, dataReferencia };
  return saida(ctx, {
    origem: 'regua',
    conteudo,
    templateTipo: etapa.tipo,
    valorCentavos: total,
    createdAt,
    envio,
  });
};

/**
 * The régua messages already sent for the oldest of `abertas` (steps before `antesDe`, when
 * given), oldest first; the caller keeps the last few.
 */
export const mensagensDaRegua = (
  ctx: Contexto,
  cliente: Identidade,
  abertas: readonly ContaDemo[],
  antesDe: string | null = null,
): MensagemDemo[] => {
  const vencimento = abertas[0]?.vencimento ?? ctx.hoje;
  return ctx.regua
    .filter((etapa) => antesDe === null || somarDias(vencimento, etapa.dias) < antesDe)
    .map((etapa) => mensagemRegua(ctx, cliente, abertas, etapa))
    .filter((mensagem) => mensagem !== null);
};

export const ultimas = <T>(lista: readonly T[], quantidade: number): T[] =>
  quantidade <= 0 ? [] : lista.slice(-quantidade);

/** A settled receivable's thread: a reminder or two, maybe "paguei", then the thank-you. */
export const conversaDaContaPaga = (ctx: Contexto, cliente: Identidade, conta: ContaDemo): MensagemDemo[] => {
  const pagoEm = conta.pagoEm ?? ctx.hoje;
  const lembretes = ultimas(mensagensDaRegua(ctx, cliente, [conta], pagoEm), ctx.s.inteiro(1, 2));
  const agradecidoEm = ate(
    instanteNoFuso(pagoEm, ctx.s.inteiro(15 * 60, 18 * 60)),
    somarMinutos(ctx.agora, -30),
  );
  const agradecimento = saida(ctx, {
    origem: 'sistema',
    templateTipo: 'agradecimento',
    valorCentavos: conta.valorCentavos,
    createdAt: agradecidoEm,
    conteudo: montarMensagemAgradecimento({
      nome: tratamento(cliente),
      valorCentavos: conta.valorCentavos,
      credor: ctx.empresa,
      template: templatePadrao('agradecimento'),
    }).conteudo,
  });
  const respondeu = ctx.s.chance(0.4);
  const resposta = entrada(
    ctx.s.escolher(RESPOSTAS_PAGAMENTO),
    somarMinutos(agradecidoEm, -ctx.s.inteiro(5, 60)),
  );
  return [...lembretes, ...(respondeu ? [resposta] : []), agradecimento];
};
