import type { SmsSettingsBody, SmsSettingsView, VerificacaoCanal } from '@cobranca/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Ator } from '../../../lib/ator.ts';
import { ErroDominio, type FieldErrors, VALIDATION_MESSAGE } from '../../../lib/errors.ts';
import { mascararSegredo, mesclarSegredoCifrado } from '../../../lib/segredos.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { urlPublicaBase } from '../../links-portal/links.ts';
import { camposAlterados } from '../email/email-settings.service.ts';
import {
  buscarSmsComSegredo,
  CONTEXTO_TOKEN_SMS,
  decifrarTokenSms,
  lockSmsArmazenado,
  novoSegredoWebhook,
  type SmsArmazenado,
  salvarSmsArmazenado,
} from './sms-settings.repository.ts';
import { verificarZenvia } from './zenvia.ts';

const TOKEN_ILEGIVEL = 'O token salvo não pode ser decifrado com a APP_KEY atual; informe-o novamente.';

/** Where Zenvia posts delivery reports and replies: PUBLIC_URL, since Zenvia calls it from outside. */
export const webhookUrlSms = (segredo: string): string =>
  `${urlPublicaBase()}/api/webhooks/zenvia/${segredo}`;

/** Settings as the admin screen reads them: the token masked, never in clear. */
export const smsView = (a: SmsArmazenado & { webhook_segredo: string }, appKey: Buffer): SmsSettingsView => ({
  provedor: a.provedor,
  base_url: a.base_url,
  token: mascararSegredo(decifrarTokenSms(appKey, a.token)),
  remetente: a.remetente,
  webhook_url: webhookUrlSms(a.webhook_segredo),
});

export const buscarSmsView = async (db: DbOrTx, appKey: Buffer): Promise<SmsSettingsView> =>
  smsView(await buscarSmsComSegredo(db), appKey);

const mesclar = (appKey: Buffer, antes: SmsArmazenado, body: SmsSettingsBody) => {
  const token = mesclarSegredoCifrado(appKey, CONTEXTO_TOKEN_SMS, antes.token, body.token);
  const depois = {
    provedor: body.provedor,
    base_url: body.base_url ?? antes.base_url,
    token: token.cifrado,
    remetente: body.remetente === undefined ? antes.remetente : body.remetente || null,
    webhook_segredo: antes.webhook_segredo ?? novoSegredoWebhook(),
  };
  const alterados = camposAlterados(antes, depois, ['provedor', 'base_url', 'remetente']);
  if (token.mudou) alterados.push('token');
  return { depois, alterados };
};

const errosZenvia = (appKey: Buffer, d: SmsArmazenado): FieldErrors => {
  if (d.provedor !== 'zenvia') return {};
  const errors: FieldErrors = {};
  const token = decifrarTokenSms(appKey, d.token);
  if (token.estado === 'ausente') errors.token = ['Informe o token da API da Zenvia.'];
  if (token.estado === 'ilegivel') errors.token = [TOKEN_ILEGIVEL];
  if (!d.remetente) errors.remetente = ['Informe o remetente (o alias de SMS cadastrado na Zenvia).'];
  return errors;
};

/** Saves the channel settings; audited by field name only (never the token). */
export const atualizarSms = async (
  db: DbOrTx,
  appKey: Buffer,
  body: SmsSettingsBody,
  ator: Ator,
): Promise<SmsSettingsView> =>
  db.transaction(async (tx) => {
    const antes = await lockSmsArmazenado(tx);
    const { depois, alterados } = mesclar(appKey, antes, body);
    const errors = errosZenvia(appKey, depois);
    if (Object.keys(errors).length > 0) throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, errors);
    await salvarSmsArmazenado(tx, depois, ator.usuarioId);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'sms.configuracao_alterada',
      descricao:
        alterados.length > 0
          ? `Canal SMS: alterados ${alterados.join(', ')}`
          : 'Canal SMS salvo sem alterações',
      entidade: 'configuracoes',
      entidadeId: 'sms',
      detalhes: { provedor: depois.provedor, campos_alterados: alterados },
      ip: ator.ip,
    });
    return smsView(depois, appKey);
  });

const checarZenvia = async (a: SmsArmazenado, appKey: Buffer): Promise<string | null> => {
  if (a.provedor === 'simulador') return null;
  const token = decifrarTokenSms(appKey, a.token);
  if (token.estado === 'ilegivel') return TOKEN_ILEGIVEL;
  if (token.estado === 'ausente' || !a.remetente) return 'Informe o token e o remetente da Zenvia.';
  const r = await verificarZenvia({ baseUrl: a.base_url, token: token.valor, remetente: a.remetente });
  return r.ok ? null : r.erro;
};

/** Calls the Zenvia API with the stored token now (outside any transaction); audited. */
export const verificarSms = async (db: DbOrTx, appKey: Buffer, ator: Ator): Promise<VerificacaoCanal> => {
  const a = await buscarSmsComSegredo(db);
  const erro = await checarZenvia(a, appKey);
  const resultado: VerificacaoCanal = { ok: erro === null, erros: erro ? [{ parte: 'zenvia', erro }] : [] };
  await registrarAuditoria(db, {
    usuarioId: ator.usuarioId,
    acao: 'sms.verificado',
    descricao: resultado.ok ? 'Canal SMS verificado: ok' : 'Canal SMS verificado: com erros',
    entidade: 'configuracoes',
    entidadeId: 'sms',
    detalhes: { provedor: a.provedor, ...resultado },
    ip: ator.ip,
  });
  return resultado;
};
