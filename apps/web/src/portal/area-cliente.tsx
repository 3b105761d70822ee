import type { PortalCredor, PortalResumo } from '@cobranca/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { chamadaDoCliente, mensagemDaFalha } from './api.ts';
import { Atendente } from './atendente.tsx';
import { CanalPreferido } from './canal-preferido.tsx';
import { Comprovantes } from './comprovantes.tsx';
import { ordinal } from './formato.ts';
import { Negociar } from './negociar.tsx';
import { OptOut } from './opt-out.tsx';
import { PixPainel } from './pix.tsx';
import { proximaParcela, Resumo } from './resumo.tsx';
import { Botao, Carregando, FalhaAoCarregar, Titulo } from './ui.tsx';

type Visao = 'resumo' | 'pix' | 'negociar' | 'atendente' | 'opt-out';

type AreaClienteProps = {
  sessao: string;
  credor: PortalCredor;
  intervaloPix: number;
  /** A call answered 401: the session is over. */
  aoExpirar: () => void;
  aoLerCredor: (credor: PortalCredor) => void;
};

/** After the document check: the summary and the actions, one screen at a time. */
export const AreaCliente = ({ sessao, credor, intervaloPix, aoExpirar, aoLerCredor }: AreaClienteProps) => {
  const api = useMemo(() => chamadaDoCliente(sessao, aoExpirar), [sessao, aoExpirar]);
  const [visao, setVisao] = useState<Visao>('resumo');
  const [resumo, setResumo] = useState<PortalResumo | null>(null);
  const [falha, setFalha] = useState<string | null>(null);
  const [carregando, setCarregando] = useState(false);

  const carregarResumo = useCallback(async () => {
    setCarregando(true);
    try {
      const lido = await api<PortalResumo>('/api/portal/resumo');
      setResumo(lido);
      setFalha(null);
      aoLerCredor(lido.credor);
    } catch (erro) {
      setFalha(mensagemDaFalha(erro, 'Não foi possível carregar seus débitos. Tente de novo em instantes.'));
    } finally {
      setCarregando(false);
    }
  }, [api, aoLerCredor]);

  useEffect(() => {
    void carregarResumo();
  }, [carregarResumo]);

  // Back to the summary, read again: what the customer just did may have changed it.
  const voltar = useCallback(() => {
    setVisao('resumo');
    void carregarResumo();
  }, [carregarResumo]);

  const voltarBotao = (
    <Botao variante="secundario" onClick={voltar}>
      Voltar ao resumo
    </Botao>
  );

  if (visao === 'pix') {
    const parcela = resumo ? proximaParcela(resumo) : undefined;
    return (
      <div className="cartao">
        <Titulo nivel={1}>Pagar com PIX</Titulo>
        <PixPainel
          api={api}
          inicial={null}
          intervalo={intervaloPix}
          nivel={2}
          rotulo={parcela ? `${ordinal(parcela.numero)} parcela do acordo` : 'Valor a pagar'}
          aoPagar={() => void carregarResumo()}
        />
        <div className="acoes">{voltarBotao}</div>
      </div>
    );
  }
  if (visao === 'negociar')
    return (
      <Negociar api={api} intervaloPix={intervaloPix} aoPagar={() => void carregarResumo()} voltar={voltar} />
    );
  if (visao === 'atendente') return <Atendente api={api} voltar={voltar} />;
  if (visao === 'opt-out') return <OptOut api={api} credor={credor} voltar={voltar} />;

  if (!resumo) {
    if (falha) return <FalhaAoCarregar mensagem={falha} tentar={carregarResumo} ocupado={carregando} />;
    return <Carregando />;
  }
  return (
    <>
      {falha && <FalhaAoCarregar mensagem={falha} tentar={carregarResumo} ocupado={carregando} />}
      <Resumo
        resumo={resumo}
        pagar={() => setVisao('pix')}
        negociar={() => setVisao('negociar')}
        falarComAtendente={() => setVisao('atendente')}
        pararMensagens={() => setVisao('opt-out')}
        preferencia={
          // Nothing to choose after an opt-out (no message goes) or with a single channel.
          !resumo.opt_out_em &&
          resumo.canais_disponiveis.length > 1 && (
            <CanalPreferido
              // Read again (back from another step): start from what the server holds now.
              key={resumo.canal_preferido ?? 'nenhum'}
              api={api}
              canalPreferido={resumo.canal_preferido}
              canaisDisponiveis={resumo.canais_disponiveis}
            />
          )
        }
      />
      <Comprovantes api={api} />
    </>
  );
};
