import type { PortalCredor, PortalOptOutResponse } from '@cobranca/contracts';
import { useState } from 'react';
import { type ChamadaCliente, mensagemDaFalha } from './api.ts';
import { diaDoInstante, horaDoInstante } from './formato.ts';
import { Concluido, ConfirmarOuVoltar, Titulo } from './ui.tsx';

type OptOutProps = { api: ChamadaCliente; credor: PortalCredor; voltar: () => void };

/** The customer stops the automatic collection messages; the page shows when it was recorded, as proof. */
export const OptOut = ({ api, credor, voltar }: OptOutProps) => {
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [registradoEm, setRegistradoEm] = useState<string | null>(null);

  const confirmar = async () => {
    setEnviando(true);
    setErro(null);
    try {
      const { opt_out_em } = await api<PortalOptOutResponse>('/api/portal/opt-out', { metodo: 'POST' });
      setRegistradoEm(opt_out_em);
    } catch (e) {
      setErro(mensagemDaFalha(e, 'Não foi possível registrar seu pedido agora. Tente de novo em instantes.'));
    } finally {
      setEnviando(false);
    }
  };

  if (registradoEm)
    return (
      <Concluido titulo="Pedido registrado" voltar={voltar}>
        Pronto. Você não receberá mais mensagens automáticas. Registramos seu pedido em{' '}
        {diaDoInstante(registradoEm)} às {horaDoInstante(registradoEm)}.
      </Concluido>
    );

  return (
    <div className="cartao">
      <Titulo nivel={1}>Não quero mais receber mensagens</Titulo>
      <p>
        Você deixará de receber mensagens de cobrança automáticas de {credor.nome}. Seus débitos continuam em
        aberto.
      </p>
      <ConfirmarOuVoltar
        erro={erro}
        enviando={enviando}
        confirmar={confirmar}
        voltar={voltar}
        rotuloVoltar="Cancelar"
      />
    </div>
  );
};
