import { randomBytes } from 'node:crypto';
import type { WhatsappSettingsBody, WhatsappSettingsView, WhatsappStatus } from '@cobranca/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio, type FieldErrors, VALIDATION_MESSAGE } from '../../lib/errors.ts';
import { mascararSegredo, mesclarSegredoCifrado } from '../../lib/segredos.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { verificarNumeroCloud } from './whatsapp-cloud-verify.ts';
import {
  buscarWhatsappArmazenado,
  contextoWhatsapp,
  decifrarSegredo,
  lockWhatsappArmazenado,
  NAO_CONFIGURADO,
  type SegredoWhatsapp,
  salvarWhatsappArmazenado,
  statusDoCanal,
  type UltimoStatus,
  type WhatsappArmazenado,
} from './whatsapp-settings.repository.ts';

const CHAVE_ILEGIVEL = 'O token salvo não pode ser decifrado com a APP_KEY atual; informe-o novamente.';

/** Settings as the admin screen reads them: secrets masked, never in clear. */
export const whatsappView = (
  a: WhatsappArmazenado,
  appKey: Buffer,
  webhookUrl: string,
): WhatsappSettingsView => ({
  provedor: a.provedor,
  phone_number_id: a.phone_number_id,
  access_token: mascararSegredo(decifrarSegredo(appKey, 'access_token', a.access_token)),
  app_secret: mascararSegredo(decifrarSegredo(appKey, 'app_secret', a.app_secret)),
  webhook_verify_token: a.webhook_verify_token,
  api_version: a.api_version,
  base_url: a.base_url,
  webhook_url: webhookUrl,
});

type Mescla = { depois: WhatsappArmazenado; alterados: string[] };

const mesclarSegredo = (appKey: Buffer, antes: WhatsappArmazenado, campo: SegredoWhatsapp, novo?: string) =>
  mesclarSegredoCifrado(appKey, contextoWhatsapp(campo), antes[campo], novo);

const mesclar = (appKey: Buffer, antes: WhatsappArmazenado, body: WhatsappSettingsBody): Mescla => {
  const token = mesclarSegredo(appKey, antes, 'access_token', body.access_token);
  const secret = mesclarSegredo(appKey, antes, 'app_secret', body.app_secret);
  const depois: WhatsappArmazenado = {
    ...antes,
    provedor: body.provedor,
    phone_number_id: body.phone_number_id === undefined ? antes.phone_number_id : body.phone_number_id,
    access_token: token.cifrado,
    app_secret: secret.cifrado,
    // Meta's webhook handshake needs one from the start; the admin copies it from the screen.
    webhook_verify_token:
      body.webhook_verify_token ?? antes.webhook_verify_token ?? randomBytes(24).toString('base64url'),
    api_version: body.api_version ?? antes.api_version,
    base_url: body.base_url ?? antes.base_url,
  };
  const comuns = ['provedor', 'phone_number_id', 'webhook_verify_token', 'api_version', 'base_url'] as const;
  const alterados: string[] = comuns.filter((campo) => antes[campo] !== depois[campo]);
  if (token.mudou) alterados.push('access_token');
  if (secret.mudou) alterados.push('app_secret');
  return { depois, alterados };
};

const errosCloud = (appKey: Buffer, d: WhatsappArmazenado): FieldErrors => {
  if (d.provedor !== 'whatsapp_cloud') return {};
  const errors: FieldErrors = {};
  if (!d.phone_number_id)
    errors.phone_number_id = ['Informe o Phone Number ID para usar a WhatsApp Cloud API.'];
  const token = decifrarSegredo(appKey, 'access_token', d.access_token);
  if (token.estado === 'ausente')
    errors.access_token = ['Informe o token de acesso para usar a WhatsApp Cloud API.'];
  if (token.estado === 'ilegivel') errors.access_token = [CHAVE_ILEGIVEL];
  return errors;
};

// What the connection check depends on: a change here makes the last verification meaningless.
const CAMPOS_CONEXAO = ['provedor', 'phone_number_id', 'access_token', 'api_version', 'base_url'];
const conexaoDe = (a: WhatsappArmazenado) =>
  JSON.stringify(CAMPOS_CONEXAO.map((c) => a[c as keyof typeof a]));

const DESCONECTADO: UltimoStatus = { ...NAO_CONFIGURADO, status: 'desconectado' };

/** Saves the channel settings; audited by field name only (never a secret value). */
export const atualizarWhatsapp = async (
  db: DbOrTx,
  appKey: Buffer,
  body: WhatsappSettingsBody,
  ator: Ator,
): Promise<WhatsappArmazenado> =>
  db.transaction(async (tx) => {
    const antes = await lockWhatsappArmazenado(tx);
    const { depois, alterados } = mesclar(appKey, antes, body);
    const errors = errosCloud(appKey, depois);
    if (Object.keys(errors).length > 0) throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, errors);
    if (conexaoDe(antes) !== conexaoDe(depois)) depois.ultimo_status = DESCONECTADO;
    await salvarWhatsappArmazenado(tx, depois, ator.usuarioId);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'whatsapp.configuracao_alterada',
      descricao:
        alterados.length > 0
          ? `Canal WhatsApp: alterados ${alterados.join(', ')}`
          : 'Canal WhatsApp salvo sem alterações',
      entidade: 'configuracoes',
      entidadeId: 'whatsapp',
      detalhes: { provedor: depois.provedor, campos_alterados: alterados },
      ip: ator.ip,
    });
    return depois;
  });

const checarConexao = async (a: WhatsappArmazenado, appKey: Buffer, agora: Date): Promise<UltimoStatus> => {
  const verificado_em = agora.toISOString();
  if (a.provedor === 'simulador')
    return {
      ...NAO_CONFIGURADO,
      status: 'conectado',
      numero_exibicao: 'Simulador',
      nome_verificado: 'Simulador embutido',
      verificado_em,
    };
  const token = decifrarSegredo(appKey, 'access_token', a.access_token);
  if (token.estado === 'ilegivel')
    return { ...NAO_CONFIGURADO, status: 'erro', verificado_em, erro: CHAVE_ILEGIVEL };
  if (token.estado === 'ausente' || !a.phone_number_id)
    return { ...NAO_CONFIGURADO, verificado_em, erro: 'Informe o Phone Number ID e o token de acesso.' };
  const r = await verificarNumeroCloud({
    baseUrl: a.base_url,
    apiVersion: a.api_version,
    phoneNumberId: a.phone_number_id,
    accessToken: token.valor,
  });
  if (!r.ok) return { ...NAO_CONFIGURADO, status: 'erro', verificado_em, erro: r.erro };
  const { numeroExibicao, nomeVerificado, qualidade } = r;
  return {
    ...NAO_CONFIGURADO,
    status: 'conectado',
    numero_exibicao: numeroExibicao,
    nome_verificado: nomeVerificado,
    qualidade,
    verificado_em,
  };
};

/**
 * Checks the channel now and stores the outcome. The network call happens outside the transaction
 * (it may take seconds); a result is not stored over settings that changed meanwhile.
 */
export const verificarWhatsapp = async (db: DbOrTx, appKey: Buffer, ator: Ator): Promise<WhatsappStatus> => {
  const antes = await buscarWhatsappArmazenado(db);
  const ultimo = await checarConexao(antes, appKey, new Date());
  return db.transaction(async (tx) => {
    const atual = await lockWhatsappArmazenado(tx);
    if (conexaoDe(atual) === conexaoDe(antes))
      await salvarWhatsappArmazenado(tx, { ...atual, ultimo_status: ultimo }, ator.usuarioId);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'whatsapp.verificado',
      descricao: `Canal WhatsApp verificado: ${ultimo.status}`,
      entidade: 'configuracoes',
      entidadeId: 'whatsapp',
      detalhes: { provedor: antes.provedor, status: ultimo.status, erro: ultimo.erro },
      ip: ator.ip,
    });
    return statusDoCanal({ ...antes, ultimo_status: ultimo });
  });
};
