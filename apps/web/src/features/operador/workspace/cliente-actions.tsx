import type { ClienteDetalhe, ContaReceber } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage, temCodigo } from '../../../lib/api-client.ts';
import { useAssumirCliente } from '../api/cliente.ts';
import { ChamadaDialog } from './chamada-dialog.tsx';
import { acoesPermitidas } from './labels.ts';
import { NegociacaoDialog } from './negociacao-dialog.tsx';
import { PagamentoDialog } from './pagamento-dialog.tsx';
import { PausarDialog } from './pausar-dialog.tsx';
import { PromessaDialog } from './promessa-dialog.tsx';
import { ReativarDialog } from './reativar-dialog.tsx';

type Dialogo = 'pausar' | 'reativar' | 'chamada' | 'promessa' | 'pagamento' | 'negociar';

type ClienteActionsProps = {
  cliente: ClienteDetalhe;
  selecionadas: ContaReceber[];
  onNegociado: () => void;
};

/** The buttons legal for the customer's status (docs/produto.md §3) and the dialogs they open. */
export const ClienteActions = ({ cliente, selecionadas, onNegociado }: ClienteActionsProps) => {
  const [aberto, setAberto] = useState<Dialogo | null>(null);
  const assumir = useAssumirCliente(cliente.id);
  const acoes = acoesPermitidas(cliente);
  const abertas = cliente.contas.filter((c) => c.status === 'aberta');
  const fechar = () => setAberto(null);

  const onAssumir = () =>
    assumir.mutate(undefined, {
      onSuccess: () => notify.success(`Você assumiu o atendimento de ${cliente.nome}.`),
      onError: (error) => {
        // Another operator took it first (or the page was stale); it reloads to show who has it now.
        if (temCodigo(error, 'CONFLITO_ASSUMIR', 'ASSUMA_ANTES')) void assumir.refresh();
        notify.error(errorMessage(error, 'Não foi possível assumir o cliente.'));
      },
    });

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Ações do cliente">
      {acoes.assumir && (
        <Button variant="contained" onClick={onAssumir} disabled={assumir.isPending}>
          {assumir.isPending ? 'Assumindo…' : 'Assumir'}
        </Button>
      )}
      {acoes.chamada ? (
        <Button variant="outlined" onClick={() => setAberto('chamada')}>
          Registrar ligação
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          Assuma o atendimento para registrar ligações, promessas, pagamentos e acordos.
        </Typography>
      )}
      {acoes.cobranca && (
        <>
          <Button variant="outlined" onClick={() => setAberto('promessa')}>
            Promessa de pagamento
          </Button>
          <Button variant="outlined" onClick={() => setAberto('pagamento')} disabled={abertas.length === 0}>
            Registrar pagamento
          </Button>
          <Button
            variant="outlined"
            onClick={() => setAberto('negociar')}
            disabled={selecionadas.length === 0}
            title={selecionadas.length === 0 ? 'Selecione as contas na tabela para negociar.' : undefined}
          >
            Negociar{selecionadas.length > 0 ? ` (${selecionadas.length})` : ''}
          </Button>
        </>
      )}
      {acoes.pausar && (
        <Button color="warning" onClick={() => setAberto('pausar')}>
          Pausar
        </Button>
      )}
      {acoes.reativar && <Button onClick={() => setAberto('reativar')}>Reativar</Button>}

      {aberto === 'pausar' && <PausarDialog cliente={cliente} onClose={fechar} />}
      {aberto === 'reativar' && <ReativarDialog cliente={cliente} onClose={fechar} />}
      {aberto === 'chamada' && <ChamadaDialog cliente={cliente} onClose={fechar} />}
      {aberto === 'promessa' && <PromessaDialog cliente={cliente} onClose={fechar} />}
      {aberto === 'pagamento' && <PagamentoDialog cliente={cliente} contas={abertas} onClose={fechar} />}
      {aberto === 'negociar' && (
        <NegociacaoDialog
          cliente={cliente}
          contas={selecionadas}
          onClose={fechar}
          onSuccess={() => {
            fechar();
            onNegociado();
          }}
        />
      )}
    </Box>
  );
};
