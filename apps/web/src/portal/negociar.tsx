import type { PortalAcordoResponse, PortalPlano, PortalPlanosResponse } from '@cobranca/contracts';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { type ChamadaCliente, FalhaPortal, mensagemDaFalha } from './api.ts';
import { dataBr, parcelas, reais } from './formato.ts';
import { PixDoAcordo } from './pix-do-acordo.tsx';
import { ListaParcelas } from './resumo.tsx';
import { Alerta, Botao, Carregando, ConfirmarOuVoltar, FalhaAoCarregar, Titulo } from './ui.tsx';

const conjuncao = new Intl.ListFormat('pt-BR', { type: 'conjunction' });

/** The instalments' amounts as runs of equal ones, in order: `1 de R$ 806,39 e 2 de R$ 806,38`. */
const valoresDasParcelas = (plano: PortalPlano): string[] => {
  const grupos: { quantas: number; valor: number }[] = [];
  for (const { valor } of plano.lista) {
    const ultimo = grupos.at(-1);
    if (ultimo?.valor === valor) ultimo.quantas += 1;
    else grupos.push({ quantas: 1, valor });
  }
  return grupos.map((g) => `${g.quantas} de ${reais(g.valor)}`);
};

/**
 * Every instalment's amount (docs/produto.md §22): `À vista: R$ 900,00`, `3 parcelas de R$ 300,00`,
 * `3 parcelas: 1 de R$ 300,02 e 2 de R$ 300,00`.
 */
export const rotuloPlano = (plano: PortalPlano): string => {
  const [primeira] = plano.lista;
  if (plano.parcelas === 1 || !primeira) return `À vista: ${reais(plano.total)}`;
  const valores = valoresDasParcelas(plano);
  if (valores.length === 1) return `${parcelas(plano.parcelas)} de ${reais(primeira.valor)}`;
  return `${parcelas(plano.parcelas)}: ${conjuncao.format(valores)}`;
};

/** When it is paid: `Vence em 29/11/2026`, `1ª em 29/11/2026, última em 28/01/2027`. */
const datasPlano = ({ lista }: PortalPlano): string => {
  const [primeira] = lista;
  const ultima = lista.at(-1);
  if (!primeira || !ultima) return '';
  if (lista.length === 1) return `Vence em ${dataBr(primeira.vencimento)}`;
  return `1ª em ${dataBr(primeira.vencimento)}, última em ${dataBr(ultima.vencimento)}`;
};

/** The plan as it would be made: with automatic debit, its monthly instalments (docs/pix-automatico.md §1). */
const comDebito = (plano: PortalPlano, debito: boolean): PortalPlano =>
  debito && plano.lista_debito_automatico ? { ...plano, lista: plano.lista_debito_automatico } : plano;

const ROTULO_DEBITO = 'Pagar as próximas parcelas por débito automático (PIX Automático)';

/** The automatic debit's switch, for a plan that may have it. */
const OpcaoDebito = ({ marcado, marcar }: { marcado: boolean; marcar: (marcado: boolean) => void }) => (
  <div className="opcao opcao-debito">
    <input
      type="checkbox"
      id="debito-automatico"
      checked={marcado}
      onChange={(e) => marcar(e.target.checked)}
      aria-describedby="debito-automatico-dica"
    />
    <label htmlFor="debito-automatico">
      <span className="opcao-titulo">{ROTULO_DEBITO}</span>
    </label>
    <p id="debito-automatico-dica" className="dica">
      Você autoriza uma vez no app do seu banco e as parcelas são debitadas no vencimento. Pode cancelar
      quando quiser pelo app do banco.
    </p>
  </div>
);

/** One plan as its radio's label: the discount as the headline, the amounts, the dates, the total. */
const OpcaoPlano = ({ plano }: { plano: PortalPlano }) => (
  <>
    {plano.desconto > 0 && <span className="opcao-destaque">{reais(plano.desconto)} de desconto</span>}
    <span className="opcao-titulo">{rotuloPlano(plano)}</span>
    <span className="opcao-detalhe">{datasPlano(plano)}</span>
    <span className="opcao-detalhe">
      Total {reais(plano.total)}
      {plano.desconto > 0 && ` em vez de ${reais(plano.valor_original)}`}
    </span>
  </>
);

type NegociarProps = {
  api: ChamadaCliente;
  intervaloPix: number;
  aoPagar: () => void;
  voltar: () => void;
};

/** The plans on offer, read again on demand; the plan chosen stays chosen while it is still offered. */
const useOfertaDePlanos = (api: ChamadaCliente) => {
  const [oferta, setOferta] = useState<PortalPlanosResponse | null>(null);
  const [falhaCarga, setFalhaCarga] = useState<string | null>(null);
  const [carregando, setCarregando] = useState(false);
  const [escolhido, setEscolhido] = useState<number | null>(null);

  const carregar = useCallback(async () => {
    setCarregando(true);
    try {
      const lida = await api<PortalPlanosResponse>('/api/portal/planos');
      setOferta(lida);
      setFalhaCarga(null);
      setEscolhido((atual) => (lida.planos.some((p) => p.parcelas === atual) ? atual : null));
    } catch (e) {
      setFalhaCarga(mensagemDaFalha(e, 'Não foi possível carregar os planos. Tente de novo em instantes.'));
    } finally {
      setCarregando(false);
    }
  }, [api]);

  useEffect(() => {
    void carregar();
  }, [carregar]);

  return { oferta, falhaCarga, carregando, carregar, escolhido, setEscolhido };
};

/**
 * Sends the chosen plan and keeps the agreement it makes; a failure goes to `setErro`, and a 422
 * (the offer changed meanwhile) to `aoMudarOferta` as well.
 */
const useConfirmarAcordo = (
  api: ChamadaCliente,
  setErro: (erro: string | null) => void,
  aoMudarOferta: () => void,
) => {
  const [enviando, setEnviando] = useState(false);
  const [acordo, setAcordo] = useState<PortalAcordoResponse | null>(null);

  const confirmar = async (plano: PortalPlano, debito: boolean) => {
    setEnviando(true);
    setErro(null);
    try {
      setAcordo(
        await api<PortalAcordoResponse>('/api/portal/acordo', {
          metodo: 'POST',
          corpo: { parcelas: plano.parcelas, debito_automatico: debito },
        }),
      );
    } catch (e) {
      const mensagem = mensagemDaFalha(e, 'Não foi possível confirmar o acordo. Tente de novo em instantes.');
      setErro(mensagem);
      if (e instanceof FalhaPortal && e.status === 422) aoMudarOferta();
    } finally {
      setEnviando(false);
    }
  };

  return { enviando, acordo, confirmar };
};

/** The agreement made: its instalments and the first one's PIX. */
const AcordoConfirmado = ({
  acordo,
  api,
  intervaloPix,
  aoPagar,
  botaoVoltar,
}: Omit<NegociarProps, 'voltar'> & { acordo: PortalAcordoResponse; botaoVoltar: ReactNode }) => (
  <div className="cartao">
    <Titulo nivel={1}>Acordo confirmado</Titulo>
    <p>
      {parcelas(acordo.acordo.parcelas.length)}, total <strong>{reais(acordo.acordo.total)}</strong>.
    </p>
    <section aria-labelledby="titulo-parcelas-acordo" className="secao">
      <h2 id="titulo-parcelas-acordo">Parcelas</h2>
      <ListaParcelas parcelas={acordo.acordo.parcelas} />
    </section>
    <section aria-labelledby="titulo-pix-acordo" className="secao">
      <h2 id="titulo-pix-acordo">Pague a 1ª parcela</h2>
      <PixDoAcordo api={api} inicial={acordo} intervaloPix={intervaloPix} aoPagar={aoPagar} />
    </section>
    <div className="acoes">{botaoVoltar}</div>
  </div>
);

/**
 * The plans as radios, the automatic debit's switch when the chosen one may have it, the instalments
 * of the choice below them, and the step's buttons.
 */
const FormularioDePlanos = ({
  planos,
  escolhido,
  escolher,
  debito,
  marcarDebito,
  pedirConfirmacao,
  children,
}: {
  planos: PortalPlano[];
  escolhido: number | null;
  escolher: (parcelas: number) => void;
  debito: boolean;
  marcarDebito: (marcado: boolean) => void;
  pedirConfirmacao: (evento: FormEvent) => void;
  /** Beside "Confirmar acordo". */
  children: ReactNode;
}) => {
  const plano = planos.find((p) => p.parcelas === escolhido);
  return (
    <form onSubmit={pedirConfirmacao} noValidate className="formulario">
      <fieldset className="escolha">
        <legend>Escolha como quer pagar</legend>
        {planos.map((p) => {
          const id = `plano-${p.parcelas}`;
          return (
            <div key={p.parcelas} className="opcao">
              <input
                type="radio"
                id={id}
                name="plano"
                value={p.parcelas}
                checked={escolhido === p.parcelas}
                onChange={() => escolher(p.parcelas)}
              />
              <label htmlFor={id}>
                {/* The chosen one as it would be made, with the automatic debit's dates and amounts. */}
                <OpcaoPlano plano={escolhido === p.parcelas ? comDebito(p, debito) : p} />
              </label>
            </div>
          );
        })}
      </fieldset>
      {plano?.debito_automatico_disponivel && <OpcaoDebito marcado={debito} marcar={marcarDebito} />}
      {plano && (
        <section aria-labelledby="titulo-parcelas-plano" className="secao">
          <h2 id="titulo-parcelas-plano">Parcelas do plano escolhido</h2>
          <ListaParcelas parcelas={comDebito(plano, debito).lista} comSituacao={false} />
        </section>
      )}
      <div className="acoes">
        <Botao type="submit">Confirmar acordo</Botao>
        {children}
      </div>
    </form>
  );
};

/** The instalment plans the creditor offers, the customer's choice, its confirmation and the agreement. */
export const Negociar = (props: NegociarProps) => {
  const { api, voltar } = props;
  const { oferta, falhaCarga, carregando, carregar, escolhido, setEscolhido } = useOfertaDePlanos(api);
  const [confirmando, setConfirmando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [querDebito, setQuerDebito] = useState(false);
  // The offer changed meanwhile (the debt, the settings): choose again from the plans of now.
  const { enviando, acordo, confirmar } = useConfirmarAcordo(api, setErro, () => {
    setConfirmando(false);
    void carregar();
  });
  const plano = oferta?.planos.find((p) => p.parcelas === escolhido);
  // Only while the chosen plan may have it: a plan without it is never sent with it.
  const debito = querDebito && plano?.debito_automatico_disponivel === true;

  const pedirConfirmacao = (evento: FormEvent) => {
    evento.preventDefault();
    if (!plano) return setErro('Escolha um dos planos.');
    setErro(null);
    setConfirmando(true);
  };

  const botaoVoltar = (
    <Botao variante="secundario" onClick={voltar}>
      Voltar ao resumo
    </Botao>
  );

  if (acordo) return <AcordoConfirmado {...props} acordo={acordo} botaoVoltar={botaoVoltar} />;

  if (!oferta) {
    if (falhaCarga)
      return (
        <>
          <Titulo nivel={1}>Negociar</Titulo>
          <FalhaAoCarregar mensagem={falhaCarga} tentar={carregar} ocupado={carregando} />
          <div className="acoes">{botaoVoltar}</div>
        </>
      );
    return <Carregando />;
  }

  if (confirmando && plano)
    return (
      <div className="cartao">
        <Titulo nivel={1}>Confirmar acordo</Titulo>
        <p>
          Confirmar acordo de {parcelas(plano.parcelas)}, total {reais(plano.total)}?
        </p>
        {debito && (
          <p className="nota">
            A 1ª parcela você paga agora por PIX; as demais são debitadas no vencimento por débito automático
            (PIX Automático), depois que você autorizar no app do seu banco.
          </p>
        )}
        <ListaParcelas parcelas={comDebito(plano, debito).lista} comSituacao={false} />
        <ConfirmarOuVoltar
          erro={erro}
          enviando={enviando}
          confirmar={() => void confirmar(plano, debito)}
          voltar={() => setConfirmando(false)}
          rotuloVoltar="Voltar"
        />
      </div>
    );

  if (oferta.planos.length === 0)
    return (
      <div className="cartao">
        <Titulo nivel={1}>Negociar</Titulo>
        <p>{oferta.motivo ?? 'Não há planos de pagamento para oferecer agora.'}</p>
        <div className="acoes">{botaoVoltar}</div>
      </div>
    );

  return (
    <div className="cartao">
      <Titulo nivel={1}>Negociar</Titulo>
      {erro && <Alerta>{erro}</Alerta>}
      <FormularioDePlanos
        planos={oferta.planos}
        escolhido={escolhido}
        escolher={setEscolhido}
        debito={debito}
        marcarDebito={setQuerDebito}
        pedirConfirmacao={pedirConfirmacao}
      >
        {botaoVoltar}
      </FormularioDePlanos>
    </div>
  );
};
