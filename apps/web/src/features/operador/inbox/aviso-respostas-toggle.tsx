import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { descartarSom, prepararSom, useAvisoRespostas } from './aviso-respostas.ts';

const ROTULO = 'Avisar novas respostas';

/** Asks the browser once, on the click: a permission prompt out of the blue is blocked by browsers. */
const pedirPermissao = async () => {
  if (typeof Notification === 'undefined') {
    notify.info('Este navegador não mostra notificações: só o som vai tocar.');
    return;
  }
  const permissao =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permissao !== 'granted')
    notify.warning(
      'O navegador bloqueou as notificações deste site: só o som vai tocar. Libere-as nas configurações do navegador.',
    );
};

/** The operator's opt-in (docs/produto.md §5): a switch in the menu, an icon when the menu is a rail. */
export const AvisoRespostasToggle = ({ compacto }: { compacto: boolean }) => {
  const ligado = useAvisoRespostas((s) => s.ligado);
  const ligar = useAvisoRespostas((s) => s.ligar);
  const alternar = () => {
    if (ligado) {
      ligar(false);
      descartarSom();
      return;
    }
    ligar(true);
    prepararSom();
    void pedirPermissao();
  };
  if (compacto)
    return (
      <IconButton
        onClick={alternar}
        role="switch"
        aria-checked={ligado}
        aria-label={ROTULO}
        title={ROTULO}
        sx={{ mx: 'auto', display: 'flex', my: 0.5 }}
      >
        {ligado ? <NotificationsActiveIcon /> : <NotificationsOffIcon />}
      </IconButton>
    );
  return (
    <FormControlLabel
      label={ROTULO}
      control={<Switch size="small" checked={ligado} onChange={alternar} />}
      slotProps={{ typography: { variant: 'body2' } }}
      sx={{ mx: 1, my: 0.5 }}
    />
  );
};
