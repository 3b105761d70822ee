import { ROLE_LABELS, type UsuarioConta } from '@cobranca/contracts';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ContaCreateDialog } from '../../../components/conta-create-dialog.tsx';
import { NovaSenhaDialog } from '../../../components/nova-senha-dialog.tsx';
import { type Column, PagedTable } from '../../../components/paged-table.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage, temCodigo } from '../../../lib/api-client.ts';
import { formatarDataHora } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import {
  type AdminStatusAction,
  useAdmins,
  useChangeAdminStatus,
  useCreateAdmin,
  useGerarSenhaAdmin,
} from '../api/admins.ts';

type Pendente = { admin: UsuarioConta; action: AdminStatusAction };

const CONFIRM = {
  bloquear: {
    title: (name: string) => `Bloquear ${name}?`,
    message:
      'A pessoa perde o acesso na hora: as sessões abertas são encerradas e ela não consegue mais entrar.',
    label: 'Bloquear',
    color: 'error',
    done: (name: string) => `Acesso de ${name} bloqueado.`,
  },
  reativar: {
    title: (name: string) => `Reativar ${name}?`,
    message: 'A pessoa volta a poder entrar no sistema com a senha que já tinha.',
    label: 'Reativar',
    color: 'primary',
    done: (name: string) => `Acesso de ${name} reativado.`,
  },
} as const;

type Acoes = { ask: (pendente: Pendente) => void; novaSenha: (admin: UsuarioConta) => void };

const columns = (meuId: number | undefined, { ask, novaSenha }: Acoes): Column<UsuarioConta>[] => [
  {
    key: 'name',
    header: 'Nome',
    render: (admin) => (
      <>
        {admin.name}
        {admin.id === meuId && <Chip label="Você" size="small" variant="outlined" sx={{ ml: 1 }} />}
        {/* Phones hide the e-mail column, so it goes under the name. */}
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' } }}>
          {admin.email}
        </Typography>
      </>
    ),
  },
  { key: 'email', header: 'E-mail', render: (admin) => admin.email, hideOnMobile: true },
  { key: 'role', header: 'Perfil', render: (admin) => ROLE_LABELS[admin.role], hideOnMobile: true },
  {
    key: 'status',
    header: 'Status',
    render: (admin) => (
      <Chip label={admin.status} size="small" color={admin.status === 'Ativo' ? 'success' : 'error'} />
    ),
  },
  {
    key: 'ultimo_acesso',
    header: 'Último acesso',
    render: (admin) => (admin.last_login_at ? formatarDataHora(admin.last_login_at) : 'Nunca'),
    hideOnMobile: true,
  },
  {
    key: 'acoes',
    header: 'Ações',
    align: 'right',
    // The caller's own account cannot be blocked nor given a new password from here (the API answers
    // 422 anyway).
    render: (admin) => {
      if (admin.id === meuId) return null;
      const action: AdminStatusAction = admin.status === 'Ativo' ? 'bloquear' : 'reativar';
      return (
        <Box sx={{ display: 'inline-flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5 }}>
          <Button
            size="small"
            onClick={() => novaSenha(admin)}
            aria-label={`Gerar nova senha para ${admin.name}`}
          >
            Nova senha
          </Button>
          <Button
            size="small"
            color={CONFIRM[action].color}
            onClick={() => ask({ admin, action })}
            aria-label={`${CONFIRM[action].label} ${admin.name}`}
          >
            {CONFIRM[action].label}
          </Button>
        </Box>
      );
    },
  },
];

/** The admin accounts: list, create, generate a temporary password, block and reactivate. */
export const AdminsSection = () => {
  const titleId = useId();
  const [page, setPage] = usePageParam();
  const query = useAdmins(page);
  const meuId = useSession((state) => state.user?.id);
  const change = useChangeAdminStatus();
  // Kept after closing, so the dialog's text does not vanish while it fades out.
  const [pendente, setPendente] = useState<Pendente | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [creating, setCreating] = useState(false);
  const criar = useCreateAdmin();
  const gerarSenha = useGerarSenhaAdmin();
  const [senhaPara, setSenhaPara] = useState<UsuarioConta | null>(null);
  const ask = (next: Pendente) => {
    setPendente(next);
    setConfirming(true);
  };

  const confirm = () => {
    if (!pendente) return;
    const { admin, action } = pendente;
    change.mutate(
      { id: admin.id, action },
      {
        onSuccess: () => notify.success(CONFIRM[action].done(admin.name)),
        onError: (error) => {
          // Someone else already did it; the list is refreshed either way.
          if (temCodigo(error, 'USUARIO_JA_NO_ESTADO'))
            notify.warning(errorMessage(error, `${admin.name} já estava nesse estado.`));
          else notify.error(errorMessage(error, 'Não foi possível alterar o acesso.'));
        },
        onSettled: () => setConfirming(false),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography id={titleId} component="h3" variant="h6" sx={{ flexGrow: 1 }}>
          Administradores
        </Typography>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setCreating(true)}>
          Novo administrador
        </Button>
      </Box>
      <PagedTable
        label="Administradores"
        columns={columns(meuId, { ask, novaSenha: setSenhaPara })}
        page={query.data}
        isLoading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        onPageChange={setPage}
        rowKey={(admin) => admin.id}
        emptyMessage="Nenhum administrador cadastrado."
      />
      {creating && (
        <ContaCreateDialog papel="administrador" mutation={criar} onClose={() => setCreating(false)} />
      )}
      {senhaPara && (
        <NovaSenhaDialog conta={senhaPara} mutation={gerarSenha} onClose={() => setSenhaPara(null)} />
      )}
      <ConfirmDialog
        open={confirming}
        title={pendente ? CONFIRM[pendente.action].title(pendente.admin.name) : ''}
        message={pendente ? CONFIRM[pendente.action].message : ''}
        confirmLabel={pendente ? CONFIRM[pendente.action].label : ''}
        confirmColor={pendente ? CONFIRM[pendente.action].color : 'primary'}
        loading={change.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};
