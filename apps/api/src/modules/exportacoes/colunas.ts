import {
  type AdminDashboard,
  CANAL_ROTULOS,
  CLIENTE_STATUS_LABELS,
  type ClienteAdmin,
  type ClienteLista,
  CONTA_ORIGEM_LABELS,
  CONTA_STATUS_LABELS,
  type ContaListada,
  type DashboardOperador,
  type GraficoMensalItem,
  type ItemRevisaoConciliacao,
  type LogEntry,
} from '@cobranca/contracts';
import { formatarDocumento } from '@cobranca/dominio';
import { formatarCelular } from '../../lib/telefone.ts';
import type { Coluna, TipoCelula } from './planilha.ts';

// The columns of each export, as the screens title them (docs/produto.md §5 and §15). Documents and
// phones go as people write them (`123.456.789-09`, `(11) 98100-0001`): text no spreadsheet reads as
// a number (which would drop a leading zero) nor as a formula (`+55…` would be one in CSV).

const colunasBaseCliente = <T extends ClienteAdmin>(): Coluna<T>[] => [
  { titulo: 'Nome', tipo: 'texto', valor: (c) => c.nome, largura: 32 },
  { titulo: 'CPF/CNPJ', tipo: 'texto', valor: (c) => formatarDocumento(c.documento) },
  { titulo: 'Telefone', tipo: 'texto', valor: (c) => c.telefone && formatarCelular(c.telefone) },
  { titulo: 'Status', tipo: 'texto', valor: (c) => CLIENTE_STATUS_LABELS[c.status], largura: 24 },
  { titulo: 'Total em aberto', tipo: 'reais', valor: (c) => c.total_em_aberto },
  { titulo: 'Tentativas', tipo: 'inteiro', valor: (c) => c.numero_chamadas, largura: 12 },
  { titulo: 'Operador', tipo: 'texto', valor: (c) => c.operador?.name, largura: 24 },
];

/** The four operator lists: the same columns, so a file reads the same whichever list it came from. */
export const COLUNAS_CLIENTES_OPERADOR: Coluna<ClienteLista>[] = [
  ...colunasBaseCliente<ClienteLista>(),
  { titulo: 'Dias de atraso', tipo: 'inteiro', valor: (c) => c.dias_atraso, largura: 14 },
  { titulo: 'Última mensagem', tipo: 'texto', valor: (c) => c.ultima_mensagem?.conteudo, largura: 40 },
  { titulo: 'Última mensagem em', tipo: 'data_hora', valor: (c) => c.ultima_mensagem?.created_at },
  {
    titulo: 'Canal da última mensagem',
    tipo: 'texto',
    valor: (c) => (c.ultima_mensagem ? CANAL_ROTULOS[c.ultima_mensagem.canal] : undefined),
    largura: 12,
  },
  { titulo: 'Aguardando desde', tipo: 'data_hora', valor: (c) => c.aguardando_desde },
  { titulo: 'Última resposta', tipo: 'texto', valor: (c) => c.ultima_resposta?.conteudo, largura: 40 },
  { titulo: 'Última resposta em', tipo: 'data_hora', valor: (c) => c.ultima_resposta?.created_at },
  { titulo: 'Recuperado', tipo: 'reais', valor: (c) => c.recuperado },
  { titulo: 'Concluído em', tipo: 'data_hora', valor: (c) => c.concluido_em },
];

export const COLUNAS_CLIENTES_ADMIN: Coluna<ClienteAdmin>[] = colunasBaseCliente<ClienteAdmin>();

export const COLUNAS_CONTAS: Coluna<ContaListada>[] = [
  { titulo: 'Cliente', tipo: 'texto', valor: (c) => c.cliente.nome, largura: 32 },
  { titulo: 'Descrição', tipo: 'texto', valor: (c) => c.descricao, largura: 32 },
  { titulo: 'Parcela', tipo: 'texto', valor: (c) => c.numero_parcela, largura: 10 },
  { titulo: 'Origem', tipo: 'texto', valor: (c) => CONTA_ORIGEM_LABELS[c.origem], largura: 16 },
  { titulo: 'Chave NF-e', tipo: 'texto', valor: (c) => c.chave_nfe, largura: 46 },
  { titulo: 'Vencimento', tipo: 'data', valor: (c) => c.vencimento, largura: 12 },
  { titulo: 'Status', tipo: 'texto', valor: (c) => CONTA_STATUS_LABELS[c.status], largura: 12 },
  { titulo: 'Dias de atraso', tipo: 'inteiro', valor: (c) => c.dias_atraso, largura: 14 },
  { titulo: 'Valor', tipo: 'reais', valor: (c) => c.valor },
  { titulo: 'Valor pago', tipo: 'reais', valor: (c) => c.valor_pago },
  { titulo: 'Saldo', tipo: 'reais', valor: (c) => c.saldo },
  { titulo: 'Multa', tipo: 'reais', valor: (c) => c.multa },
  { titulo: 'Juros', tipo: 'reais', valor: (c) => c.juros },
  { titulo: 'Valor atualizado', tipo: 'reais', valor: (c) => c.valor_atualizado },
  { titulo: 'Pago em', tipo: 'data', valor: (c) => c.pago_em, largura: 12 },
];

export const COLUNAS_LOGS: Coluna<LogEntry>[] = [
  { titulo: 'Data e hora', tipo: 'data_hora', valor: (l) => l.created_at },
  { titulo: 'Ação', tipo: 'texto', valor: (l) => l.acao, largura: 28 },
  { titulo: 'Descrição', tipo: 'texto', valor: (l) => l.descricao, largura: 48 },
  { titulo: 'Usuário', tipo: 'texto', valor: (l) => l.usuario?.name, largura: 24 },
  { titulo: 'IP', tipo: 'texto', valor: (l) => l.ip, largura: 16 },
  { titulo: 'Entidade', tipo: 'texto', valor: (l) => l.entidade, largura: 16 },
  { titulo: 'ID da entidade', tipo: 'texto', valor: (l) => l.entidade_id, largura: 14 },
  {
    titulo: 'Detalhes',
    tipo: 'texto',
    valor: (l) => (l.detalhes ? JSON.stringify(l.detalhes) : null),
    largura: 60,
  },
];

// ── Dashboard ───────────────────────────────────────────────────────────────────

export type Indicador = { nome: string; valor: number; tipo: TipoCelula };

/** The dashboard's figures as rows: the name as the cards title it, the number in its own kind. */
export const indicadoresDo = (d: AdminDashboard): Indicador[] => [
  { nome: 'Valores em aberto', valor: d.valores_em_aberto, tipo: 'reais' },
  { nome: 'Valores cobrados no mês', valor: d.valores_cobrados, tipo: 'reais' },
  { nome: 'Cobrados por PIX automático', valor: d.valores_cobrados_pix_automatico, tipo: 'reais' },
  { nome: 'Cobrados manualmente', valor: d.valores_cobrados_manual, tipo: 'reais' },
  { nome: '% das cobranças do mês', valor: d.percentual_cobrancas_mes, tipo: 'decimal' },
  { nome: 'Mensagens enviadas', valor: d.mensagens_enviadas, tipo: 'inteiro' },
  { nome: 'Mensagens recebidas', valor: d.mensagens_recebidas, tipo: 'inteiro' },
  { nome: 'Taxa de resposta (%)', valor: d.taxa_resposta, tipo: 'decimal' },
];

export const COLUNAS_INDICADORES: Coluna<Indicador>[] = [
  { titulo: 'Indicador', tipo: 'texto', valor: (i) => i.nome, largura: 32 },
  { titulo: 'Valor', tipo: (i) => i.tipo, valor: (i) => i.valor },
];

/** "2025-06" → "06/2025", how the chart's axis reads. */
const mesBr = (mes: string) => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;

export const COLUNAS_GRAFICO: Coluna<GraficoMensalItem>[] = [
  { titulo: 'Mês', tipo: 'texto', valor: (m) => mesBr(m.mes), largura: 10 },
  { titulo: 'Mensagens enviadas', tipo: 'inteiro', valor: (m) => m.enviadas },
  { titulo: 'Mensagens recebidas', tipo: 'inteiro', valor: (m) => m.recebidas },
  { titulo: 'Valor cobrado', tipo: 'reais', valor: (m) => m.valor_cobrado },
  { titulo: 'Valor vencido', tipo: 'reais', valor: (m) => m.valor_vencido },
];

export const COLUNAS_OPERADORES: Coluna<DashboardOperador>[] = [
  { titulo: 'Operador', tipo: 'texto', valor: (o) => o.name, largura: 28 },
  { titulo: 'E-mail', tipo: 'texto', valor: (o) => o.email, largura: 32 },
  { titulo: 'Situação', tipo: 'texto', valor: (o) => o.status },
  { titulo: 'Contatos no mês', tipo: 'inteiro', valor: (o) => o.contatos_mes },
];

// ── The bank reconciliation's review queue (docs/conciliacao.md §6) ───────────────

export const COLUNAS_REVISAO_CONCILIACAO: Coluna<ItemRevisaoConciliacao>[] = [
  { titulo: 'Data', tipo: 'data', valor: (i) => i.data },
  { titulo: 'Arquivo', tipo: 'texto', valor: (i) => i.arquivo.nome, largura: 28 },
  { titulo: 'Linha', tipo: 'inteiro', valor: (i) => i.linha },
  { titulo: 'Lançamento', tipo: 'texto', valor: (i) => i.descricao, largura: 20 },
  { titulo: 'Nosso número', tipo: 'texto', valor: (i) => i.nosso_numero, largura: 16 },
  { titulo: 'Histórico', tipo: 'texto', valor: (i) => i.historico, largura: 40 },
  { titulo: 'Valor', tipo: 'reais', valor: (i) => i.valor },
  { titulo: 'A atribuir', tipo: 'reais', valor: (i) => i.restante },
  { titulo: 'Motivo', tipo: 'texto', valor: (i) => i.motivo, largura: 48 },
  { titulo: 'Melhor candidato', tipo: 'texto', valor: (i) => i.candidatos[0]?.cliente.nome, largura: 28 },
  { titulo: 'Conta do candidato', tipo: 'texto', valor: (i) => i.candidatos[0]?.descricao, largura: 28 },
  { titulo: 'Valor atualizado', tipo: 'reais', valor: (i) => i.candidatos[0]?.valor_atualizado },
  { titulo: 'Diferença', tipo: 'reais', valor: (i) => i.candidatos[0]?.diferenca },
];
