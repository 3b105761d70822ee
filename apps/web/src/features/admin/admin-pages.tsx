import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const AdminDashboardPage = () => <PlaceholderPage title="Dashboard" />;
export const AdminOperadoresPage = () => <PlaceholderPage title="Gestão de Operadores" />;
export const AdminClientesPage = () => <PlaceholderPage title="Gestão de Clientes" />;
export const AdminLogsPage = () => <PlaceholderPage title="Logs do Sistema" />;
export const AdminMensagensPage = () => <PlaceholderPage title="Configuração de Mensagens" />;
export const AdminWhatsappPage = () => <PlaceholderPage title="Configuração do WhatsApp" />;
export const AdminConfigSistemaPage = () => <PlaceholderPage title="Configurações do Sistema" />;
