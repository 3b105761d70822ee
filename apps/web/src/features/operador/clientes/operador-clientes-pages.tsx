import { type ClientesListaConfig, ClientesListaPage } from './clientes-lista.tsx';
import { aguardandoDesdeColumn } from './clientes-lista-columns.tsx';

// The four operator lists of docs/produto.md §5, one shared page with a config each.

const ATIVOS: ClientesListaConfig = {
  endpoint: 'ativos',
  title: 'Clientes Ativos',
  subtitle: 'Seus clientes em cobrança (ativos e pausados).',
  emptyMessage: 'Nenhum cliente ativo no momento.',
  comFalhasToggle: true,
};

const AGUARDANDO: ClientesListaConfig = {
  endpoint: 'aguardando-atendimento',
  title: 'Aguardando Atendimento',
  subtitle: 'Clientes que responderam e esperam um operador, os mais antigos primeiro.',
  emptyMessage: 'Nenhum cliente aguardando atendimento.',
  extraColumns: [aguardandoDesdeColumn],
};

const EM_ATENDIMENTO: ClientesListaConfig = {
  endpoint: 'em-atendimento',
  title: 'Em Atendimento',
  subtitle: 'Clientes que você assumiu e está atendendo.',
  emptyMessage: 'Nenhum cliente em atendimento.',
};

const CONCLUIDOS: ClientesListaConfig = {
  endpoint: 'concluidos',
  title: 'Clientes Concluídos',
  subtitle: 'Clientes sem contas em aberto.',
  emptyMessage: 'Nenhum cliente concluído ainda.',
};

export const OperadorClientesPage = () => <ClientesListaPage config={ATIVOS} />;
export const OperadorAguardandoAtendimentoPage = () => <ClientesListaPage config={AGUARDANDO} />;
export const OperadorEmAtendimentoPage = () => <ClientesListaPage config={EM_ATENDIMENTO} />;
export const OperadorConcluidosPage = () => <ClientesListaPage config={CONCLUIDOS} />;
