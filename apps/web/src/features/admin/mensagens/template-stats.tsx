import type { TemplateView } from '@cobranca/contracts';
import { formatarPercentual, formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const inteiro = new Intl.NumberFormat('pt-BR');

/** Results of the template: sends, reply rate, and money recovered within 7 days of a send. */
export const TemplateStats = ({ estatisticas }: { estatisticas: TemplateView['estatisticas'] }) => {
  const items = [
    { label: 'Enviadas', value: inteiro.format(estatisticas.enviadas) },
    { label: 'Taxa de resposta', value: formatarPercentual(estatisticas.taxa_resposta) },
    { label: 'Valor recuperado', value: formatarValorEmReais(estatisticas.valor_recuperado) },
  ];
  return (
    <Box component="section" aria-label="Resultados do modelo" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h4">
        Resultados
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        Respostas e pagamentos em até 7 dias após cada envio.
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, m: 0 }}
      >
        {items.map((item) => (
          <Box
            key={item.label}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, minWidth: 0 }}
          >
            <Typography component="dt" variant="caption" color="text.secondary">
              {item.label}
            </Typography>
            <Typography
              component="dd"
              variant="subtitle1"
              sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {item.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
};
