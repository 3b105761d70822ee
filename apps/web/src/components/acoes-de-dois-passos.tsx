import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { BusyButton } from './busy-button.tsx';

/**
 * The buttons of a dialog that asks first and then confirms (money moves on the second step):
 * Cancelar / Continuar, then Voltar / the confirmation, busy while it runs.
 */
export const AcoesDeDoisPassos = ({
  confirmando,
  ocupado,
  podeContinuar,
  rotuloConfirmar,
  onCancelar,
  onContinuar,
  onVoltar,
  onConfirmar,
}: {
  confirmando: boolean;
  ocupado: boolean;
  podeContinuar: boolean;
  rotuloConfirmar: string;
  onCancelar: () => void;
  onContinuar: () => void;
  onVoltar: () => void;
  onConfirmar: () => void;
}) => (
  <DialogActions>
    {confirmando ? (
      <>
        <Button onClick={onVoltar} disabled={ocupado}>
          Voltar
        </Button>
        <BusyButton variant="contained" onClick={onConfirmar} busy={ocupado}>
          {rotuloConfirmar}
        </BusyButton>
      </>
    ) : (
      <>
        <Button onClick={onCancelar}>Cancelar</Button>
        <Button variant="contained" onClick={onContinuar} disabled={!podeContinuar}>
          Continuar
        </Button>
      </>
    )}
  </DialogActions>
);
