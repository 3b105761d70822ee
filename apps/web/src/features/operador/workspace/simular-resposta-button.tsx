import type { ClienteDetalhe } from '@cobranca/contracts';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useCanalOperador } from '../api/canal.ts';
import { SimularRespostaDialog } from './simular-resposta-dialog.tsx';

/**
 * "Simular resposta do cliente", offered only when the simulator is the active channel and the
 * customer has a phone: while the channel is unknown (loading, failed) it stays hidden.
 */
export const SimularRespostaButton = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const canal = useCanalOperador();
  const [aberto, setAberto] = useState(false);
  const disponivel = canal.isSuccess && canal.data.simulador && Boolean(cliente.telefone);
  // An open dialog stays up even if the channel changes under it (a 409), so its message can be read.
  if (!disponivel && !aberto) return null;
  return (
    <>
      {disponivel && (
        <Button size="small" onClick={() => setAberto(true)}>
          Simular resposta do cliente
        </Button>
      )}
      {aberto && <SimularRespostaDialog cliente={cliente} onClose={() => setAberto(false)} />}
    </>
  );
};
