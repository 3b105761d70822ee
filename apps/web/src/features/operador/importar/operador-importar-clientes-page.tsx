import { PlaceholderPage } from '../../../components/placeholder-page.tsx';

// Arrives with the imports issue (CSV and NF-e XML).
export const OperadorImportarClientesPage = () => <PlaceholderPage title="Importar Clientes" />;
