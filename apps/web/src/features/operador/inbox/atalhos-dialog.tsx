import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Fragment } from 'react';
import { ATALHOS } from './atalhos.ts';

const Tecla = ({ children }: { children: string }) => (
  <Box
    component="kbd"
    sx={{
      display: 'inline-block',
      minWidth: 24,
      px: 0.75,
      py: 0.25,
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
      bgcolor: 'grey.100',
      fontFamily: 'monospace',
      fontSize: 13,
      textAlign: 'center',
    }}
  >
    {children}
  </Box>
);

/** The "?" overlay: every inbox shortcut (a description list, read in order by screen readers). */
export const AtalhosDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => (
  <Dialog open={open} onClose={onClose} aria-labelledby="atalhos-titulo" maxWidth="xs" fullWidth>
    <DialogTitle id="atalhos-titulo">Atalhos de teclado</DialogTitle>
    <DialogContent>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1.5, m: 0 }}
      >
        {ATALHOS.map(({ teclas, descricao }) => (
          <Fragment key={descricao}>
            <Box component="dt" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
              {teclas.map((t, i) => (
                <Fragment key={t}>
                  {i > 0 && (
                    <Box component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>
                      ou
                    </Box>
                  )}
                  <Tecla>{t}</Tecla>
                </Fragment>
              ))}
            </Box>
            <Box component="dd" sx={{ m: 0, alignSelf: 'center' }}>
              {descricao}
            </Box>
          </Fragment>
        ))}
      </Box>
      <Box component="p" sx={{ mt: 2, mb: 0, color: 'text.secondary', fontSize: 14 }}>
        Os atalhos não funcionam enquanto você digita em um campo.
      </Box>
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose}>Fechar</Button>
    </DialogActions>
  </Dialog>
);
