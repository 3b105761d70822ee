import type { CandidatoConciliacao, ClienteAdmin, ItemRevisaoConciliacao } from '@cobranca/contracts';
import { formatarDataBr, formatarValorEmReais, lerReais } from '@cobranca/dominio';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { AcoesDeDoisPassos } from '../../../components/acoes-de-dois-passos.tsx';
import { descricaoDoLancamento } from '../../../components/conciliacao/rotulos.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAtribuirLancamento } from '../api/conciliacao.ts';
import { ResultadosBusca } from '../pix/atribuir-credito-dialog.tsx';

const OUTRO = 'outro';

const rotuloDoCandidato = (c: CandidatoConciliacao) =>
  `${c.cliente.nome} · ${c.descricao} · venc. ${formatarDataBr(c.vencimento)} · ${formatarValorEmReais(c.valor_atualizado)}${
    c.diferenca === 0 ? ' (valor exato)' : ` (diferença ${formatarValorEmReais(c.diferenca)})`
  }`;

/** Why the amount typed cannot go, or null. */
const problemaDoValor = (texto: string, restante: number): string | null => {
  const centavos = lerReais(texto);
  if (centavos === null || centavos <= 0) return 'Informe um valor maior que zero, como 150,00.';
  if (centavos > Math.round(restante * 100))
    return `O valor passa do que resta a atribuir (${formatarValorEmReais(restante)}).`;
  return null;
};

/**
 * Assigns an entry in review (or part of it: what is left stays in the queue, so a split is several
 * assignments) to one of its candidate receivables, or to another customer's open receivables.
 */
export const AtribuirLancamentoDialog = ({
  item,
  onClose,
}: {
  item: ItemRevisaoConciliacao;
  onClose: () => void;
}) => {
  const titleId = useId();
  // Only an exact amount is chosen for the admin; otherwise they pick the receivable.
  const [escolha, setEscolha] = useState<string>(() => {
    const [melhor] = item.candidatos;
    if (!melhor) return OUTRO;
    return melhor.diferenca === 0 ? String(melhor.conta_id) : '';
  });
  const [cliente, setCliente] = useState<ClienteAdmin | null>(null);
  const [busca, setBusca] = useState(item.cliente?.nome ?? '');
  const [valorTexto, setValorTexto] = useState(formatarValorEmReais(item.restante).replace('R$', '').trim());
  const [confirmando, setConfirmando] = useState(false);
  const mutation = useAtribuirLancamento();
  const candidato = item.candidatos.find((c) => String(c.conta_id) === escolha);
  const problema = problemaDoValor(valorTexto, item.restante);
  const destino = candidato
    ? `à conta "${candidato.descricao}" de ${candidato.cliente.nome}`
    : cliente
      ? `às contas em aberto de ${cliente.nome}`
      : null;
  const valor = (lerReais(valorTexto) ?? 0) / 100;

  const confirmar = () =>
    mutation.mutate(
      candidato
        ? { lancamentoId: item.id, conta_id: candidato.conta_id, valor }
        : { lancamentoId: item.id, cliente_id: cliente?.id ?? 0, valor },
      {
        onSuccess: (r) => {
          notify.success(
            `${formatarValorEmReais(r.aplicado)} atribuídos.${
              r.lancamento.restante > 0
                ? ` Restam ${formatarValorEmReais(r.lancamento.restante)} na fila de revisão.`
                : ''
            }`,
          );
          onClose();
        },
      },
    );

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{confirmando ? 'Confirmar atribuição' : 'Atribuir lançamento'}</DialogTitle>
      {confirmando && destino ? (
        <DialogContent>
          <DialogContentText>
            Atribuir <strong>{formatarValorEmReais(valor)}</strong> {destino}?
          </DialogContentText>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            O valor é registrado como pagamento, com multa e juros de hoje; o cliente recebe o recibo.
          </Typography>
          {mutation.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(mutation.error, 'Não foi possível atribuir o lançamento.')}
            </Alert>
          )}
        </DialogContent>
      ) : (
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {formatarValorEmReais(item.valor)} de {formatarDataBr(item.data)}: {descricaoDoLancamento(item)}.
            Restam{' '}
            <Box component="strong" sx={{ whiteSpace: 'nowrap' }}>
              {formatarValorEmReais(item.restante)}
            </Box>{' '}
            a atribuir.
          </DialogContentText>
          <RadioGroup
            aria-label="Para onde vai o valor"
            value={escolha}
            onChange={(e) => setEscolha(e.target.value)}
          >
            {item.candidatos.map((c) => (
              <FormControlLabel
                key={c.conta_id}
                value={String(c.conta_id)}
                control={<Radio />}
                label={rotuloDoCandidato(c)}
              />
            ))}
            <FormControlLabel value={OUTRO} control={<Radio />} label="Outro cliente" />
          </RadioGroup>
          {escolha === OUTRO && (
            <Box sx={{ mt: 1 }}>
              {/* SearchField grows in a row (it sits beside filters elsewhere). */}
              <Box sx={{ display: 'flex' }}>
                <SearchField
                  label="Buscar cliente"
                  placeholder="Nome, documento ou telefone"
                  initialValue={busca}
                  onSearch={setBusca}
                />
              </Box>
              <ResultadosBusca busca={busca} escolhido={cliente} onEscolher={setCliente} />
            </Box>
          )}
          <TextField
            label="Valor a atribuir (R$)"
            value={valorTexto}
            onChange={(e) => setValorTexto(e.target.value)}
            error={problema !== null}
            helperText={problema ?? 'Para dividir o lançamento, atribua uma parte agora e o resto depois.'}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ mt: 2 }}
            fullWidth
          />
        </DialogContent>
      )}
      <AcoesDeDoisPassos
        confirmando={confirmando}
        ocupado={mutation.isPending}
        podeContinuar={destino !== null && problema === null}
        rotuloConfirmar="Confirmar atribuição"
        onCancelar={onClose}
        onContinuar={() => setConfirmando(true)}
        onVoltar={() => {
          mutation.reset();
          setConfirmando(false);
        }}
        onConfirmar={confirmar}
      />
    </Dialog>
  );
};
