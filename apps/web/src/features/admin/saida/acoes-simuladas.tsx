import type { SaidaSimulada } from '@cobranca/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { BusyButton } from '../../../components/busy-button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { type AcaoSimulada, useSimularNaSaida } from '../api/simulador-saida.ts';

type Aberto = 'resposta' | 'devolucao' | 'reclamacao' | null;

const SUCESSO: Record<AcaoSimulada['tipo'], string> = {
  resposta: 'Resposta do cliente simulada.',
  devolucao: 'Devolução simulada.',
  reclamacao: 'Reclamação de spam simulada: o cliente foi descadastrado do e-mail.',
};

/** "Simular resposta" (both channels), "Simular devolução" and "Simular reclamação" (e-mail only). */
export const AcoesSimuladas = ({ item }: { item: SaidaSimulada }) => {
  const simular = useSimularNaSaida(item.id);
  const [aberto, setAberto] = useState<Aberto>(null);
  const [texto, setTexto] = useState('');
  const [permanente, setPermanente] = useState(true);
  const [erro, setErro] = useState<string | null>(null);
  const respostaId = useId();
  const devolucaoId = useId();

  const fechar = () => {
    if (simular.isPending) return;
    setAberto(null);
    setErro(null);
  };
  const executar = (acao: AcaoSimulada) =>
    simular.mutate(acao, {
      onSuccess: () => {
        setAberto(null);
        setTexto('');
        setErro(null);
        notify.success(SUCESSO[acao.tipo]);
      },
      // Shown inside the dialog: a 409 says the simulator is off, which the admin must read.
      onError: (error) => setErro(errorMessage(error, 'Não foi possível simular. Tente de novo.')),
    });

  const textoVazio = texto.trim() === '';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button variant="outlined" onClick={() => setAberto('resposta')}>
        Simular resposta
      </Button>
      {item.canal === 'email' && (
        <>
          <Button variant="outlined" onClick={() => setAberto('devolucao')}>
            Simular devolução
          </Button>
          <Button variant="outlined" color="warning" onClick={() => setAberto('reclamacao')}>
            Simular reclamação
          </Button>
        </>
      )}

      <Dialog
        open={aberto === 'resposta'}
        onClose={fechar}
        aria-labelledby={respostaId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={respostaId}>Simular resposta do cliente</DialogTitle>
        <DialogContent>
          {erro && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {erro}
            </Alert>
          )}
          <TextField
            label="Resposta do cliente"
            value={texto}
            onChange={(event) => setTexto(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            margin="dense"
            autoFocus
            slotProps={{ htmlInput: { maxLength: 4096 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={fechar} disabled={simular.isPending}>
            Cancelar
          </Button>
          <BusyButton
            variant="contained"
            busy={simular.isPending}
            disabled={textoVazio}
            onClick={() => executar({ tipo: 'resposta', texto: texto.trim() })}
          >
            Simular resposta
          </BusyButton>
        </DialogActions>
      </Dialog>

      <Dialog
        open={aberto === 'devolucao'}
        onClose={fechar}
        aria-labelledby={devolucaoId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={devolucaoId}>Simular devolução</DialogTitle>
        <DialogContent>
          {erro && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {erro}
            </Alert>
          )}
          <RadioGroup
            aria-label="Tipo de devolução"
            value={permanente ? 'permanente' : 'temporaria'}
            onChange={(_event, value) => setPermanente(value === 'permanente')}
          >
            <FormControlLabel
              value="permanente"
              control={<Radio />}
              label="Permanente (o endereço não existe): o e-mail deixa de ser usado"
            />
            <FormControlLabel
              value="temporaria"
              control={<Radio />}
              label="Temporária (caixa cheia): o envio é tentado de novo"
            />
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={fechar} disabled={simular.isPending}>
            Cancelar
          </Button>
          <BusyButton
            variant="contained"
            busy={simular.isPending}
            onClick={() => executar({ tipo: 'devolucao', permanente })}
          >
            Simular devolução
          </BusyButton>
        </DialogActions>
      </Dialog>

      <ConfirmDialog
        open={aberto === 'reclamacao'}
        title="Simular reclamação de spam?"
        message={
          <>
            O cliente será descadastrado do e-mail, como se tivesse marcado a mensagem como spam.
            {erro && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {erro}
              </Alert>
            )}
          </>
        }
        confirmLabel="Simular reclamação"
        confirmColor="warning"
        loading={simular.isPending}
        onConfirm={() => executar({ tipo: 'reclamacao' })}
        onClose={fechar}
      />
    </Box>
  );
};
