import type { ComprovanteView } from '@cobranca/contracts';
import './comprovante.css';

// A payment's comprovante as a printable page (docs/produto.md §9), shared by the operator's workspace
// and the customer's portal. Plain elements and classes only: the portal runs under a CSP without inline
// styles and loads no back-office library, nor @cobranca/dominio (its page weight), so each caller hands
// its own money and date formatters. Printing shows this block alone (comprovante.css).

export type FormatosComprovante = {
  reais: (valor: number) => string;
  /** `AAAA-MM-DD` → `dd/mm/aaaa`. */
  data: (data: string) => string;
};

type Props = { comprovante: ComprovanteView; formato: FormatosComprovante; tituloId?: string };

export const ComprovanteDocumento = ({ comprovante: c, formato, tituloId }: Props) => {
  const parcelasComEncargos = c.itens.some((i) => i.multa > 0 || i.juros > 0);
  return (
    <article className="comprovante" aria-labelledby={tituloId}>
      <h2 id={tituloId} className="comprovante-titulo">
        Comprovante de pagamento
      </h2>
      <p className="comprovante-credor">
        {c.credor.nome} · CNPJ {c.credor.documento}
      </p>
      <dl className="comprovante-dados">
        <dt>Pagador</dt>
        <dd>{c.pagador.nome}</dd>
        {c.pagador.documento && (
          <>
            <dt>CPF/CNPJ</dt>
            <dd>{c.pagador.documento}</dd>
          </>
        )}
        <dt>Valor</dt>
        <dd>{formato.reais(c.valor)}</dd>
        <dt>Data do pagamento</dt>
        <dd>{formato.data(c.data)}</dd>
        {/* A PIX's own time; a manual payment's is when it was recorded, maybe days after it was paid. */}
        <dt>{c.end_to_end_id ? 'Pago em' : 'Registrado em'}</dt>
        <dd>{c.horario_local}</dd>
        <dt>Forma</dt>
        <dd>{c.forma_rotulo}</dd>
        {c.end_to_end_id && (
          <>
            <dt>Identificador PIX (E2E)</dt>
            <dd className="comprovante-e2e">{c.end_to_end_id}</dd>
          </>
        )}
        {c.observacao && (
          <>
            <dt>Observação</dt>
            <dd>{c.observacao}</dd>
          </>
        )}
      </dl>
      <table className="comprovante-itens">
        <caption>O que este pagamento quitou</caption>
        <thead>
          <tr>
            <th scope="col">Conta</th>
            <th scope="col">Vencimento</th>
            <th scope="col">Valor pago</th>
            {parcelasComEncargos && <th scope="col">Principal · multa · juros</th>}
          </tr>
        </thead>
        <tbody>
          {c.itens.map((i) => (
            <tr key={i.conta_id}>
              <th scope="row">{i.descricao}</th>
              <td>{formato.data(i.vencimento)}</td>
              <td>{formato.reais(i.valor)}</td>
              {parcelasComEncargos && (
                <td>
                  {formato.reais(i.principal)} · {formato.reais(i.multa)} · {formato.reais(i.juros)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
};
