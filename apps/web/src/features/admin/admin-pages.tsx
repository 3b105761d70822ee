// The admin area's pages, loaded together as one chunk (see app/router.tsx).
export { AdminClientesPage } from './clientes/admin-clientes-page.tsx';
export { AdminConciliacaoPage } from './conciliacao/admin-conciliacao-page.tsx';
export { AdminConfigSistemaPage } from './config-sistema/admin-config-sistema-page.tsx';
export { AdminDashboardPage } from './dashboard/admin-dashboard-page.tsx';
export { AdminEmailPage } from './email/admin-email-page.tsx';
export { AdminLogsPage } from './logs/admin-logs-page.tsx';
export { AdminMensagensPage } from './mensagens/admin-mensagens-page.tsx';
export { AdminOperadoresPage } from './operadores/admin-operadores-page.tsx';
export { AdminPixPage } from './pix/admin-pix-page.tsx';
export { AdminSaidaSimuladorPage } from './saida/admin-saida-page.tsx';
export { AdminSmsPage } from './sms/admin-sms-page.tsx';
export { AdminWhatsappPage } from './whatsapp/admin-whatsapp-page.tsx';
