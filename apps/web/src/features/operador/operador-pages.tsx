// The operator area's pages, loaded together as one chunk (see app/router.tsx).
export {
  OperadorAguardandoAtendimentoPage,
  OperadorClientesPage,
  OperadorConcluidosPage,
  OperadorEmAtendimentoPage,
} from './clientes/operador-clientes-pages.tsx';
export { OperadorContasReceberPage } from './contas-receber/operador-contas-receber-page.tsx';
export { OperadorDashboardPage } from './dashboard/operador-dashboard-page.tsx';
export { OperadorImportarClientesPage } from './importar/operador-importar-clientes-page.tsx';
export { OperadorAguardandoInboxPage, OperadorEmAtendimentoInboxPage } from './inbox/inbox-page.tsx';
export { ClienteWorkspacePage } from './workspace/cliente-workspace-page.tsx';
