import type { PortalCredor, PortalLinkResponse } from '@cobranca/contracts';
import { useCallback, useEffect, useState } from 'react';
import { chamar, FalhaPortal, mensagemDaFalha } from './api.ts';
import { AreaCliente } from './area-cliente.tsx';
import { diaDoInstante, documento, horaDoInstante } from './formato.ts';
import { Botao, Carregando, FalhaAoCarregar, Titulo } from './ui.tsx';
import { Verificacao } from './verificacao.tsx';

// The customer portal (docs/produto.md §22): the link's state, then the document check, then the
// customer's area. The session lives in this component's state only (never in storage), so closing
// the tab ends it.

const FALHA_LINK = 'Não foi possível carregar. Verifique sua conexão e tente de novo.';
export const SESSAO_EXPIRADA = 'Sua sessão expirou. Confirme seu documento de novo.';

type Etapa =
  | { tipo: 'carregando' }
  | { tipo: 'falha'; mensagem: string }
  | { tipo: 'indisponivel' }
  /** `de_novo`: the customer retried and it is still locked. */
  | { tipo: 'bloqueado'; ate: string | null; de_novo: boolean }
  | { tipo: 'documento'; aviso: string | null }
  | { tipo: 'cliente'; sessao: string };

/** The token of `/p/<token>`: the address's last segment (none in `/p/` itself). */
export const tokenDoEndereco = (caminho: string): string => {
  const segmentos = caminho.split('/').filter(Boolean);
  const segmento = segmentos.length >= 2 ? (segmentos.at(-1) ?? '') : '';
  try {
    return decodeURIComponent(segmento);
  } catch {
    return segmento;
  }
};

export type PortalAppProps = {
  token: string;
  /** How often an open PIX is checked for its payment, in ms (tests shorten it). */
  intervaloPix?: number;
};

export const PortalApp = ({ token, intervaloPix = 3000 }: PortalAppProps) => {
  const [credor, setCredor] = useState<PortalCredor | null>(null);
  const [etapa, setEtapa] = useState<Etapa>(token ? { tipo: 'carregando' } : { tipo: 'indisponivel' });
  const [consultando, setConsultando] = useState(false);

  const consultarLink = useCallback(async () => {
    setConsultando(true);
    try {
      const link = await chamar<PortalLinkResponse>('/api/portal/link', { metodo: 'POST', corpo: { token } });
      setCredor(link.credor);
      setEtapa((antes) => {
        if (link.situacao === 'ativo') return { tipo: 'documento', aviso: null };
        if (link.situacao === 'bloqueado')
          return { tipo: 'bloqueado', ate: link.bloqueado_ate, de_novo: antes.tipo === 'bloqueado' };
        return { tipo: 'indisponivel' };
      });
    } catch (erro) {
      // Any refusal is a link that cannot be used (a malformed token is as unknown as a revoked one);
      // no answer, a server fault or too many requests may pass, so those offer a retry.
      const status = erro instanceof FalhaPortal ? erro.status : 0;
      if (status !== 0 && status !== 429 && status < 500) setEtapa({ tipo: 'indisponivel' });
      else
        setEtapa({
          tipo: 'falha',
          mensagem: status === 429 ? mensagemDaFalha(erro, FALHA_LINK) : FALHA_LINK,
        });
    } finally {
      setConsultando(false);
    }
  }, [token]);

  useEffect(() => {
    if (token) void consultarLink();
  }, [token, consultarLink]);

  const sessaoExpirou = useCallback(() => setEtapa({ tipo: 'documento', aviso: SESSAO_EXPIRADA }), []);

  return (
    <>
      <header className="topo">
        <div className="topo-conteudo">
          {credor ? (
            <>
              <p className="credor-nome">{credor.nome}</p>
              <p className="credor-documento">CNPJ {documento(credor.documento)}</p>
            </>
          ) : (
            <p className="credor-nome">Portal de pagamento</p>
          )}
        </div>
      </header>
      <main className="conteudo" aria-busy={etapa.tipo === 'carregando' || undefined}>
        {etapa.tipo === 'carregando' && <Carregando />}
        {etapa.tipo === 'falha' && (
          <>
            <Titulo nivel={1}>Portal de pagamento</Titulo>
            <FalhaAoCarregar mensagem={etapa.mensagem} tentar={consultarLink} ocupado={consultando} />
          </>
        )}
        {etapa.tipo === 'indisponivel' && <LinkIndisponivel credor={credor} />}
        {etapa.tipo === 'bloqueado' && (
          <LinkBloqueado
            ate={etapa.ate}
            deNovo={etapa.de_novo}
            tentar={consultarLink}
            ocupado={consultando}
          />
        )}
        {etapa.tipo === 'documento' && (
          <Verificacao
            token={token}
            aviso={etapa.aviso}
            aoEntrar={(sessao) => setEtapa({ tipo: 'cliente', sessao })}
            aoBloquear={consultarLink}
            aoSumir={() => setEtapa({ tipo: 'indisponivel' })}
          />
        )}
        {etapa.tipo === 'cliente' && credor && (
          <AreaCliente
            sessao={etapa.sessao}
            credor={credor}
            intervaloPix={intervaloPix}
            aoExpirar={sessaoExpirou}
            aoLerCredor={setCredor}
          />
        )}
      </main>
    </>
  );
};

const LinkIndisponivel = ({ credor }: { credor: PortalCredor | null }) => {
  const contato = credor?.contato.trim();
  return (
    <div className="cartao">
      <Titulo nivel={1}>Este link não está mais disponível</Titulo>
      <p>
        Os links de pagamento valem por alguns dias, e cada nova mensagem traz um link novo. Use o link da
        mensagem mais recente.
      </p>
      {credor && contato ? (
        <p>
          Para falar com {credor.nome}: {contato}
        </p>
      ) : (
        <p>Para falar com {credor?.nome ?? 'a empresa'}, responda à mensagem que você recebeu no WhatsApp.</p>
      )}
    </div>
  );
};

/** `14:30`, or `21/11/2026 às 14:30` when the lock ends on another day. */
const fimDoBloqueio = (ate: string): string => {
  const hora = horaDoInstante(ate);
  const dia = diaDoInstante(ate);
  return dia === diaDoInstante(new Date()) ? hora : `${dia} às ${hora}`;
};

const LinkBloqueado = ({
  ate,
  deNovo,
  tentar,
  ocupado,
}: {
  ate: string | null;
  deNovo: boolean;
  tentar: () => void;
  ocupado: boolean;
}) => (
  <div className="cartao">
    <Titulo nivel={1}>Link bloqueado</Titulo>
    <p>
      {ate
        ? `Por segurança, este link está bloqueado até ${fimDoBloqueio(ate)}.`
        : 'Por segurança, este link está bloqueado por alguns minutos.'}
    </p>
    <p>Isso acontece depois de várias tentativas com um documento que não confere.</p>
    {deNovo && !ocupado && (
      <p role="status" className="nota">
        O link continua bloqueado. Tente de novo depois desse horário.
      </p>
    )}
    <Botao onClick={tentar} ocupado={ocupado}>
      Tentar de novo
    </Botao>
  </div>
);
