import type { ClienteDetalhe, PagamentoView } from '@cobranca/contracts';
import { formatarValorEmReais } from '@cobranca/dominio';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatarData, formatarDataHora } from '../../../lib/format.ts';
import {
  FORMA_LABELS,
  NEGOCIACAO_STATUS_LABELS,
  PROMESSA_STATUS_LABELS,
  RESULTADO_LABELS,
} from './labels.ts';

type Evento = { chave: string; quando: string; titulo: string; detalhe: string | null };

/** "principal R$ 100,00 + multa R$ 2,00 + juros R$ 0,33" when the payment covered encargos. */
const partesDoPagamento = (p: PagamentoView): string | null =>
  p.multa > 0 || p.juros > 0
    ? `principal ${formatarValorEmReais(p.principal)} + multa ${formatarValorEmReais(p.multa)} + juros ${formatarValorEmReais(p.juros)}`
    : null;

const eventosDe = (c: ClienteDetalhe): Evento[] => [
  ...c.chamadas.map((ch) => ({
    chave: `chamada-${ch.id}`,
    quando: ch.created_at,
    titulo: `Ligação: ${RESULTADO_LABELS[ch.resultado]}`,
    detalhe: [ch.operador?.name, ch.observacao].filter(Boolean).join(' · ') || null,
  })),
  ...c.pagamentos.map((p) => ({
    chave: `pagamento-${p.id}`,
    quando: p.created_at,
    titulo: `Pagamento de ${formatarValorEmReais(p.valor)} (${FORMA_LABELS[p.forma]}) em ${formatarData(p.data)}`,
    detalhe: [p.operador?.name, partesDoPagamento(p), p.observacao].filter(Boolean).join(' · ') || null,
  })),
  ...c.promessas.map((p) => ({
    chave: `promessa-${p.id}`,
    quando: p.created_at,
    titulo: `Promessa de ${formatarValorEmReais(p.valor)} para ${formatarData(p.data)} (${PROMESSA_STATUS_LABELS[p.status]})`,
    detalhe: null,
  })),
  ...c.negociacoes.map((n) => ({
    chave: `negociacao-${n.id}`,
    quando: n.created_at,
    titulo: `Acordo de ${formatarValorEmReais(n.valor_total)} em ${n.parcelas}x (${NEGOCIACAO_STATUS_LABELS[n.status]})`,
    detalhe:
      [
        n.desconto > 0 ? `desconto de ${formatarValorEmReais(n.desconto)}` : null,
        n.encargos_dispensados > 0
          ? `${formatarValorEmReais(n.encargos_dispensados)} de encargos dispensados`
          : null,
        n.observacao,
      ]
        .filter(Boolean)
        .join(' · ') || null,
  })),
];

/** Calls, payments, promises and agreements, newest first. */
export const HistoricoCard = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const eventos = eventosDe(cliente).sort((a, b) => b.quando.localeCompare(a.quando));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="historico-titulo" sx={{ p: 2 }}>
      <Typography id="historico-titulo" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Histórico
      </Typography>
      {eventos.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Nenhuma ligação, pagamento, promessa ou acordo registrado.
        </Typography>
      ) : (
        <List dense aria-labelledby="historico-titulo">
          {eventos.map((e) => (
            <ListItem key={e.chave} disableGutters>
              <ListItemText
                primary={e.titulo}
                secondary={`${formatarDataHora(e.quando)}${e.detalhe ? ` · ${e.detalhe}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
};
