import type { ClienteDetalhe, NotaItem } from '@cobranca/contracts';
import Alert from '@mui/material/Alert';
import { LinhaDoTempoSecao } from '../../../components/linha-do-tempo/linha-do-tempo-secao.tsx';
import { useJanelaEnvio } from '../api/janela-envio.ts';
import { useExcluirNota, useLinhaDoTempo } from '../api/linha-do-tempo.ts';
import { NotaComposer } from './nota-composer.tsx';

// The deadline passes while the screen is open: the server would answer 409, so the button goes.
const noPrazoDoAutor = (nota: NotaItem) =>
  nota.excluivel_ate !== null && Date.parse(nota.excluivel_ate) > Date.now();

/**
 * The workspace's timeline (docs/produto.md §5), 50 entries at a time: the owner writes notes here, and
 * the author deletes one within 15 minutes.
 */
export const LinhaDoTempo = ({ cliente }: { cliente: ClienteDetalhe }) => {
  const query = useLinhaDoTempo(cliente.id);
  const excluir = useExcluirNota(cliente.id);
  const janela = useJanelaEnvio();
  return (
    <LinhaDoTempoSecao
      query={query}
      janela={janela.data}
      excluir={excluir}
      podeExcluir={noPrazoDoAutor}
      avisoExclusao="A nota sai da linha do tempo. O texto fica registrado na auditoria."
      topo={
        cliente.operador === null ? (
          <Alert severity="info">Assuma o cliente para escrever notas internas.</Alert>
        ) : (
          <NotaComposer clienteId={cliente.id} />
        )
      }
    />
  );
};
