import type { Role } from '@cobranca/contracts';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canOpen, homeFor, ROUTES } from '../lib/routes.ts';
import { selectIsAuthenticated, selectUserRole, useSession } from '../lib/session.ts';

export type RedirectState = { from?: string };

/** A signed-in user whose stored role the app does not know is signed out (docs/produto.md §2: → /login). */
const UnknownRole = () => {
  const clear = useSession((s) => s.clear);
  useEffect(clear, [clear]);
  return <Navigate to={ROUTES.Login} replace />;
};

/** Login required, with one of `roles`; otherwise to /login (remembering the target) or to the user's home. */
export const RequireRole = ({ roles }: { roles: readonly Role[] }) => {
  const authenticated = useSession(selectIsAuthenticated);
  const role = useSession(selectUserRole);
  const location = useLocation();
  if (!authenticated) {
    const state: RedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={ROUTES.Login} replace state={state} />;
  }
  const home = homeFor(role);
  if (home === null) return <UnknownRole />;
  if (!roles.includes(role as Role)) return <Navigate to={home} replace />;
  return <Outlet />;
};

/**
 * Guest-only pages (/login): a signed-in user goes where they wanted to go before signing in, when
 * their role may open it, or else to their home. Signing in only has to store the session.
 */
export const GuestOnly = () => {
  const authenticated = useSession(selectIsAuthenticated);
  const role = useSession(selectUserRole);
  const from = (useLocation().state as RedirectState | null)?.from;
  const home = homeFor(role);
  if (!authenticated || home === null) return <Outlet />;
  const target = from && canOpen(role, from.split('?')[0] ?? '') ? from : home;
  return <Navigate to={target} replace />;
};

/** `/`: guests to /login, everyone else to their home (docs/produto.md §2). */
export const RootRedirect = () => {
  const authenticated = useSession(selectIsAuthenticated);
  const home = homeFor(useSession(selectUserRole));
  if (authenticated && home === null) return <UnknownRole />;
  return <Navigate to={home ?? ROUTES.Login} replace />;
};
