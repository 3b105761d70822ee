import type { ClienteDetalhe } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatarDataHora } from '../../../lib/format.ts';
import { useRevogarLinkPortal } from '../api/cliente.ts';

/** The state of the customer's portal link in words; a newer valid link outranks an older revoked one. */
export const situacaoLinkPortal = ({ valido_ate, revogado_em }: ClienteDetalhe['portal']): string => {
  // The day in São Paulo, read as the header reads the opt-out's.
  if (valido_ate) return `Link do portal válido até ${formatarDataHora(valido_ate).slice(0, 10)}`;
  if (revogado_em) return `Link do portal revogado em ${formatarDataHora(revogado_em)}`;
  return 'Sem link do portal ativo';
};

const RevogarLinkDialog = ({ cliente, onClose }: { cliente: ClienteDetalhe; onClose: () => void }) => {
  const revogar = useRevogarLinkPortal(cliente.id);
  const onConfirm = () =>
    revogar.mutate(undefined, {
      onSuccess: () => {
        notify.success('Link do portal revogado.');
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error, 'Não foi possível revogar o link do portal.')),
    });

  return (
    <ConfirmDialog
      open
      title="Revogar o link do portal?"
      message="O cliente não poderá mais usá-lo; a próxima mensagem leva um link novo."
      confirmLabel="Revogar"
      confirmColor="warning"
      loading={revogar.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
};

/**
 * The customer's personal portal link (docs/produto.md §22). Revoking ends it at once (a link that
 * reached the wrong person, say); the next message with {{link}} carries a new one.
 */
export const PortalLink = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const [confirmando, setConfirmando] = useState(false);
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5, mt: 1.5 }}
    >
      <Typography variant="body2">{situacaoLinkPortal(cliente.portal)}</Typography>
      {cliente.portal.valido_ate && (
        <Button size="small" color="warning" onClick={() => setConfirmando(true)}>
          Revogar link
        </Button>
      )}
      {confirmando && <RevogarLinkDialog cliente={cliente} onClose={() => setConfirmando(false)} />}
    </Box>
  );
};
