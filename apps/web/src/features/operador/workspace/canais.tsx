import type { Canal, CanalCliente, MensagemView } from '@cobranca/contracts';
import { formatarDataDoInstante } from '../../../lib/format.ts';

const SEM_ENDERECO: Record<Canal, string> = {
  whatsapp: 'Sem telefone',
  email: 'Sem e-mail',
  sms: 'Sem telefone',
};

/** A customer's state on one channel, in words: where it goes, or why it cannot be used. */
export const estadoDoCanal = (c: CanalCliente): string => {
  if (c.opt_out_em) return `Descadastrado em ${formatarDataDoInstante(c.opt_out_em)}`;
  if (c.devolvido_em)
    return `${c.canal === 'email' ? 'E-mail devolvido' : 'Devolvido'} em ${formatarDataDoInstante(c.devolvido_em)}`;
  if (!c.endereco) return SEM_ENDERECO[c.canal];
  if (!c.disponivel) return c.motivo ?? 'Indisponível';
  return c.endereco;
};

/**
 * The composer's channel when the operator has not chosen, as the server picks it (docs/produto.md §12):
 * the one the customer last wrote through, else the preferred one, else the first, each only while
 * available; null when none is.
 */
export const canalPadrao = (
  canais: readonly CanalCliente[],
  mensagens: readonly MensagemView[],
  preferido: Canal | null,
): Canal | null => {
  const disponiveis = canais.filter((c) => c.disponivel).map((c) => c.canal);
  const ultimaRecebida = mensagens.findLast((m) => m.direcao === 'entrada' && m.canal !== 'portal');
  const candidatos = [ultimaRecebida?.canal, preferido, disponiveis[0]];
  return (
    candidatos.find(
      (c): c is Canal => c !== undefined && c !== null && c !== 'portal' && disponiveis.includes(c),
    ) ?? null
  );
};
