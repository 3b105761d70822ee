import type { ClienteStatus } from '@cobranca/contracts';
import { hojeNoFuso, somarMinutos } from '@cobranca/dominio';
import type { clientes } from '../../db/schema/index.ts';
import { termoBusca } from '../../lib/busca.ts';
import { type ClienteDemo, distribuirClientes, type Perfil } from './demo-clientes.ts';
import { type ContaDemo, planejarContas } from './demo-contas.ts';
import { criarContexto, type Empresa, type EtapaRegua } from './demo-contexto.ts';
import { type ConversaDemo, conversaDasContasAbertas } from './demo-conversas.ts';
import { conversaDaContaPaga } from './demo-mensagens.ts';
import { criarSorteio } from './prng.ts';

// Separate streams: who the customers are never depends on today's date, only their history does.
const SEMENTE_CLIENTES = 20_260_701;
const SEMENTE_HISTORICO = 4_242;

export type ClientePlano = { cliente: ClienteDemo; contas: ContaDemo[]; conversa: ConversaDemo };

export type EntradaPlano = {
  agora: Date;
  operadorIds: readonly number[];
  empresa: Empresa;
  regua: readonly EtapaRegua[];
};

const porInstante = <T extends { createdAt: Date }>(a: T, b: T) =>
  a.createdAt.getTime() - b.createdAt.getTime();

/** Every customer with receivables and history: pure and deterministic for a given `agora`. */
export const planejarDemo = (entrada: EntradaPlano): ClientePlano[] => {
  const ctx = criarContexto(
    criarSorteio(SEMENTE_HISTORICO),
    entrada.agora,
    hojeNoFuso(entrada.agora),
    entrada,
  );
  const lista = distribuirClientes(criarSorteio(SEMENTE_CLIENTES), entrada.operadorIds);
  return lista.map((cliente, indice) => {
    const contas = planejarContas(ctx, cliente.perfil);
    const historico = contas
      .filter((conta) => conta.status === 'paga')
      .flatMap((conta) => conversaDaContaPaga(ctx, cliente, conta));
    const abertas = contas.filter((conta) => conta.status === 'aberta');
    const atual = conversaDasContasAbertas(ctx, cliente, abertas, indice);
    const mensagens = [...historico, ...atual.mensagens].sort(porInstante);
    return { cliente, contas, conversa: { ...atual, mensagens } };
  });
};

const STATUS_DO_PERFIL: Record<Perfil, ClienteStatus> = {
  ativo: 'ativo',
  com_falhas: 'ativo',
  aguardando_atendimento: 'aguardando_atendimento',
  em_atendimento: 'em_atendimento',
  pausado: 'pausado',
  concluido: 'concluido',
};

/** The `clientes` row; its denormalised fields (last message, waiting since…) follow the history. */
export const linhaCliente = ({ cliente, contas, conversa }: ClientePlano): typeof clientes.$inferInsert => {
  const ultima = conversa.mensagens.at(-1);
  const primeiraConta = Math.min(...contas.map((conta) => conta.createdAt.getTime()));
  return {
    nome: cliente.nome,
    documento: cliente.documento,
    documentoTipo: cliente.documentoTipo,
    telefone: cliente.telefone,
    email: cliente.email,
    // Companies are reached by e-mail first (their finance department), people by WhatsApp.
    canalPreferido: cliente.documentoTipo === 'cnpj' ? 'email' : null,
    termoBusca: termoBusca(cliente.nome, cliente.documento),
    status: STATUS_DO_PERFIL[cliente.perfil],
    operadorId: cliente.operadorId,
    numeroChamadas: conversa.numeroChamadas,
    pausaMotivo: conversa.pausaMotivo,
    aguardandoDesde: conversa.aguardandoDesde,
    ultimaMensagemEm: ultima?.createdAt ?? null,
    ultimaMensagemTexto: ultima?.conteudo ?? null,
    // A promise to pay snoozes automation until its date (docs/produto.md §10).
    sonecaAte: conversa.promessa?.data ?? null,
    baseLegal: 'execucao_contrato',
    origemContato: 'demo',
    // Registered a day before its first receivable was issued.
    createdAt: somarMinutos(new Date(primeiraConta), -24 * 60),
  };
};
