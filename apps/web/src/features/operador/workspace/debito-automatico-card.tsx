import type {
  ClienteDetalhe,
  CobrancaRecorrenteStatus,
  DebitoAutomaticoStatus,
  DebitoAutomaticoView,
  DebitoSimulacao,
  NegociacaoView,
} from '@cobranca/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { copiarTexto } from '../../../components/copiar-texto.ts';
import { DEBITO_STATUS_LABELS } from '../../../components/linha-do-tempo/rotulos.ts';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatarData } from '../../../lib/format.ts';
import { useCancelarDebitoAutomatico, useSimularDebito } from '../api/cliente.ts';
import { useCobrancasPix } from '../api/cobrancas-pix.ts';

// An agreement's PIX Automático in the workspace (docs/pix-automatico.md §5): where it stands, each
// debited instalment and its attempts, the code that authorises it while the customer has not, and the
// operator's way to cancel it.

const COR: Record<DebitoAutomaticoStatus, ChipProps['color']> = {
  aguardando_aprovacao: 'warning',
  ativo: 'success',
  recusado: 'error',
  expirado: 'default',
  cancelado_pelo_cliente: 'error',
  cancelado: 'default',
};

const PARCELA: Record<CobrancaRecorrenteStatus, string> = {
  pendente: 'a agendar (10 a 2 dias antes do vencimento)',
  criada: 'agendada',
  ativa: 'agendada',
  concluida: 'debitada',
  expirada: 'não debitada',
  rejeitada: 'recusada',
  cancelada: 'cancelada',
};

const TENTATIVA: Record<string, string> = {
  SOLICITADA: 'solicitada',
  AGENDADA: 'agendada',
  PAGA: 'paga',
  CANCELADA: 'cancelada',
  REJEITADA: 'recusada',
  EXPIRADA: 'expirada',
};

const EM_VIGOR: ReadonlySet<DebitoAutomaticoStatus> = new Set(['aguardando_aprovacao', 'ativo']);

/** What the simulator can play of the payer's side in each state (docs/pix-automatico.md §6). */
const SIMULACOES: Partial<
  Record<DebitoAutomaticoStatus, { acao: DebitoSimulacao; rotulo: string; aviso: string }[]>
> = {
  aguardando_aprovacao: [
    {
      acao: 'aprovar',
      rotulo: 'Simular: cliente aprova',
      aviso: 'Aprovação simulada: 1ª parcela paga e débito automático ativo.',
    },
    {
      acao: 'recusar',
      rotulo: 'Simular: cliente recusa',
      aviso: 'Recusa simulada: o acordo volta à cobrança comum.',
    },
  ],
  ativo: [
    {
      acao: 'debitar',
      rotulo: 'Simular: banco debita a próxima parcela',
      aviso: 'Débito simulado: a parcela foi paga.',
    },
    {
      acao: 'recusar_debito',
      rotulo: 'Simular: banco recusa o débito',
      aviso: 'Recusa do banco simulada: veja a nova tentativa ou o PIX comum da parcela.',
    },
    {
      acao: 'cancelar',
      rotulo: 'Simular: cliente cancela no banco',
      aviso: 'Cancelamento simulado: o acordo volta à cobrança comum.',
    },
  ],
};

/** "2ª parcela · vence 15/01/2027 · debitada (tentativas: recusada em 15/01, paga em 16/01)". */
const linhaDaParcela = (p: DebitoAutomaticoView['parcelas'][number]): string => {
  const situacao = PARCELA[p.status];
  const tentativas = p.tentativas.map((t) => `${TENTATIVA[t.status] ?? t.status} em ${formatarData(t.data)}`);
  return [
    `${p.numero}ª parcela`,
    `vence ${formatarData(p.vencimento)}`,
    tentativas.length > 1 ? `${situacao} (tentativas: ${tentativas.join(', ')})` : situacao,
  ].join(' · ');
};

const Debito = ({
  cliente,
  negociacao,
  debito,
}: {
  cliente: ClienteDetalhe;
  negociacao: NegociacaoView;
  debito: DebitoAutomaticoView;
}) => {
  const tituloId = useId();
  const [confirmar, setConfirmar] = useState(false);
  const cancelar = useCancelarDebitoAutomatico(cliente.id);
  const simular = useSimularDebito(cliente.id);
  const simulador = useCobrancasPix(cliente.id).data?.provedor === 'simulador';
  const onSimular = ({ acao, aviso }: { acao: DebitoSimulacao; aviso: string }) =>
    simular.mutate(
      { negociacaoId: negociacao.id, acao },
      {
        onSuccess: () => notify.success(aviso),
        onError: (error) => notify.error(errorMessage(error, 'Não foi possível simular.')),
      },
    );
  const onCancelar = () =>
    cancelar.mutate(negociacao.id, {
      onSuccess: () => {
        setConfirmar(false);
        notify.success('Débito automático cancelado: as parcelas em aberto voltam a ter PIX e a régua.');
      },
      onError: (error) => {
        setConfirmar(false);
        notify.error(errorMessage(error, 'Não foi possível cancelar o débito automático.'));
      },
    });
  return (
    <Box
      component="li"
      aria-labelledby={tituloId}
      sx={{ listStyle: 'none', py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id={tituloId} component="h4" variant="subtitle2">
          Acordo nº {negociacao.id} · {negociacao.parcelas}x
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={COR[debito.status]}
          label={`Débito automático: ${DEBITO_STATUS_LABELS[debito.status]}`}
        />
      </Box>
      <Box component="ul" sx={{ pl: 2, my: 1 }}>
        {debito.parcelas.map((p) => (
          <Typography component="li" variant="body2" key={p.conta_id} sx={{ overflowWrap: 'anywhere' }}>
            {linhaDaParcela(p)}
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {debito.pix_copia_e_cola && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() =>
              void copiarTexto(
                debito.pix_copia_e_cola ?? '',
                'Código copiado: paga a 1ª parcela e autoriza as demais.',
              )
            }
          >
            Copiar o PIX de autorização
          </Button>
        )}
        {EM_VIGOR.has(debito.status) && (
          <Button size="small" color="error" onClick={() => setConfirmar(true)}>
            Cancelar débito automático
          </Button>
        )}
        {simulador &&
          debito.id_rec &&
          (SIMULACOES[debito.status] ?? []).map((s) => (
            <Button
              key={s.acao}
              size="small"
              color="secondary"
              disabled={simular.isPending}
              onClick={() => onSimular(s)}
            >
              {s.rotulo}
            </Button>
          ))}
      </Box>
      <ConfirmDialog
        open={confirmar}
        title="Cancelar o débito automático"
        message={`O débito automático do acordo nº ${negociacao.id} será cancelado no banco. As parcelas em aberto voltam a ter PIX e a ser cobradas pela régua.`}
        confirmLabel="Cancelar débito automático"
        confirmColor="error"
        loading={cancelar.isPending}
        onConfirm={onCancelar}
        onClose={() => setConfirmar(false)}
      />
    </Box>
  );
};

/** The customer's agreements with automatic debit; nothing when there are none. */
export const DebitoAutomaticoCard = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const comDebito = cliente.negociacoes.filter(
    (n): n is NegociacaoView & { debito_automatico: DebitoAutomaticoView } => n.debito_automatico !== null,
  );
  if (comDebito.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="debito-titulo" sx={{ p: 2 }}>
      <Typography id="debito-titulo" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Débito automático (PIX Automático)
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0 }}>
        {comDebito.map((n) => (
          <Debito key={n.id} cliente={cliente} negociacao={n} debito={n.debito_automatico} />
        ))}
      </Box>
    </Paper>
  );
};
