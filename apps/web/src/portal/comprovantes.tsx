import type { ComprovantesResponse, ComprovanteView } from '@cobranca/contracts';
import { useCallback, useEffect, useState } from 'react';
import { ComprovanteDocumento } from '../components/comprovante/comprovante-documento.tsx';
import { type ChamadaCliente, mensagemDaFalha } from './api.ts';
import { contagem, dataBr, reais } from './formato.ts';
import { Alerta, Botao } from './ui.tsx';

// The customer's payments, each with its printable comprovante (docs/produto.md §22). Shown below the
// summary once there is any; nothing at all before the first payment.

const FORMATO = { reais, data: dataBr };

export const Comprovantes = ({ api }: { api: ChamadaCliente }) => {
  const [page, setPage] = useState(1);
  const [lista, setLista] = useState<ComprovantesResponse | null>(null);
  const [aberto, setAberto] = useState<ComprovanteView | null>(null);
  const [falha, setFalha] = useState<string | null>(null);
  const [abrindo, setAbrindo] = useState<number | null>(null);

  useEffect(() => {
    let atual = true;
    api<ComprovantesResponse>(`/api/portal/comprovantes?page=${page}`)
      .then((lido) => atual && setLista(lido))
      .catch((erro) => atual && setFalha(mensagemDaFalha(erro)));
    return () => {
      atual = false;
    };
  }, [api, page]);

  const abrir = useCallback(
    async (id: number) => {
      setAbrindo(id);
      try {
        setAberto(await api<ComprovanteView>(`/api/portal/comprovantes/${id}`));
        setFalha(null);
      } catch (erro) {
        setFalha(mensagemDaFalha(erro, 'Não foi possível abrir o comprovante. Tente de novo em instantes.'));
      } finally {
        setAbrindo(null);
      }
    },
    [api],
  );

  if (aberto)
    return (
      <section className="cartao">
        <ComprovanteDocumento comprovante={aberto} formato={FORMATO} tituloId="comprovante-titulo" />
        <div className="acoes">
          <Botao onClick={() => window.print()}>Imprimir ou salvar em PDF</Botao>
          <Botao variante="secundario" onClick={() => setAberto(null)}>
            Voltar aos pagamentos
          </Botao>
        </div>
      </section>
    );
  if (!lista || lista.total === 0) return falha ? <Alerta>{falha}</Alerta> : null;
  return (
    <section className="cartao" aria-labelledby="pagamentos-titulo">
      <h2 id="pagamentos-titulo">Seus pagamentos</h2>
      <p>{contagem(lista.total, 'pagamento recebido', 'pagamentos recebidos')}</p>
      {falha && <Alerta>{falha}</Alerta>}
      <ul className="lista-parcelas">
        {lista.data.map((c) => (
          <li key={c.id}>
            {reais(c.valor)} em {dataBr(c.data)}{' '}
            <Botao variante="link" ocupado={abrindo === c.id} onClick={() => void abrir(c.id)}>
              Ver comprovante de <span className="sem-quebra">{reais(c.valor)}</span>
            </Botao>
          </li>
        ))}
      </ul>
      {lista.last_page > 1 && (
        <div className="acoes">
          <Botao variante="secundario" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Mais recentes
          </Botao>
          <Botao variante="secundario" disabled={page >= lista.last_page} onClick={() => setPage(page + 1)}>
            Mais antigos
          </Botao>
        </div>
      )}
    </section>
  );
};
