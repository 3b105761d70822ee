import type { ClienteStatus, ContaStatus, MensagemDirecao, MensagemStatus } from '@cobranca/contracts';
import { calcularEncargos, ENCARGOS_PADRAO } from '@cobranca/dominio';
import type { DbOrTx } from '../../db/client.ts';
import { clientes, contasReceber, mensagens } from '../../db/schema/index.ts';
import { termoBusca } from '../../lib/busca.ts';

// Direct inserts for API tests that need customers and receivables in a known state.

let sequencia = 0;

export type NovoCliente = {
  nome: string;
  documento?: string;
  /** null: no phone. */
  telefone?: string | null;
  email?: string | null;
  status?: ClienteStatus;
  operadorId?: number | null;
  numeroChamadas?: number;
};

export const inserirCliente = async (db: DbOrTx, novo: NovoCliente): Promise<number> => {
  sequencia += 1;
  const documento = novo.documento ?? String(90_000_000_000 + sequencia);
  const status = novo.status ?? 'ativo';
  const [row] = await db
    .insert(clientes)
    .values({
      nome: novo.nome,
      documento,
      documentoTipo: documento.length === 14 ? 'cnpj' : 'cpf',
      telefone: novo.telefone === undefined ? `+55119${String(sequencia).padStart(8, '0')}` : novo.telefone,
      email: novo.email ?? null,
      termoBusca: termoBusca(novo.nome, documento),
      status,
      operadorId: novo.operadorId ?? null,
      numeroChamadas: novo.numeroChamadas ?? 0,
      // The table's CHECKs: a paused customer has a reason, an awaiting one a "since".
      pausaMotivo: status === 'pausado' ? 'Cliente pediu prazo' : null,
      aguardandoDesde: status === 'aguardando_atendimento' ? new Date() : null,
      origemContato: 'manual',
    })
    .returning({ id: clientes.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

export type NovaConta = {
  clienteId: number;
  valorCentavos: number;
  vencimento: string;
  status?: ContaStatus;
  valorPagoCentavos?: number;
};

export const inserirConta = async (db: DbOrTx, nova: NovaConta): Promise<number> => {
  const status = nova.status ?? 'aberta';
  const [row] = await db
    .insert(contasReceber)
    .values({
      clienteId: nova.clienteId,
      origem: 'manual',
      descricao: 'Parcela de teste',
      valorCentavos: nova.valorCentavos,
      vencimento: nova.vencimento,
      status,
      valorPagoCentavos: nova.valorPagoCentavos ?? 0,
      pagoEm: status === 'paga' ? nova.vencimento : null,
    })
    .returning({ id: contasReceber.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

export type NovaMensagem = {
  clienteId: number;
  direcao: MensagemDirecao;
  conteudo?: string;
  status?: MensagemStatus;
  createdAt?: Date;
  enviadaEm?: Date | null;
};

/** A simulator message; outbound ones default to 'enviada' at `createdAt`, inbound ones to 'recebida'. */
/**
 * Updated amount in cents of an open principal with the default encargos, on `hoje`: whether a date a few
 * days back is overdue depends on weekends and holidays, which the dominio unit tests pin.
 */
export const valorAtualizadoCentavos = (
  principalCentavos: number,
  vencimento: string,
  hoje: string,
): number =>
  calcularEncargos({ principalCentavos, vencimento, pendentes: null }, hoje, ENCARGOS_PADRAO).totalCentavos;

export const inserirMensagem = async (db: DbOrTx, nova: NovaMensagem): Promise<number> => {
  const createdAt = nova.createdAt ?? new Date();
  const saida = nova.direcao === 'saida';
  const [row] = await db
    .insert(mensagens)
    .values({
      clienteId: nova.clienteId,
      telefone: '+5511900000000',
      direcao: nova.direcao,
      origem: saida ? 'regua' : 'cliente',
      status: nova.status ?? (saida ? 'enviada' : 'recebida'),
      conteudo: nova.conteudo ?? 'Mensagem de teste',
      canal: 'whatsapp',
      provedor: 'simulador',
      createdAt,
      enviadaEm: nova.enviadaEm === undefined ? (saida ? createdAt : null) : nova.enviadaEm,
    })
    .returning({ id: mensagens.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};
