import { caminhoNaFila } from '../inbox/caminhos.ts';
import { type ClientesListaConfig, ClientesListaPage } from './clientes-lista.tsx';
import { colunasAguardando, colunasConcluidos, colunasEmCobranca } from './clientes-lista-columns.tsx';

// The four operator lists of docs/produto.md §5, one shared page with a config each.

const ATIVOS: ClientesListaConfig = {
  endpoint: 'ativos',
  title: 'Clientes Ativos',
  subtitle: 'Seus clientes em cobrança (ativos e pausados).',
  emptyMessage: 'Nenhum cliente ativo no momento.',
  columns: colunasEmCobranca,
  ordemPadrao: { key: 'nome', direction: 'asc' },
  comFalhasToggle: true,
};

const AGUARDANDO: ClientesListaConfig = {
  endpoint: 'aguardando-atendimento',
  title: 'Aguardando Atendimento',
  subtitle: 'Clientes que responderam e esperam um operador, os mais antigos primeiro.',
  emptyMessage: 'Nenhum cliente aguardando atendimento.',
  columns: colunasAguardando,
  ordemPadrao: { key: 'aguardando_desde', direction: 'asc' },
  // Rows open the inbox: the queue beside the conversation.
  caminhoDoCliente: caminhoNaFila('aguardando-atendimento'),
};

const EM_ATENDIMENTO: ClientesListaConfig = {
  endpoint: 'em-atendimento',
  title: 'Em Atendimento',
  subtitle: 'Clientes que você assumiu e está atendendo.',
  emptyMessage: 'Nenhum cliente em atendimento.',
  columns: colunasEmCobranca,
  ordemPadrao: { key: 'ultima_mensagem', direction: 'desc' },
  caminhoDoCliente: caminhoNaFila('em-atendimento'),
};

const CONCLUIDOS: ClientesListaConfig = {
  endpoint: 'concluidos',
  title: 'Clientes Concluídos',
  subtitle: 'Clientes sem contas em aberto: quanto foi recuperado e quando.',
  emptyMessage: 'Nenhum cliente concluído ainda.',
  columns: colunasConcluidos,
  ordemPadrao: { key: 'nome', direction: 'asc' },
};

export const OperadorClientesPage = () => <ClientesListaPage config={ATIVOS} />;
export const OperadorAguardandoAtendimentoPage = () => <ClientesListaPage config={AGUARDANDO} />;
export const OperadorEmAtendimentoPage = () => <ClientesListaPage config={EM_ATENDIMENTO} />;
export const OperadorConcluidosPage = () => <ClientesListaPage config={CONCLUIDOS} />;
