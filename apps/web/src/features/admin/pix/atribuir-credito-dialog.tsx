import type { AtribuicaoCreditoPixResponse, ClienteAdmin, CreditoPixView } from '@cobranca/contracts';
import { contagem, formatarDocumento, formatarValorEmReais } from '@cobranca/dominio';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AcoesDeDoisPassos } from '../../../components/acoes-de-dois-passos.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatarDataHora } from '../../../lib/format.ts';
import { clientesQueryOptions } from '../api/clientes.ts';
import { useAtribuirCreditoPix } from '../api/creditos-pix.ts';

const contas = (n: number) => contagem(n, 'conta', 'contas');

/** What the snackbar says after an assignment: how much went where, and what is left. */
export const mensagemAtribuicao = (nome: string, r: AtribuicaoCreditoPixResponse): string =>
  [
    `${formatarValorEmReais(r.aplicado)} atribuídos a ${nome} (${contas(r.pagamentos.length)}).`,
    r.credito.credito > 0 ? `Restam ${formatarValorEmReais(r.credito.credito)} de crédito a atribuir.` : '',
    r.cliente_concluido ? 'Todas as contas do cliente foram quitadas.' : '',
  ]
    .filter(Boolean)
    .join(' ');

/** The customers matching the search, each with what it owes; one with nothing open cannot take a credit (also the bank review's). */
export const ResultadosBusca = ({
  busca,
  escolhido,
  onEscolher,
}: {
  busca: string;
  escolhido: ClienteAdmin | null;
  onEscolher: (cliente: ClienteAdmin) => void;
}) => {
  const query = useQuery({ ...clientesQueryOptions({ page: 1, busca }), enabled: busca !== '' });
  if (busca === '')
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Digite o nome, o documento ou o telefone do cliente.
      </Typography>
    );
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }} role="status">
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2">Buscando clientes…</Typography>
      </Box>
    );
  if (query.isError)
    return (
      <LoadErrorAlert
        error={query.error}
        fallback="Não foi possível buscar os clientes."
        onRetry={() => void query.refetch()}
        sx={{ mt: 2 }}
      />
    );
  const { data, total } = query.data;
  if (data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Nenhum cliente encontrado.
      </Typography>
    );
  return (
    <>
      <List dense aria-label="Clientes encontrados" sx={{ mt: 1, maxHeight: 320, overflowY: 'auto' }}>
        {data.map((c) => {
          const semDivida = c.total_em_aberto <= 0;
          return (
            <ListItemButton
              key={c.id}
              selected={escolhido?.id === c.id}
              disabled={semDivida}
              onClick={() => onEscolher(c)}
            >
              <ListItemText
                primary={c.nome}
                secondary={`${formatarDocumento(c.documento)} · ${
                  semDivida ? 'sem contas em aberto' : `em aberto: ${formatarValorEmReais(c.total_em_aberto)}`
                }`}
              />
            </ListItemButton>
          );
        })}
      </List>
      {total > data.length && (
        <Typography variant="caption" color="text.secondary">
          Mostrando {data.length} de {total} clientes: refine a busca.
        </Typography>
      )}
    </>
  );
};

/**
 * Assigns a PIX credit to a customer: pick the customer, confirm the amount, then POST …/atribuir with
 * an Idempotency-Key (a double click or a retry assigns once).
 */
export const AtribuirCreditoDialog = ({
  credito,
  onClose,
}: {
  credito: CreditoPixView;
  onClose: () => void;
}) => {
  const titleId = useId();
  const inicial = credito.cliente?.nome ?? '';
  const [busca, setBusca] = useState(inicial);
  const [escolhido, setEscolhido] = useState<ClienteAdmin | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const mutation = useAtribuirCreditoPix();
  const valor = formatarValorEmReais(credito.credito);

  const onConfirmar = () => {
    if (!escolhido) return;
    mutation.mutate(
      { creditoId: credito.id, cliente_id: escolhido.id },
      {
        onSuccess: (r) => {
          notify.success(mensagemAtribuicao(escolhido.nome, r));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{confirmando ? 'Confirmar atribuição' : 'Atribuir crédito PIX'}</DialogTitle>
      {confirmando && escolhido ? (
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Atribuir <strong>{valor}</strong> a <strong>{escolhido.nome}</strong> (
            {formatarDocumento(escolhido.documento)})?
          </DialogContentText>
          <Typography variant="body2" color="text.secondary">
            O crédito paga as contas em aberto do cliente, das mais antigas para as mais novas, com multa e
            juros de hoje. O que sobrar continua como crédito a atribuir.
          </Typography>
          {mutation.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(mutation.error, 'Não foi possível atribuir o crédito.')}
            </Alert>
          )}
        </DialogContent>
      ) : (
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Crédito de <strong>{valor}</strong> recebido em {formatarDataHora(credito.horario)}
            {credito.pagador?.nome ? ` de ${credito.pagador.nome}` : ''}. Escolha o cliente que fez este
            pagamento.
          </DialogContentText>
          <Box sx={{ display: 'flex' }}>
            <SearchField
              label="Buscar cliente"
              placeholder="Nome, documento ou telefone"
              initialValue={inicial}
              onSearch={setBusca}
            />
          </Box>
          <ResultadosBusca busca={busca} escolhido={escolhido} onEscolher={setEscolhido} />
        </DialogContent>
      )}
      <AcoesDeDoisPassos
        confirmando={confirmando}
        ocupado={mutation.isPending}
        podeContinuar={escolhido !== null}
        rotuloConfirmar="Confirmar atribuição"
        onCancelar={onClose}
        onContinuar={() => setConfirmando(true)}
        onVoltar={() => {
          mutation.reset();
          setConfirmando(false);
        }}
        onConfirmar={onConfirmar}
      />
    </Dialog>
  );
};
