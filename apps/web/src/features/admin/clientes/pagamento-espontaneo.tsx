import {
  type ContaReceber,
  FORMA_PAGAMENTO_ROTULOS,
  FORMAS_PAGAMENTO,
  type FormaPagamento,
} from '@cobranca/contracts';
import { hojeNoFuso } from '@cobranca/dominio';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRegistrarPagamentoAdmin } from '../api/contas-prescritas.ts';

/**
 * A debtor's spontaneous payment of a prescribed receivable, recorded by the admin (docs/produto.md §7):
 * the amount starts at what is owed today; the server checks it as any payment.
 */
export const PagamentoEspontaneo = ({ conta, onFechar }: { conta: ContaReceber; onFechar: () => void }) => {
  const registrar = useRegistrarPagamentoAdmin(conta.cliente_id);
  const [valor, setValor] = useState(String(conta.valor_atualizado).replace('.', ','));
  const [data, setData] = useState(hojeNoFuso(new Date()));
  const [forma, setForma] = useState<FormaPagamento>('pix');
  // One key per form: a double submit records one payment (decision 012).
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const enviar = (evento: FormEvent) => {
    evento.preventDefault();
    registrar.mutate(
      {
        body: { conta_id: conta.id, valor: Number(valor.replace(/\./g, '').replace(',', '.')), data, forma },
        idempotencyKey,
      },
      {
        onSuccess: () => {
          notify.success('Pagamento espontâneo registrado.');
          onFechar();
        },
      },
    );
  };
  return (
    <Box
      component="form"
      onSubmit={enviar}
      aria-label={`Pagamento espontâneo de ${conta.descricao}`}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', my: 1 }}
    >
      <TextField size="small" label="Valor (R$)" value={valor} onChange={(e) => setValor(e.target.value)} />
      <TextField
        size="small"
        type="date"
        label="Data"
        value={data}
        onChange={(e) => setData(e.target.value)}
      />
      <TextField
        size="small"
        select
        label="Forma"
        value={forma}
        onChange={(e) => setForma(e.target.value as FormaPagamento)}
        sx={{ minWidth: 140 }}
      >
        {FORMAS_PAGAMENTO.map((f) => (
          <MenuItem key={f} value={f}>
            {FORMA_PAGAMENTO_ROTULOS[f]}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={registrar.isPending}>
        Registrar
      </Button>
      <Button onClick={onFechar}>Cancelar</Button>
      {registrar.isError && (
        <Alert severity="error" sx={{ width: '100%' }}>
          {errorMessage(registrar.error, 'Não foi possível registrar o pagamento.')}
        </Alert>
      )}
    </Box>
  );
};
