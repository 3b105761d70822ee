import { ROLES } from '@cobranca/contracts';
import LinearProgress from '@mui/material/LinearProgress';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { LoginPage } from '../features/auth/login/login-page.tsx';
import { ROUTE_ROLES, ROUTES, type RouteName } from '../lib/routes.ts';
import { AREA_LOADERS, loadShell } from './areas.ts';
import { GuestOnly, RequireRole, RootRedirect } from './guards.tsx';

type AreaModule = Record<string, ComponentType>;
type SignedInRoute = Exclude<RouteName, 'Login'>;

// One import per area: every page of an area shares that area's chunk.
const AREAS: { load: () => Promise<AreaModule>; pages: Partial<Record<SignedInRoute, string>> }[] = [
  {
    load: AREA_LOADERS.superAdmin,
    pages: { SuperAdmin: 'SuperAdminPage' },
  },
  {
    load: AREA_LOADERS.admin,
    pages: {
      AdminDashboard: 'AdminDashboardPage',
      AdminOperadores: 'AdminOperadoresPage',
      AdminClientes: 'AdminClientesPage',
      AdminLogs: 'AdminLogsPage',
      AdminMensagens: 'AdminMensagensPage',
      AdminWhatsapp: 'AdminWhatsappPage',
      AdminEmail: 'AdminEmailPage',
      AdminSms: 'AdminSmsPage',
      AdminSaidaSimulador: 'AdminSaidaSimuladorPage',
      AdminPix: 'AdminPixPage',
      AdminConciliacao: 'AdminConciliacaoPage',
      AdminConfigSistema: 'AdminConfigSistemaPage',
    },
  },
  {
    load: AREA_LOADERS.operador,
    pages: {
      OperadorDashboard: 'OperadorDashboardPage',
      OperadorClientes: 'OperadorClientesPage',
      OperadorCliente: 'ClienteWorkspacePage',
      OperadorAguardandoAtendimento: 'OperadorAguardandoAtendimentoPage',
      OperadorEmAtendimento: 'OperadorEmAtendimentoPage',
      OperadorAguardandoCliente: 'OperadorAguardandoInboxPage',
      OperadorEmAtendimentoCliente: 'OperadorEmAtendimentoInboxPage',
      OperadorConcluidos: 'OperadorConcluidosPage',
      OperadorContasReceber: 'OperadorContasReceberPage',
      OperadorImportarClientes: 'OperadorImportarClientesPage',
    },
  },
];

const lazyPage =
  (load: () => Promise<AreaModule>, exportName: string): RouteObject['lazy'] =>
  async () => {
    const Component = (await load())[exportName];
    if (!Component) throw new Error(`página ${exportName} ausente`);
    return { Component };
  };

/** Each signed-in route, wrapped in its own role guard (docs/produto.md §2). */
const signedInRoutes: RouteObject[] = AREAS.flatMap(({ load, pages }) =>
  Object.entries(pages).map(([name, exportName]) => ({
    element: <RequireRole roles={ROUTE_ROLES[name as SignedInRoute]} />,
    children: [{ path: ROUTES[name as SignedInRoute], lazy: lazyPage(load, exportName) }],
  })),
);

export const routeObjects: RouteObject[] = [
  {
    HydrateFallback: () => <LinearProgress aria-label="Carregando" />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { element: <GuestOnly />, children: [{ path: ROUTES.Login, element: <LoginPage /> }] },
      {
        element: <RequireRole roles={ROLES} />,
        // The signed-in frame is its own chunk: the login page does not load it.
        children: [
          {
            lazy: async () => ({ Component: (await loadShell()).AppShell }),
            children: signedInRoutes,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
