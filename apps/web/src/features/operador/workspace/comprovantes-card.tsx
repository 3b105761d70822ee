import type { ClienteDetalhe } from '@cobranca/contracts';
import { contagem, formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  ComprovanteDocumento,
  type FormatosComprovante,
} from '../../../components/comprovante/comprovante-documento.tsx';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatarData, formatarDataHora } from '../../../lib/format.ts';
import { useComprovante, useComprovantes } from '../api/comprovantes.ts';
import { FORMA_LABELS } from './labels.ts';

// Every payment of the customer with its printable comprovante (docs/produto.md §9).

const FORMATO: FormatosComprovante = { reais: formatarValorEmReais, data: formatarData };

const ComprovanteDialog = ({
  clienteId,
  id,
  onClose,
}: {
  clienteId: number;
  id: number | null;
  onClose: () => void;
}) => {
  const tituloId = useId();
  const consulta = useComprovante(clienteId, id);
  return (
    <Dialog open={id !== null} onClose={onClose} aria-labelledby={tituloId} fullWidth maxWidth="sm">
      <DialogContent>
        {consulta.data ? (
          <ComprovanteDocumento comprovante={consulta.data} formato={FORMATO} tituloId={tituloId} />
        ) : consulta.isError ? (
          <QueryErrorAlert query={consulta} fallback="Não foi possível carregar o comprovante." />
        ) : (
          <Typography id={tituloId}>Carregando o comprovante…</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Fechar</Button>
        <Button variant="contained" onClick={() => window.print()} disabled={!consulta.data}>
          Imprimir
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export const ComprovantesCard = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const [page, setPage] = useState(1);
  const [aberto, setAberto] = useState<number | null>(null);
  const consulta = useComprovantes(cliente.id, page);
  const lista = consulta.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="comprovantes-titulo" sx={{ p: 2 }}>
      <Typography id="comprovantes-titulo" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Comprovantes
      </Typography>
      {consulta.isError && (
        <QueryErrorAlert query={consulta} fallback="Não foi possível carregar os comprovantes." />
      )}
      {lista && lista.total === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Nenhum pagamento registrado.
        </Typography>
      )}
      {lista && lista.total > 0 && (
        <>
          <Typography variant="body2" color="text.secondary">
            {contagem(lista.total, 'pagamento', 'pagamentos')}
          </Typography>
          <List dense aria-labelledby="comprovantes-titulo">
            {lista.data.map((c) => (
              <ListItem
                key={c.id}
                disableGutters
                secondaryAction={
                  <Button size="small" onClick={() => setAberto(c.id)}>
                    Ver comprovante
                  </Button>
                }
              >
                <ListItemText
                  primary={`${formatarValorEmReais(c.valor)} (${FORMA_LABELS[c.forma]}) em ${formatarData(c.data)}`}
                  secondary={formatarDataHora(c.horario)}
                />
              </ListItem>
            ))}
          </List>
          {lista.last_page > 1 && (
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Mais recentes
              </Button>
              <Button size="small" disabled={page >= lista.last_page} onClick={() => setPage(page + 1)}>
                Mais antigos
              </Button>
            </Box>
          )}
        </>
      )}
      <ComprovanteDialog clienteId={cliente.id} id={aberto} onClose={() => setAberto(null)} />
    </Paper>
  );
};
