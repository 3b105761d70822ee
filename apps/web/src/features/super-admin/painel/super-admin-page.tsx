import Box from '@mui/material/Box';
import { PageHeader } from '../../../components/page-header.tsx';
import { AdminsSection } from './admins-section.tsx';
import { KillSwitchCard } from './kill-switch-card.tsx';
import { SaudeCard } from './saude-card.tsx';
import { TarefasCard } from './tarefas-card.tsx';

/** /super-admin: admin accounts, the automation kill switch, system health and the job queue (docs/produto.md §16). */
export const SuperAdminPage = () => (
  <>
    <PageHeader title="Super Admin" subtitle="Administradores, envio automático e saúde do sistema." />
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        mb: 4,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <KillSwitchCard />
      <SaudeCard />
    </Box>
    <Box sx={{ mb: 4 }}>
      <TarefasCard />
    </Box>
    <AdminsSection />
  </>
);
