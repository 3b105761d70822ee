import type { ContaReceber } from '@cobranca/contracts';
import { formatarDataBr, formatarLinhaDigitavel, formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSalvarBoleto } from '../api/contas-receber.ts';

type Campo = 'banco' | 'nosso_numero' | 'linha_digitavel' | 'codigo_barras';

/**
 * A receivable's boleto (docs/conciliacao.md §1): bank and nosso número (for the retorno to find it),
 * the linha digitável or the barcode (for the messages and the portal). The server checks the digits,
 * the amount and the due date; its reasons go under each field. Everything empty removes the boleto.
 */
export const BoletoDialog = ({ conta, onClose }: { conta: ContaReceber; onClose: () => void }) => {
  const salvar = useSalvarBoleto();
  const [valores, setValores] = useState<Record<Campo, string>>({
    banco: conta.banco ?? '',
    nosso_numero: conta.nosso_numero ?? '',
    linha_digitavel: conta.linha_digitavel ? formatarLinhaDigitavel(conta.linha_digitavel) : '',
    codigo_barras: '',
  });
  const [erros, setErros] = useState<Partial<Record<Campo, string>>>({});
  const campo = (nome: Campo, rotulo: string, ajuda: string) => (
    <TextField
      label={rotulo}
      value={valores[nome]}
      onChange={(e) => setValores((v) => ({ ...v, [nome]: e.target.value }))}
      error={Boolean(erros[nome])}
      helperText={erros[nome] ?? ajuda}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { inputMode: nome === 'nosso_numero' ? 'text' : 'numeric' } }}
    />
  );
  const enviar = () =>
    salvar.mutate(
      { contaId: conta.id, ...valores },
      {
        onSuccess: (salva) => {
          notify.success(salva.banco ? 'Boleto salvo.' : 'Boleto removido.');
          onClose();
        },
        onError: (error) => {
          const porCampo = error instanceof ApiError ? error.errors : {};
          setErros(Object.fromEntries(Object.entries(porCampo).map(([k, v]) => [k, v.join(' ')])));
          if (Object.keys(porCampo).length === 0)
            notify.error(errorMessage(error, 'Não foi possível salvar o boleto.'));
        },
      },
    );
  return (
    <FormDialog
      title="Boleto da conta"
      submitLabel="Salvar boleto"
      pending={salvar.isPending}
      onSubmit={enviar}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {conta.descricao} ·{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {formatarValorEmReais(conta.valor)}
        </Box>{' '}
        · vencimento {formatarDataBr(conta.vencimento)}. Deixe tudo vazio para remover o boleto.
      </Typography>
      {campo(
        'banco',
        'Banco',
        'Código de 3 dígitos, ex.: 341 (Itaú); vem da linha digitável se ficar vazio.',
      )}
      {campo(
        'nosso_numero',
        'Nosso número',
        'Como o banco escreve no retorno: é por ele que o pagamento é reconhecido.',
      )}
      {campo('linha_digitavel', 'Linha digitável', '47 dígitos, com ou sem pontos e espaços.')}
      {campo(
        'codigo_barras',
        'Código de barras',
        '44 dígitos (opcional se a linha digitável foi informada).',
      )}
    </FormDialog>
  );
};
