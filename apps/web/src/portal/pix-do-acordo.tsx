import type { PortalAcordoPixResponse } from '@cobranca/contracts';
import { useEffect, useState } from 'react';
import type { ChamadaCliente } from './api.ts';
import { PixPainel } from './pix.tsx';

// The agreement answers as soon as it is stored; its first instalment's PIX is made by a job moments
// later (docs/efeitos-colaterais.md). While the server says it is being made, the page asks again; past
// a while, or with the PSP failing, the customer is told the code comes by message.

const DESISTIR_APOS_MS = 30_000;

type Props = {
  api: ChamadaCliente;
  inicial: PortalAcordoPixResponse;
  intervaloPix: number;
  aoPagar: () => void;
  /** How often to ask while the PIX is being made. */
  intervalo?: number;
};

export const PixDoAcordo = ({ api, inicial, intervaloPix, aoPagar, intervalo = 1_000 }: Props) => {
  const [estado, setEstado] = useState(inicial);
  const [desde] = useState(() => Date.now());

  useEffect(() => {
    if (estado.pix || !estado.gerando) return;
    const timer = setTimeout(async () => {
      const desistir = Date.now() - desde > DESISTIR_APOS_MS;
      try {
        const lido = await api<PortalAcordoPixResponse>('/api/portal/acordo/pix');
        setEstado(desistir && !lido.pix ? { ...lido, gerando: false } : lido);
      } catch {
        // A lost answer is asked again, until it is time to give up.
        setEstado((atual) => (desistir ? { ...atual, gerando: false } : { ...atual }));
      }
    }, intervalo);
    return () => clearTimeout(timer);
  }, [api, estado, intervalo, desde]);

  if (estado.pix)
    return (
      <PixPainel
        api={api}
        inicial={estado.pix}
        intervalo={intervaloPix}
        nivel={3}
        rotulo="1ª parcela do acordo"
        aoPagar={aoPagar}
      />
    );
  if (estado.gerando)
    return (
      <p className="nota" role="status">
        {estado.debito_automatico
          ? 'Gerando o código PIX da 1ª parcela e do débito automático…'
          : 'Gerando o código PIX da 1ª parcela…'}
      </p>
    );
  return <p className="nota">O código PIX da primeira parcela será enviado pelo WhatsApp.</p>;
};
