import {
  type ClienteDetalhe,
  chaveEtiqueta,
  ETIQUETA_TAMANHO_MAXIMO,
  ETIQUETAS_MAXIMO,
} from '@cobranca/contracts';
import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { BusyButton } from '../../../components/busy-button.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useDefinirEtiquetas } from '../api/linha-do-tempo.ts';

/** Why a new tag cannot be added, or null (the same rules the API checks). */
export const erroNovaEtiqueta = (atuais: string[], nova: string): string | null => {
  const limpa = nova.trim();
  if (limpa.length === 0) return 'Escreva a etiqueta.';
  if (limpa.length > ETIQUETA_TAMANHO_MAXIMO)
    return `Cada etiqueta pode ter no máximo ${ETIQUETA_TAMANHO_MAXIMO} caracteres.`;
  if (atuais.some((e) => chaveEtiqueta(e) === chaveEtiqueta(limpa))) return 'O cliente já tem esta etiqueta.';
  if (atuais.length >= ETIQUETAS_MAXIMO) return `Use no máximo ${ETIQUETAS_MAXIMO} etiquetas.`;
  return null;
};

/** The customer's tags as chips; an owner adds and removes them (no confirmation: re-adding is one step). */
export const EtiquetasEditor = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const definir = useDefinirEtiquetas(cliente.id);
  const [nova, setNova] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  // The shared queue is for reading (docs/produto.md §4): tags are written once the customer is taken.
  const editavel = cliente.operador !== null;
  const atuais = cliente.etiquetas;

  const salvar = (etiquetas: string[], depois?: () => void) =>
    definir.mutate(etiquetas, {
      onSuccess: () => {
        setErro(null);
        depois?.();
      },
      onError: (error) => {
        const campo = error instanceof ApiError ? Object.values(error.errors).flat()[0] : undefined;
        setErro(campo ?? errorMessage(error, 'Não foi possível salvar as etiquetas.'));
      },
    });

  const adicionar = (event: FormEvent) => {
    event.preventDefault();
    const problema = erroNovaEtiqueta(atuais, nova);
    if (problema) return setErro(problema);
    salvar([...atuais, nova.trim()], () => setNova(''));
  };

  if (!editavel && atuais.length === 0) return null;
  return (
    <Box component="section" aria-label="Etiquetas" sx={{ display: 'grid', gap: 1 }}>
      {atuais.length > 0 && (
        <Box
          component="ul"
          aria-label="Etiquetas do cliente"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}
        >
          {atuais.map((etiqueta) => (
            <li key={etiqueta}>
              <Chip
                label={etiqueta}
                size="small"
                variant="outlined"
                disabled={definir.isPending}
                onDelete={editavel ? () => salvar(atuais.filter((e) => e !== etiqueta)) : undefined}
                // MUI's delete icon is unnamed: say which tag it removes (Delete on the focused chip works too).
                deleteIcon={<CancelIcon titleAccess={`Remover etiqueta ${etiqueta}`} />}
              />
            </li>
          ))}
        </Box>
      )}
      {editavel && atuais.length < ETIQUETAS_MAXIMO && (
        <Box
          component="form"
          onSubmit={adicionar}
          noValidate
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <TextField
            label="Nova etiqueta"
            placeholder="ex.: prefere ligação"
            size="small"
            value={nova}
            onChange={(e) => {
              setNova(e.target.value);
              if (erro) setErro(null);
            }}
            error={erro !== null}
            helperText={erro ?? undefined}
            slotProps={{ htmlInput: { maxLength: ETIQUETA_TAMANHO_MAXIMO + 10 } }}
            sx={{ flex: '1 1 180px', maxWidth: 280 }}
          />
          <BusyButton type="submit" variant="outlined" startIcon={<AddIcon />} busy={definir.isPending}>
            Adicionar
          </BusyButton>
        </Box>
      )}
      {editavel && atuais.length >= ETIQUETAS_MAXIMO && erro && (
        <Box role="alert" sx={{ color: 'error.main', typography: 'body2' }}>
          {erro}
        </Box>
      )}
    </Box>
  );
};
