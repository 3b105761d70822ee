import type { ClienteDetalhe, ContaReceber } from '@cobranca/contracts';
import { formatarValorEmReais } from '@cobranca/dominio';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BusyButton } from '../../../components/busy-button.tsx';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCobrancasPix, useGerarCobrancaPix } from '../api/cobrancas-pix.ts';
import { CobrancaPixItem } from './cobranca-pix-item.tsx';
import { acoesPermitidas } from './labels.ts';

type Props = { cliente: ClienteDetalhe; selecionadas: ContaReceber[] };

/** Why "Gerar cobrança PIX" is off, or null. */
const bloqueioDoGerar = (cliente: ClienteDetalhe): string | null => {
  if (!acoesPermitidas(cliente).cobranca)
    return cliente.operador === null ? 'Assuma o atendimento para gerar cobranças.' : 'Cliente concluído.';
  if (!cliente.contas.some((c) => c.status === 'aberta')) return 'Nenhuma conta em aberto para cobrar.';
  return null;
};

/**
 * The customer's PIX charges (docs/produto.md §21), newest first as the API lists them. A new one
 * charges the receivables picked in the table, or every open one when none is picked.
 */
export const CobrancasPixCard = ({ cliente, selecionadas }: Props) => {
  const query = useCobrancasPix(cliente.id);
  const gerar = useGerarCobrancaPix(cliente.id);
  const bloqueio = bloqueioDoGerar(cliente);

  const onGerar = () =>
    gerar.mutate(selecionadas.length > 0 ? selecionadas.map((c) => c.id) : null, {
      onSuccess: (cobranca) =>
        notify.success(`Cobrança PIX de ${formatarValorEmReais(cobranca.valor)} gerada.`),
      onError: (error) => notify.error(errorMessage(error, 'Não foi possível gerar a cobrança PIX.')),
    });

  const conteudo = () => {
    if (query.isPending)
      return <Skeleton variant="rounded" height={120} sx={{ mt: 1 }} aria-label="Carregando cobranças PIX" />;
    if (query.isError)
      return (
        <QueryErrorAlert
          query={query}
          fallback="Não foi possível carregar as cobranças PIX."
          sx={{ mt: 1 }}
        />
      );
    if (query.data.cobrancas.length === 0)
      return (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Nenhuma cobrança PIX gerada.
        </Typography>
      );
    return (
      <Box component="ul" aria-labelledby="cobrancas-pix-titulo" sx={{ m: 0, mt: 1, p: 0 }}>
        {query.data.cobrancas.map((c) => (
          <CobrancaPixItem key={c.txid} cobranca={c} cliente={cliente} provedor={query.data.provedor} />
        ))}
      </Box>
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="cobrancas-pix-titulo" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography
          id="cobrancas-pix-titulo"
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 600, flexGrow: 1 }}
        >
          Cobranças PIX
        </Typography>
        <BusyButton
          variant="outlined"
          size="small"
          startIcon={<QrCode2Icon />}
          busy={gerar.isPending}
          disabled={Boolean(bloqueio)}
          title={bloqueio ?? undefined}
          onClick={onGerar}
        >
          Gerar cobrança PIX{selecionadas.length > 0 ? ` (${selecionadas.length})` : ''}
        </BusyButton>
      </Box>
      {selecionadas.length > 0 && !bloqueio && (
        <Typography variant="caption" color="text.secondary">
          {selecionadas.length === 1
            ? 'Com a conta selecionada na tabela.'
            : `Com as ${selecionadas.length} contas selecionadas na tabela.`}
        </Typography>
      )}
      {conteudo()}
    </Paper>
  );
};
