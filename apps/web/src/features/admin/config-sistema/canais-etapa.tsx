import { CANAIS, type Canal } from '@cobranca/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { SistemaForm } from './sistema-form.ts';

const ROTULOS: Record<Canal, string> = { whatsapp: 'WhatsApp', email: 'E-mail', sms: 'SMS' };

/** The chosen channels in their order, then the others (unchecked) in the product's order. */
const emOrdem = (escolhidos: readonly Canal[]): Canal[] => [
  ...escolhidos,
  ...CANAIS.filter((canal) => !escolhidos.includes(canal)),
];

const trocar = (lista: readonly Canal[], de: number, para: number): Canal[] => {
  const nova = [...lista];
  const [item] = nova.splice(de, 1);
  if (item) nova.splice(para, 0, item);
  return nova;
};

/**
 * A step's channels, tried in order: the message goes through the first one the customer can receive
 * on. At least one stays checked (the last one cannot be unchecked).
 */
export const CanaisEtapa = ({ index }: { index: number }) => {
  const { control } = useFormContext<SistemaForm>();
  const rotuloId = useId();
  const etapa = index + 1;
  return (
    <Controller
      control={control}
      name={`regua.${index}.canais`}
      render={({ field, fieldState }) => {
        const escolhidos = field.value ?? [];
        const alternar = (canal: Canal, marcado: boolean) =>
          field.onChange(marcado ? [...escolhidos, canal] : escolhidos.filter((c) => c !== canal));
        return (
          <Box role="group" aria-labelledby={rotuloId} sx={{ gridColumn: '1 / -1', gridRow: 2, minWidth: 0 }}>
            <Typography id={rotuloId} variant="caption" color="text.secondary" component="p">
              Canais da etapa {etapa}, na ordem em que são tentados
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, alignItems: 'center' }}>
              {emOrdem(escolhidos).map((canal) => {
                const posicao = escolhidos.indexOf(canal);
                const marcado = posicao >= 0;
                return (
                  <Box key={canal} sx={{ display: 'inline-flex', alignItems: 'center' }}>
                    <FormControlLabel
                      sx={{ mr: 0 }}
                      control={
                        <Checkbox
                          size="small"
                          checked={marcado}
                          disabled={marcado && escolhidos.length === 1}
                          onChange={(_event, checked) => alternar(canal, checked)}
                        />
                      }
                      label={marcado ? `${posicao + 1}º ${ROTULOS[canal]}` : ROTULOS[canal]}
                    />
                    {marcado && escolhidos.length > 1 && (
                      <>
                        <IconButton
                          size="small"
                          aria-label={`Tentar ${ROTULOS[canal]} antes na etapa ${etapa}`}
                          disabled={posicao === 0}
                          onClick={() => field.onChange(trocar(escolhidos, posicao, posicao - 1))}
                        >
                          <ArrowBackIcon fontSize="inherit" />
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={`Tentar ${ROTULOS[canal]} depois na etapa ${etapa}`}
                          disabled={posicao === escolhidos.length - 1}
                          onClick={() => field.onChange(trocar(escolhidos, posicao, posicao + 1))}
                        >
                          <ArrowForwardIcon fontSize="inherit" />
                        </IconButton>
                      </>
                    )}
                  </Box>
                );
              })}
            </Box>
            {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
          </Box>
        );
      }}
    />
  );
};
