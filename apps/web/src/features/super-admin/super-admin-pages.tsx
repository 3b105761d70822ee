// The super admin area's pages, loaded as one chunk (see app/router.tsx).
export { SuperAdminPage } from './painel/super-admin-page.tsx';
