import { CANAIS, type Canal, type CanalCliente } from '@cobranca/contracts';

// Which channel a message goes through (docs/produto.md §12): the step's channels in order, the customer's
// preferred one first when the step has it, each kept only if the customer can receive on it. Pure.

/** What decides whether a customer can receive on each channel. */
export type ContatoDoCliente = {
  telefone: string | null;
  email: string | null;
  preferido: Canal | null;
  /** The channels the customer opted out of, each on its own (stopping everything is checked apart). */
  optOuts: ReadonlyMap<Canal, Date>;
  /** When the customer's e-mail address bounced for good (null: it did not). */
  emailDevolvidoEm: Date | null;
};

/** Why the customer cannot receive on `canal` now (pt-BR), or null when it can. */
export const motivoIndisponivel = (
  canal: Canal,
  c: ContatoDoCliente,
  configurados: ReadonlySet<Canal>,
): string | null => {
  if (canal === 'email' && !c.email) return 'Sem e-mail cadastrado.';
  if (canal !== 'email' && !c.telefone) return 'Sem celular cadastrado.';
  if (c.optOuts.has(canal)) return 'O cliente pediu para não receber mensagens por este canal.';
  if (canal === 'email' && c.emailDevolvidoEm)
    return 'O e-mail do cliente foi devolvido (endereço inválido).';
  if (!configurados.has(canal)) return 'Canal não configurado pelo administrador.';
  return null;
};

/** The channels to try, in order; empty when the customer can be reached on none of them. */
export const rotear = (
  canais: readonly Canal[],
  c: ContatoDoCliente,
  configurados: ReadonlySet<Canal>,
): Canal[] => {
  const ordem = c.preferido && canais.includes(c.preferido) ? [c.preferido, ...canais] : [...canais];
  return [...new Set(ordem)].filter((canal) => motivoIndisponivel(canal, c, configurados) === null);
};

/** The order for messages no régua step chose channels for (receipts, agreement terms, replies). */
export const TODOS_OS_CANAIS: readonly Canal[] = CANAIS;

/** Each channel's state as the workspace shows it (docs/produto.md §12), WhatsApp, e-mail, SMS in order. */
export const estadoDosCanais = (c: ContatoDoCliente, configurados: ReadonlySet<Canal>): CanalCliente[] =>
  CANAIS.map((canal) => {
    const motivo = motivoIndisponivel(canal, c, configurados);
    return {
      canal,
      disponivel: motivo === null,
      endereco: canal === 'email' ? c.email : c.telefone,
      opt_out_em: c.optOuts.get(canal)?.toISOString() ?? null,
      devolvido_em: canal === 'email' ? (c.emailDevolvidoEm?.toISOString() ?? null) : null,
      motivo,
    };
  });
