import type { SistemaSettings } from '@cobranca/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { buscarPixArmazenado } from '../../pix/configuracao/pix-settings.repository.ts';
import { pixConfigurado } from '../../pix/configuracao/provedor-ativo.ts';

// Whether agreements may offer PIX Automático now (docs/pix-automatico.md §1): the admin's setting and a
// provider that has it (the simulator, or a PSP whose last check found the recurrence endpoints) with
// the receiver's account the recurring charges need.

/** Why an agreement cannot have automatic debit now, in pt-BR; null when it can. */
export const motivoSemDebitoAutomatico = async (
  db: DbOrTx,
  appKey: Buffer,
  settings: SistemaSettings,
): Promise<string | null> => {
  if (!settings.debito_automatico) return 'O débito automático por PIX está desligado nas configurações.';
  if (!(await pixConfigurado(db, appKey))) return 'O provedor PIX não está configurado.';
  const pix = await buscarPixArmazenado(db);
  if (pix.provedor === 'simulador') return null;
  if (pix.ultimo_status?.recorrencias !== true)
    return 'O PSP configurado não oferece PIX Automático com estas credenciais (verifique em Config. PIX).';
  if (!pix.conta_recebedor) return 'Falta a conta do recebedor para o PIX Automático (Config. PIX).';
  return null;
};

/** A recurrence names its payer by CPF or CNPJ: a customer with another document cannot have it. */
export const documentoAceitaDebito = (documentoTipo: string): boolean =>
  documentoTipo === 'cpf' || documentoTipo === 'cnpj';
