import type { SaidaSimulada } from '@cobranca/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { ConexaoDetalhes } from '../../../components/conexao-status-card.tsx';
import { LoadErrorAlert } from '../../../components/load-error-alert.tsx';
import { formatarDataHora } from '../../../lib/format.ts';
import { type SaidaDetalhe, useSaidaDetalhe } from '../api/simulador-saida.ts';
import { AcoesSimuladas } from './acoes-simuladas.tsx';
import { statusDaSaida } from './saida-labels.ts';

const LARGURA_CELULAR = 390;

const Texto = ({ texto }: { texto: string }) => (
  <Box
    component="pre"
    sx={{
      whiteSpace: 'pre-wrap',
      overflowWrap: 'anywhere',
      fontFamily: 'inherit',
      typography: 'body2',
      m: 0,
    }}
  >
    {texto}
  </Box>
);

/**
 * An e-mail's HTML in an iframe with every sandbox restriction (`sandbox=""`: no scripts, forms or
 * same-origin access), beside its text part and a phone-width preview.
 */
const CorpoEmail = ({ detalhe }: { detalhe: SaidaDetalhe }) => {
  const [parte, setParte] = useState<'html' | 'texto'>(detalhe.html ? 'html' : 'texto');
  const [celular, setCelular] = useState(false);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={parte}
          onChange={(_event, value: 'html' | 'texto' | null) => value && setParte(value)}
          aria-label="Parte do e-mail"
        >
          <ToggleButton value="html" disabled={!detalhe.html}>
            HTML
          </ToggleButton>
          <ToggleButton value="texto">Texto</ToggleButton>
        </ToggleButtonGroup>
        {parte === 'html' && (
          <FormControlLabel
            control={<Switch checked={celular} onChange={(_event, checked) => setCelular(checked)} />}
            label={`Largura de celular (${LARGURA_CELULAR} px)`}
          />
        )}
      </Box>
      {parte === 'html' && detalhe.html ? (
        <Box
          component="iframe"
          title="Conteúdo HTML do e-mail"
          sandbox=""
          srcDoc={detalhe.html}
          sx={{
            display: 'block',
            width: celular ? LARGURA_CELULAR : '100%',
            maxWidth: '100%',
            height: 480,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: '#fff',
            mx: 'auto',
          }}
        />
      ) : (
        <Texto texto={detalhe.texto} />
      )}
    </>
  );
};

const Conteudo = ({ item }: { item: SaidaSimulada }) => {
  const query = useSaidaDetalhe(item.id);
  if (query.isPending) return <Skeleton variant="rounded" height={240} aria-label="Carregando mensagem" />;
  if (query.isError)
    return (
      <LoadErrorAlert
        error={query.error}
        fallback="Não foi possível carregar a mensagem."
        onRetry={() => void query.refetch()}
      />
    );
  const detalhe = query.data;
  const linhas: [string, string][] = [
    ['Para', detalhe.para],
    ...(detalhe.canal === 'email'
      ? [['Assunto', detalhe.assunto ?? '(sem assunto)'] as [string, string]]
      : []),
    ['Cliente', detalhe.cliente?.nome ?? 'Sem cliente'],
    ['Enviado em', detalhe.enviada_em ? formatarDataHora(detalhe.enviada_em) : 'não enviado'],
    ['Situação', statusDaSaida(detalhe).rotulo],
  ];
  return (
    <>
      <ConexaoDetalhes rows={linhas} />
      {detalhe.canal === 'email' ? <CorpoEmail detalhe={detalhe} /> : <Texto texto={detalhe.texto} />}
      <Box sx={{ mt: 3 }}>
        <AcoesSimuladas item={detalhe} />
      </Box>
    </>
  );
};

/** One outbox message opened: full screen on a phone. */
export const SaidaDetalheDialog = ({
  item,
  onClose,
}: {
  item: SaidaSimulada | null;
  onClose: () => void;
}) => {
  const titleId = useId();
  const theme = useTheme();
  const telaCheia = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={telaCheia}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {item?.canal === 'sms' ? 'SMS enviado' : 'E-mail enviado'}
        <IconButton aria-label="Fechar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {item && <Conteudo item={item} />}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          Nada saiu de verdade: esta é a caixa de saída do simulador.
        </Typography>
      </DialogContent>
    </Dialog>
  );
};
