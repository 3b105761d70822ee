import type { PortalPix, PortalPixResponse } from '@cobranca/contracts';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type ChamadaCliente, ehFalha, FalhaPortal, mensagemDaFalha } from './api.ts';
import { CampoDeCodigo } from './campo-de-codigo.tsx';
import { copiarTexto } from './copiar-texto.ts';
import { diaDoInstante, horaDoInstante, reais } from './formato.ts';
import { Alerta, Botao, Carregando, Titulo } from './ui.tsx';

const PSP_FORA = 'Não foi possível gerar o PIX agora. Tente de novo em instantes.';

/**
 * Checks an open charge every `intervalo` ms while the page is visible (a hidden tab costs the server
 * nothing) and at once when it becomes visible again: the customer is back from the bank's app.
 */
const useAcompanharPix = (
  api: ChamadaCliente,
  pix: PortalPix | null,
  intervalo: number,
  aoMudar: (pix: PortalPix) => void,
) => {
  const txid = pix?.status === 'ativa' ? pix.txid : null;
  const aoMudarRef = useRef(aoMudar);
  aoMudarRef.current = aoMudar;

  useEffect(() => {
    if (!txid) return;
    let parado = false;
    let emVoo = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const visivel = () => document.visibilityState !== 'hidden';

    const agendar = () => {
      clearTimeout(timer);
      timer = !parado && visivel() ? setTimeout(consultar, intervalo) : undefined;
    };
    const consultar = async () => {
      timer = undefined;
      emVoo = true;
      let seguir = true;
      try {
        const { pix: lido } = await api<PortalPixResponse>(`/api/portal/pix/${encodeURIComponent(txid)}`);
        if (parado) return;
        aoMudarRef.current(lido);
        seguir = lido.status === 'ativa';
      } catch (erro) {
        // A lost answer is asked again on the next turn; an ended session leaves the page.
        seguir = !(erro instanceof FalhaPortal && erro.status === 401);
      } finally {
        emVoo = false;
      }
      if (seguir) agendar();
    };
    const aoVerOuEsconder = () => {
      if (!visivel()) {
        clearTimeout(timer);
        timer = undefined;
      } else if (!emVoo && timer === undefined) void consultar();
    };

    document.addEventListener('visibilitychange', aoVerOuEsconder);
    agendar();
    return () => {
      parado = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', aoVerOuEsconder);
    };
  }, [api, txid, intervalo]);
};

type PixPainelProps = {
  api: ChamadaCliente;
  /** A charge already made (the agreement's first instalment); null makes one now. */
  inicial: PortalPix | null;
  intervalo: number;
  /** The level of the panel's own headings ("Pagamento recebido"…), under the screen's. */
  nivel: 2 | 3;
  /** What the amount is: "Valor a pagar", "1ª parcela do acordo". */
  rotulo: string;
  aoPagar?: (pix: PortalPix) => void;
};

/** A PIX to pay: QR code, copy-and-paste code, and the screen turning by itself once it is paid. */
export const PixPainel = ({ api, inicial, intervalo, nivel, rotulo, aoPagar }: PixPainelProps) => {
  const [pix, setPix] = useState<PortalPix | null>(inicial);
  const [gerando, setGerando] = useState(false);
  const [falha, setFalha] = useState<string | null>(null);
  const [anuncio, setAnuncio] = useState('');
  const codigo = useRef<HTMLTextAreaElement>(null);

  const gerar = useCallback(async () => {
    setGerando(true);
    setFalha(null);
    setAnuncio('');
    try {
      const { pix: novo } = await api<PortalPixResponse>('/api/portal/pix', { metodo: 'POST' });
      setPix(novo);
    } catch (erro) {
      setFalha(ehFalha(erro, 'PSP_INDISPONIVEL') ? PSP_FORA : mensagemDaFalha(erro, PSP_FORA));
    } finally {
      setGerando(false);
    }
  }, [api]);

  // Once per panel, also under StrictMode's second effect run: a second POST would be a second charge.
  const pedido = useRef(false);
  useEffect(() => {
    if (inicial || pedido.current) return;
    pedido.current = true;
    void gerar();
  }, [inicial, gerar]);

  const aoPagarRef = useRef(aoPagar);
  aoPagarRef.current = aoPagar;
  useAcompanharPix(api, pix, intervalo, (lido) => {
    setPix(lido);
    if (lido.status === 'paga') {
      setAnuncio('Pagamento recebido.');
      aoPagarRef.current?.(lido);
    }
  });

  const copiar = async () => {
    if (!pix) return;
    setAnuncio(await copiarTexto(pix.pix_copia_e_cola, codigo.current, 'Código copiado'));
  };

  // One live region for the panel's whole life: a region that appears with its text is not read out.
  return (
    <div className="pix">
      <ConteudoPix
        pix={pix}
        falha={falha}
        gerando={gerando}
        gerar={gerar}
        nivel={nivel}
        rotulo={rotulo}
        codigo={codigo}
        copiar={copiar}
      />
      {/* Once paid the panel itself says so: the announcement is then for screen readers only. */}
      <p role="status" className={pix?.status === 'paga' ? 'anuncio so-leitor' : 'anuncio'}>
        {anuncio}
      </p>
    </div>
  );
};

type ConteudoPixProps = {
  pix: PortalPix | null;
  falha: string | null;
  gerando: boolean;
  gerar: () => void;
  nivel: 2 | 3;
  rotulo: string;
  codigo: RefObject<HTMLTextAreaElement | null>;
  copiar: () => void;
};

const ConteudoPix = ({ pix, falha, gerando, gerar, nivel, rotulo, codigo, copiar }: ConteudoPixProps) => {
  if (!pix) {
    if (!falha) return <Carregando texto="Gerando o código PIX…" />;
    return (
      <>
        <Alerta>{falha}</Alerta>
        <Botao onClick={gerar} ocupado={gerando}>
          Tentar de novo
        </Botao>
      </>
    );
  }

  if (pix.status === 'paga')
    return (
      <>
        <Titulo nivel={nivel}>Pagamento recebido</Titulo>
        <p className="sucesso">Obrigado! Recebemos o seu pagamento de {reais(pix.valor)}.</p>
      </>
    );

  if (pix.status !== 'ativa')
    return (
      <>
        <Titulo nivel={nivel}>Este código expirou</Titulo>
        <p>Gere um novo código para pagar.</p>
        {falha && <Alerta>{falha}</Alerta>}
        <Botao onClick={gerar} ocupado={gerando}>
          Gerar novo código
        </Botao>
      </>
    );

  return (
    <>
      <p className="pix-valor">
        <span>{rotulo}</span> <strong>{reais(pix.valor)}</strong>
      </p>
      {pix.autoriza_debito_automatico && (
        <p className="nota">Este PIX paga a 1ª parcela e autoriza o débito automático das demais.</p>
      )}
      <img
        className="pix-qr"
        alt="QR Code do PIX"
        width={240}
        height={240}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pix.qr_svg)}`}
      />
      <p className="dica">
        Válido até {diaDoInstante(pix.valida_ate)} às {horaDoInstante(pix.valida_ate)}
      </p>
      <CampoDeCodigo campo={codigo} rotulo="PIX copia e cola" valor={pix.pix_copia_e_cola} linhas={4} />
      <Botao onClick={copiar}>Copiar código</Botao>
      <p className="dica">
        No app do seu banco, escolha pagar com PIX e leia o QR Code ou cole o código. Esta tela muda sozinha
        quando o pagamento for confirmado.
      </p>
    </>
  );
};
