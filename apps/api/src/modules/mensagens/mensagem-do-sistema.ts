import type { Canal, TemplateTipo } from '@cobranca/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AlternativaDeCanal, Canais } from '../canais/canal.ts';
import { configurados } from '../canais/canal.ts';
import { contatosDosClientes } from '../canais/rota.repository.ts';
import { type ContatoDoCliente, rotear, TODOS_OS_CANAIS } from '../canais/rota.ts';
import { inserirMensagemSaida, type NovaMensagemSaida } from './saida.repository.ts';
import type { TextoRenderizado } from './template-canal.ts';

// A message the system sends a customer (agreement terms, a receipt, the thank-you) goes, like the
// régua's, through the first channel the customer can receive on — the preferred one first, then
// WhatsApp, e-mail, SMS — with the others kept for a permanent failure (docs/produto.md §12).

/**
 * Stores it in `tx`, held for the creator's immediate send (or left to the outbox from `aguardarAte`);
 * null when no channel reaches the customer.
 * `contatos`: the customers' contacts already read for a batch (`contatosDosClientes`).
 */
export const inserirMensagemDoSistema = async (
  tx: DbOrTx,
  canais: Canais,
  clienteId: number,
  textoNo: (canal: Canal) => TextoRenderizado,
  extra: { templateTipo: TemplateTipo; valorCentavos: number } & Pick<
    NovaMensagemSaida,
    'pixTxid' | 'aguardarAte'
  >,
  contatos?: ReadonlyMap<number, ContatoDoCliente>,
): Promise<number | null> => {
  const contato = (contatos ?? (await contatosDosClientes(tx, [clienteId]))).get(clienteId);
  if (!contato) return null;
  const [primeiro, ...resto] = rotear(TODOS_OS_CANAIS, contato, configurados(canais)).map(
    (canal): AlternativaDeCanal => ({
      canal,
      telefone: canal === 'email' ? null : contato.telefone,
      email: canal === 'email' ? contato.email : null,
      ...textoNo(canal),
    }),
  );
  if (!primeiro) return null;
  return inserirMensagemSaida(tx, {
    clienteId,
    telefone: primeiro.telefone,
    email: primeiro.email,
    assunto: primeiro.assunto,
    conteudo: primeiro.conteudo,
    templateCanal: primeiro.template,
    canal: primeiro.canal,
    provedor: canais[primeiro.canal]?.provedor ?? 'simulador',
    alternativas: resto,
    origem: 'sistema',
    autorId: null,
    ...extra,
  });
};

/** The stop-everything request, or no channel at all: why the customer gets no message (pt-BR). */
export const SEM_CANAL = 'O cliente não tem um canal configurado por onde receber mensagens.';
