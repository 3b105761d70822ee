import { contagem, formatarDataBr, formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import { useContasPrescritas } from '../api/contas-prescritas.ts';
import { PagamentoEspontaneo } from './pagamento-espontaneo.tsx';

/**
 * The customer's prescribed receivables (over five years past due, docs/produto.md §7): apart, never
 * collected; a debtor may still pay one, which an admin records. Nothing shows when there are none.
 */
export const ContasPrescritasSecao = ({ clienteId }: { clienteId: number }) => {
  const tituloId = useId();
  const query = useContasPrescritas(clienteId);
  const [pagando, setPagando] = useState<number | null>(null);
  if (query.isError && !query.data)
    return <QueryErrorAlert query={query} fallback="Não foi possível carregar as contas prescritas." />;
  const contas = query.data ?? [];
  if (contas.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={tituloId}>
      <Typography id={tituloId} variant="subtitle1" component="h3">
        Prescritas ({contagem(contas.length, 'conta', 'contas')})
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Vencidas há mais de 5 anos: não são cobradas (régua, portal, acordos). Se o cliente pagar por conta
        própria, um administrador registra o pagamento espontâneo.
      </Typography>
      <Box component="ul" aria-labelledby={tituloId} sx={{ pl: 2, my: 1 }}>
        {contas.map((c) => (
          <li key={c.id}>
            {c.descricao}, vencida em {formatarDataBr(c.vencimento)}: saldo {formatarValorEmReais(c.saldo)},
            atualizado {formatarValorEmReais(c.valor_atualizado)}
            {pagando === c.id ? (
              <PagamentoEspontaneo conta={c} onFechar={() => setPagando(null)} />
            ) : (
              <Button size="small" onClick={() => setPagando(c.id)} sx={{ ml: 1 }}>
                Registrar pagamento espontâneo
              </Button>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
};
