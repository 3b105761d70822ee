import Alert from '@mui/material/Alert';
import { quando } from '../../lib/situacao-envio.ts';
import { useJanelaEnvio } from './api/janela-envio.ts';

/**
 * The operator area's banner while automatic messages are held (docs/produto.md §11): closed window
 * (and when it opens) or automation switched off. An operator's own messages are not held.
 */
export const JanelaEnvioAviso = () => {
  const { data: janela } = useJanelaEnvio();
  if (!janela) return null;
  if (!janela.automacao_ligada)
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        Automação pausada: as mensagens da régua não estão saindo. As mensagens que você escrever saem
        normalmente.
      </Alert>
    );
  if (janela.aberta || !janela.abre_em) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      Fora da janela de envio: as mensagens da régua saem {quando(new Date(janela.abre_em), new Date())}. As
      mensagens que você escrever saem na hora.
    </Alert>
  );
};
