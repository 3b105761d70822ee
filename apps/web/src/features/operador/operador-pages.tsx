import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const OperadorDashboardPage = () => <PlaceholderPage title="Dashboard" />;
export const OperadorClientesPage = () => <PlaceholderPage title="Clientes Ativos" />;
export const OperadorAguardandoAtendimentoPage = () => <PlaceholderPage title="Aguardando Atendimento" />;
export const OperadorEmAtendimentoPage = () => <PlaceholderPage title="Em Atendimento" />;
export const OperadorConcluidosPage = () => <PlaceholderPage title="Clientes Concluídos" />;
export const OperadorContasReceberPage = () => <PlaceholderPage title="Contas a Receber" />;
export const OperadorImportarClientesPage = () => <PlaceholderPage title="Importar Clientes" />;
