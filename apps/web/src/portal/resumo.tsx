import type { PortalConta, PortalParcela, PortalResumo } from '@cobranca/contracts';
import { type ReactNode, useRef, useState } from 'react';
import { CampoDeCodigo } from './campo-de-codigo.tsx';
import { copiarTexto } from './copiar-texto.ts';
import { dataBr, diaDoInstante, haDias, ordinal, reais } from './formato.ts';
import { Botao, Nota, Titulo } from './ui.tsx';

/** The agreement's next instalment to pay: what "Pagar com PIX" pays while there is an agreement. */
export const proximaParcela = (resumo: PortalResumo): PortalParcela | undefined =>
  resumo.acordo?.parcelas.find((p) => !p.paga);

type ResumoProps = {
  resumo: PortalResumo;
  pagar: () => void;
  negociar: () => void;
  falarComAtendente: () => void;
  pararMensagens: () => void;
  /** How the customer prefers to be reached, shown beside the way to stop the messages. */
  preferencia?: ReactNode;
};

export const Resumo = ({
  resumo,
  pagar,
  negociar,
  falarComAtendente,
  pararMensagens,
  preferencia,
}: ResumoProps) => {
  const { contas, acordo } = resumo;
  const parcela = proximaParcela(resumo);
  const temAPagar = acordo ? parcela !== undefined : contas.length > 0;
  return (
    <>
      <Titulo nivel={1}>Olá, {resumo.primeiro_nome}</Titulo>
      {resumo.aguardando_atendimento && <Nota>Um atendente vai falar com você em breve.</Nota>}
      {resumo.opt_out_em && (
        <Nota>Você não recebe mais mensagens de cobrança (desde {diaDoInstante(resumo.opt_out_em)}).</Nota>
      )}

      {!temAPagar && contas.length === 0 && (
        <p className="cartao destaque">Você não tem débitos em aberto. Obrigado!</p>
      )}

      {contas.length > 0 && (
        <section aria-labelledby="titulo-debitos" className="secao">
          <h2 id="titulo-debitos">Seus débitos</h2>
          <ul className="lista-contas">
            {contas.map((conta) => (
              <Conta key={conta.id} conta={conta} />
            ))}
          </ul>
          <p className="total-geral">
            <span>Total atualizado</span> <strong>{reais(resumo.total)}</strong>
          </p>
        </section>
      )}

      {acordo && (
        <section aria-labelledby="titulo-acordo" className="secao cartao">
          <h2 id="titulo-acordo">Seu acordo</h2>
          {parcela && (
            <p>
              Próxima parcela: {ordinal(parcela.numero)}, <strong>{reais(parcela.valor)}</strong>, vencimento{' '}
              {dataBr(parcela.vencimento)}.
            </p>
          )}
          <ListaParcelas parcelas={acordo.parcelas} />
        </section>
      )}

      <section aria-labelledby="titulo-acoes" className="secao">
        <h2 id="titulo-acoes">O que você quer fazer?</h2>
        <div className="acoes">
          {temAPagar && <Botao onClick={pagar}>Pagar com PIX</Botao>}
          {!acordo && contas.length > 0 && (
            <Botao variante="secundario" onClick={negociar}>
              Negociar
            </Botao>
          )}
          <Botao variante="secundario" onClick={falarComAtendente}>
            Falar com um atendente
          </Botao>
        </div>
        {preferencia}
        {!resumo.opt_out_em && (
          <Botao variante="link" onClick={pararMensagens}>
            Não quero mais receber mensagens
          </Botao>
        )}
      </section>
    </>
  );
};

const Conta = ({ conta }: { conta: PortalConta }) => (
  <li className="cartao conta">
    <h3>{conta.descricao}</h3>
    <p className="vencimento">
      Vencimento {dataBr(conta.vencimento)}
      {conta.dias_atraso > 0 && <span className="atraso"> (vencida {haDias(conta.dias_atraso)})</span>}
    </p>
    <dl className="valores">
      <div>
        <dt>Valor original</dt>
        <dd>{reais(conta.principal)}</dd>
      </div>
      <div>
        <dt>Multa</dt>
        <dd>{reais(conta.multa)}</dd>
      </div>
      <div>
        <dt>Juros</dt>
        <dd>{reais(conta.juros)}</dd>
      </div>
      <div className="valor-total">
        <dt>Valor atualizado</dt>
        <dd>{reais(conta.total)}</dd>
      </div>
    </dl>
    {conta.boleto && <Boleto boleto={conta.boleto} />}
  </li>
);

/** The receivable's boleto: its barcode and the linha digitável to copy into the bank's app. */
const Boleto = ({ boleto }: { boleto: NonNullable<PortalConta['boleto']> }) => {
  const campo = useRef<HTMLTextAreaElement>(null);
  const [anuncio, setAnuncio] = useState('');
  const copiar = async () =>
    setAnuncio(await copiarTexto(boleto.linha_digitavel, campo.current, 'Linha digitável copiada'));
  return (
    <div className="boleto">
      <img
        className="boleto-codigo"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(boleto.codigo_barras_svg)}`}
        alt="Código de barras do boleto"
      />
      <CampoDeCodigo
        campo={campo}
        rotulo="Boleto: linha digitável"
        valor={boleto.linha_digitavel}
        linhas={2}
      />
      <Botao variante="secundario" onClick={copiar}>
        Copiar linha digitável
      </Botao>
      <p className="dica" aria-live="polite">
        {anuncio}
      </p>
    </div>
  );
};

/** An agreement's or a plan's instalments: number, due date, amount and, for an agreement, if paid. */
export const ListaParcelas = ({
  parcelas,
  comSituacao = true,
}: {
  parcelas: PortalParcela[];
  comSituacao?: boolean;
}) => (
  <ol className="lista-parcelas">
    {parcelas.map((p) => (
      <li key={p.numero}>
        <span className="parcela-lado">
          <span className="parcela-numero">{ordinal(p.numero)} parcela</span>{' '}
          <span className="parcela-data">vence em {dataBr(p.vencimento)}</span>
        </span>{' '}
        <span className="parcela-lado parcela-direita">
          <span className="parcela-valor">{reais(p.valor)}</span>
          {comSituacao && (
            <>
              {' '}
              <span className={p.paga ? 'parcela-situacao paga' : 'parcela-situacao'}>
                {p.paga ? 'Paga' : 'Em aberto'}
              </span>
            </>
          )}
        </span>
      </li>
    ))}
  </ol>
);
