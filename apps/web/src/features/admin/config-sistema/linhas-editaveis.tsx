import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';

type LinhasEditaveisProps = {
  /** The field array's rows (react-hook-form's `fields`): their ids key the rows. */
  linhas: readonly { id: string }[];
  /** What one row is, capitalised: "Etapa" names the rows "Etapa 1"… and their "Remover etapa 1". */
  nome: string;
  /** The list's own error (too many rows, a repeated day), above the rows. */
  erro?: string;
  /** The heading that names the whole list, when there is one: the rows are then a labelled group. */
  tituloId?: string;
  /** Each row's grid columns: its fields, then the remove button in the last one. */
  grade: string | Partial<Record<'xs' | 'sm' | 'md', string>>;
  /** Stacked on a phone, rows of several fields need a line to tell one row from the next. */
  separarNoCelular?: boolean;
  /** The row's fields. */
  campos: (index: number) => ReactNode;
  onRemover: (index: number) => void;
  onAdicionar: () => void;
  maximo: number;
  rotuloAdicionar: string;
};

/**
 * A settings list the admin edits row by row (the schedule's steps, the portal's discount tiers): each
 * row a labelled group with its remove button (off for the last row left), and an add button up to
 * the maximum.
 */
export const LinhasEditaveis = ({
  linhas,
  nome,
  erro,
  tituloId,
  grade,
  separarNoCelular = false,
  campos,
  onRemover,
  onAdicionar,
  maximo,
  rotuloAdicionar,
}: LinhasEditaveisProps) => (
  <>
    {erro && (
      <Alert severity="error" sx={{ mt: 1 }}>
        {erro}
      </Alert>
    )}
    {/* Divs, not ol/li: each row is a labelled group, and a list may only hold list items. */}
    <Box
      role={tituloId ? 'group' : undefined}
      aria-labelledby={tituloId}
      sx={{ mt: 2, display: 'grid', gap: 2 }}
    >
      {linhas.map((linha, index) => (
        <Box
          key={linha.id}
          role="group"
          aria-label={`${nome} ${index + 1}`}
          sx={{
            display: 'grid',
            gap: 1.5,
            alignItems: 'start',
            gridTemplateColumns: grade,
            ...(separarNoCelular &&
              index > 0 && { borderTop: { xs: 1, md: 0 }, borderColor: 'divider', pt: { xs: 2, md: 0 } }),
          }}
        >
          {campos(index)}
          <IconButton
            aria-label={`Remover ${nome.toLowerCase()} ${index + 1}`}
            onClick={() => onRemover(index)}
            disabled={linhas.length <= 1}
            sx={{ mt: 0.25 }}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        </Box>
      ))}
    </Box>
    <Button startIcon={<AddIcon />} onClick={onAdicionar} disabled={linhas.length >= maximo} sx={{ mt: 2 }}>
      {rotuloAdicionar}
    </Button>
  </>
);
