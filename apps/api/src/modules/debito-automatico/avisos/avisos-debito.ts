import type { TemplateValores } from '@cobranca/contracts';
import { formatarDataBr, formatarReais } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { clientes } from '../../../db/schema/index.ts';
import { blocoPix, MARCADOR_LINK } from '../../../lib/conteudo-mensagem.ts';
import type { Canais } from '../../canais/canal.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { inserirMensagemDoSistema } from '../../mensagens/mensagem-do-sistema.ts';
import { renderizarNoCanal, templatePadrao } from '../../mensagens/template-canal.ts';
import { buscarTemplate } from '../../mensagens/templates.repository.ts';
import { proximaAbertura } from '../../regua/calendario.ts';

// What the customer hears while in automatic debit (docs/pix-automatico.md §5), instead of the régua's
// collection texts: a notice when an instalment's debit is scheduled, and, when the debit gives an
// instalment up, a notice carrying its one-off PIX. Stored in the event's transaction, so each goes once,
// and left to the outbox from the next opening of the sending window (a job may run at night).

export type AvisoDeDebito = {
  clienteId: number;
  valorCentavos: number;
  vencimento: string;
  agora: Date;
} & ({ tipo: 'aviso_debito' } | { tipo: 'debito_recusado'; pix: { txid: string; copiaECola: string } });

/** Stores the notice; false when the customer gets none (opted out, or no channel reaches them). */
export const avisarCliente = async (tx: Tx, canais: Canais, aviso: AvisoDeDebito): Promise<boolean> => {
  const [cliente] = await tx
    .select({ nome: clientes.nome, optOutEm: clientes.optOutEm })
    .from(clientes)
    .where(eq(clientes.id, aviso.clienteId));
  if (!cliente || cliente.optOutEm) return false;
  const settings = await buscarSistemaSettings(tx);
  const template = (await buscarTemplate(tx, aviso.tipo)) ?? templatePadrao(aviso.tipo);
  const pix = aviso.tipo === 'debito_recusado' ? aviso.pix : null;
  const valores: TemplateValores = {
    nome: cliente.nome,
    empresa: settings.empresa.nome,
    empresa_documento: settings.empresa.documento,
    valor: formatarReais(aviso.valorCentavos),
    vencimento: formatarDataBr(aviso.vencimento),
    pix: pix ? blocoPix(pix.copiaECola) : '',
    link: MARCADOR_LINK,
  };
  const id = await inserirMensagemDoSistema(
    tx,
    canais,
    aviso.clienteId,
    (canal) => renderizarNoCanal(canal, aviso.tipo, template, valores),
    {
      templateTipo: aviso.tipo,
      valorCentavos: aviso.valorCentavos,
      pixTxid: pix?.txid ?? null,
      aguardarAte: proximaAbertura(aviso.agora, settings.janela_envio, settings.fuso_horario),
    },
  );
  return id !== null;
};
