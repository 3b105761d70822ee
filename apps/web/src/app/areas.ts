// The signed-in chunks the router loads lazily: the frame and one chunk per area. Kept free of other
// imports, so the entry (main.tsx) can start them before the rest of the app has even loaded.

export const loadShell = () => import('./shell/app-shell.tsx');

export const AREA_LOADERS = {
  superAdmin: () => import('../features/super-admin/super-admin-pages.tsx'),
  admin: () => import('../features/admin/admin-pages.tsx'),
  operador: () => import('../features/operador/operador-pages.tsx'),
};

/** Each area's pages live under one first path segment (lib/routes.ts). */
const AREA_OF_SEGMENT: Record<string, () => Promise<unknown>> = {
  'super-admin': AREA_LOADERS.superAdmin,
  admin: AREA_LOADERS.admin,
  operador: AREA_LOADERS.operador,
};

/**
 * Starts fetching the frame and the area of `pathname` (a signed-in page opened or reloaded), so they
 * download alongside the app instead of after it. A failure is left to the router, which imports them
 * again and shows its own error.
 */
export const preloadArea = (pathname: string) => {
  const area = AREA_OF_SEGMENT[pathname.split('/')[1] ?? ''];
  if (!area) return;
  loadShell().catch(() => {});
  area().catch(() => {});
};
