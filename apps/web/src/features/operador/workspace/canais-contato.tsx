import { CANAL_ROTULOS, type Canal, type ClienteDetalhe } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CANAL_ICONES } from '../../../components/canal-icone.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCanalPreferido } from '../api/cliente.ts';
import { estadoDoCanal } from './canais.tsx';

const AUTOMATICO = 'automatico';

/** Each channel's state (address, opt-out, bounce, missing) and the customer's preferred one. */
export const CanaisContato = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const preferido = useCanalPreferido(cliente.id);
  const onChange = (valor: string) =>
    preferido.mutate(valor === AUTOMATICO ? null : (valor as Canal), {
      onSuccess: () => notify.success('Canal preferido atualizado.'),
      onError: (error) => notify.error(errorMessage(error, 'Não foi possível mudar o canal preferido.')),
    });
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
        Canais
      </Typography>
      <Box
        component="ul"
        aria-label="Canais do cliente"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}
      >
        {cliente.canais.map((c) => {
          const Icone = CANAL_ICONES[c.canal];
          return (
            <Box
              component="li"
              key={c.canal}
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'flex-start',
                color: c.disponivel ? 'text.primary' : 'text.secondary',
              }}
            >
              <Icone fontSize="small" aria-hidden sx={{ mt: 0.25 }} />
              <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <strong>{CANAL_ROTULOS[c.canal]}:</strong> {estadoDoCanal(c)}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <TextField
        select
        size="small"
        label="Canal preferido"
        value={cliente.canal_preferido ?? AUTOMATICO}
        onChange={(event) => onChange(event.target.value)}
        disabled={preferido.isPending}
        helperText="Tentado primeiro pela régua e pelas mensagens do sistema."
        sx={{ mt: 2, width: '100%', maxWidth: 280 }}
      >
        <MenuItem value={AUTOMATICO}>Automático</MenuItem>
        {cliente.canais.map((c) => (
          <MenuItem key={c.canal} value={c.canal}>
            {CANAL_ROTULOS[c.canal]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
};
