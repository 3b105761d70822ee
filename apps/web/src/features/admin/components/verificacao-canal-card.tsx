import type { VerificacaoCanal } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { ConexaoStatusCard } from '../../../components/conexao-status-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

type Props = {
  /** "o servidor SMTP", "a Zenvia": what is tested, for the text before the first check. */
  alvo: string;
  verificar: UseMutationResult<VerificacaoCanal, Error, void>;
};

/** "Verificar conexão" of the e-mail and SMS channels: each part that failed, with the provider's reason. */
export const VerificacaoCanalCard = ({ alvo, verificar }: Props) => {
  const resultado = () => {
    if (verificar.isError)
      return (
        <Alert severity="error" sx={{ my: 2 }}>
          {errorMessage(verificar.error, 'Não foi possível verificar a conexão.')}
        </Alert>
      );
    const data = verificar.data;
    if (!data)
      return (
        <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
          Testa agora a conexão com {alvo}, com as configurações salvas.
        </Typography>
      );
    if (data.ok && data.erros.length === 0)
      return (
        <Alert severity="success" sx={{ my: 2 }}>
          Conexão verificada: tudo certo.
        </Alert>
      );
    return (
      <Alert severity="error" sx={{ my: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {contagem(data.erros.length, 'problema encontrado', 'problemas encontrados')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {data.erros.map((item) => (
            <li key={`${item.parte}:${item.erro}`}>
              <strong>{item.parte}:</strong> {item.erro}
            </li>
          ))}
        </Box>
      </Alert>
    );
  };
  return (
    <ConexaoStatusCard verificando={verificar.isPending} onVerificar={() => verificar.mutate()}>
      <Box aria-live="polite">{resultado()}</Box>
    </ConexaoStatusCard>
  );
};
