import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export const SuperAdminPage = () => <PlaceholderPage title="Super Admin" />;
