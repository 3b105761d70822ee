import { isRole, type Role } from '@cobranca/contracts';

/** Route names of docs/produto.md §2 → paths: navigation always goes through this table. */
export const ROUTES = {
  Login: '/login',
  SuperAdmin: '/super-admin',
  AdminDashboard: '/admin/dashboard',
  AdminOperadores: '/admin/operadores',
  AdminClientes: '/admin/clientes',
  AdminLogs: '/admin/logs',
  AdminMensagens: '/admin/mensagens',
  AdminWhatsapp: '/admin/whatsapp',
  AdminEmail: '/admin/email',
  AdminSms: '/admin/sms',
  /** The simulator's outbox of e-mails and SMS (linked from those two pages in simulator mode). */
  AdminSaidaSimulador: '/admin/simulador/saida',
  AdminPix: '/admin/pix',
  /** Bank files in, the review queue (docs/conciliacao.md). */
  AdminConciliacao: '/admin/conciliacao',
  AdminConfigSistema: '/admin/config-sistema',
  OperadorDashboard: '/operador/dashboard',
  OperadorClientes: '/operador/clientes',
  /** The customer workspace (not in SPEC's list: a linkable page the operator lists open). */
  OperadorCliente: '/operador/clientes/:id',
  OperadorAguardandoAtendimento: '/operador/aguardando-atendimento',
  /** The inbox: the queue beside one customer's conversation (docs/produto.md §5). */
  OperadorAguardandoCliente: '/operador/aguardando-atendimento/:id',
  OperadorEmAtendimento: '/operador/em-atendimento',
  OperadorEmAtendimentoCliente: '/operador/em-atendimento/:id',
  OperadorConcluidos: '/operador/concluidos',
  OperadorContasReceber: '/operador/contas-receber',
  OperadorImportarClientes: '/operador/importar-clientes',
} as const;
export type RouteName = keyof typeof ROUTES;

const ADMIN_ROLES: readonly Role[] = ['admin', 'super_admin'];
const OPERADOR_ROLES: readonly Role[] = ['operador'];

/** Who may open each signed-in route (docs/produto.md §1, §2). */
export const ROUTE_ROLES: Record<Exclude<RouteName, 'Login'>, readonly Role[]> = {
  SuperAdmin: ['super_admin'],
  AdminDashboard: ADMIN_ROLES,
  AdminOperadores: ADMIN_ROLES,
  AdminClientes: ADMIN_ROLES,
  AdminLogs: ADMIN_ROLES,
  AdminMensagens: ADMIN_ROLES,
  AdminWhatsapp: ADMIN_ROLES,
  AdminEmail: ADMIN_ROLES,
  AdminSms: ADMIN_ROLES,
  AdminSaidaSimulador: ADMIN_ROLES,
  AdminPix: ADMIN_ROLES,
  AdminConciliacao: ADMIN_ROLES,
  AdminConfigSistema: ADMIN_ROLES,
  OperadorDashboard: OPERADOR_ROLES,
  OperadorClientes: OPERADOR_ROLES,
  OperadorCliente: OPERADOR_ROLES,
  OperadorAguardandoAtendimento: OPERADOR_ROLES,
  OperadorAguardandoCliente: OPERADOR_ROLES,
  OperadorEmAtendimento: OPERADOR_ROLES,
  OperadorEmAtendimentoCliente: OPERADOR_ROLES,
  OperadorConcluidos: OPERADOR_ROLES,
  OperadorContasReceber: OPERADOR_ROLES,
  OperadorImportarClientes: OPERADOR_ROLES,
};

const HOME: Record<Role, string> = {
  super_admin: ROUTES.SuperAdmin,
  admin: ROUTES.AdminDashboard,
  operador: ROUTES.OperadorDashboard,
};

/** The workspace of one customer. */
export const clientePath = (id: number): string => ROUTES.OperadorCliente.replace(':id', String(id));

/** A user's home page, or null for a role the app does not know (docs/produto.md §2: such users go to /login). */
export const homeFor = (role: string | null): string | null => (isRole(role) ? HOME[role] : null);

const routeNameOf = (pathname: string): Exclude<RouteName, 'Login'> | undefined =>
  (Object.keys(ROUTE_ROLES) as Exclude<RouteName, 'Login'>[]).find(
    (name) => pathname === ROUTES[name] || pathname.startsWith(`${ROUTES[name]}/`),
  );

/** Whether `role` may open `pathname` (used to honour "return where you wanted to go" after sign-in). */
export const canOpen = (role: string | null, pathname: string): boolean => {
  const name = routeNameOf(pathname);
  return name !== undefined && isRole(role) && ROUTE_ROLES[name].includes(role);
};
