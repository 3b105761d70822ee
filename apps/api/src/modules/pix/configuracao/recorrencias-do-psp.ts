import { ErroDominio } from '../../../lib/errors.ts';
import { ClienteApiPix } from '../psp/api-pix-cliente.ts';
import { ErroApiPix } from '../psp/api-pix-erros.ts';
import { RecorrenciasApiPix } from '../psp/api-pix-recorrencias.ts';
import { credenciaisPix, type PixArmazenado } from './pix-settings.repository.ts';
import { PIX_INCOMPLETO } from './provedor-ativo.ts';

// PIX Automático at the stored PSP (docs/decisions/043-pix-automatico.md): whether these credentials
// reach `/rec` and `/cobr`, checked by "Verificar conexão" next to the `/pix` webhook.

const UM_DIA_MS = 24 * 60 * 60 * 1000;

/** 403: the credentials lack the rec.*, cobr.* scopes; 404: the PSP has no such endpoints. */
const semRecorrencias = (error: unknown) =>
  error instanceof ErroApiPix && (error.status === 403 || error.status === 404);

/**
 * Lists the last day's recurrences and, when the PSP answers, registers the `/rec` and `/cobr`
 * webhooks under `webhookUrl` (the PSP appends `/rec` and `/cobr`). false when the PSP does not
 * offer PIX Automático to these credentials; any other failure is thrown.
 */
export const registrarRecorrenciasNoPsp = async (
  a: PixArmazenado,
  appKey: Buffer,
  webhookUrl: string,
  agora = new Date(),
  timeoutMs?: number,
): Promise<boolean> => {
  const credenciais = credenciaisPix(a, appKey);
  if (!credenciais) throw new ErroDominio('PIX_NAO_CONFIGURADO', PIX_INCOMPLETO);
  const cliente = new ClienteApiPix(credenciais, { timeoutMs });
  try {
    const recorrencias = new RecorrenciasApiPix(cliente);
    await recorrencias.listarRecorrencias(new Date(agora.getTime() - UM_DIA_MS), agora);
    await recorrencias.registrarWebhooks(webhookUrl);
    return true;
  } catch (error) {
    if (semRecorrencias(error)) return false;
    throw error;
  } finally {
    cliente.fechar();
  }
};
