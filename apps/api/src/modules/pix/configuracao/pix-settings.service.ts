import { randomBytes } from 'node:crypto';
import type { PixSettingsBody, PixSettingsView, PixStatus } from '@cobranca/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Ator } from '../../../lib/ator.ts';
import { ErroDominio, type FieldErrors, VALIDATION_MESSAGE } from '../../../lib/errors.ts';
import { mascararSegredo, mesclarSegredoCifrado, valorDoSegredo } from '../../../lib/segredos.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { normalizarChavePix, tipoChavePix } from '../../configuracoes/sistema-validacao.ts';
import { ErroApiPix } from '../psp/api-pix-erros.ts';
import { type CertificadoCliente, validarCertificadoCliente } from '../psp/certificado-cliente.ts';
import {
  abrirSegredoPix,
  buscarPixArmazenado,
  cifrarSegredoPix,
  contextoPix,
  type PixArmazenado,
  salvarPixArmazenado,
  travarPixArmazenado,
  type UltimoStatusPix,
} from './pix-settings.repository.ts';
import { provedorDe } from './provedor-ativo.ts';
import { registrarRecorrenciasNoPsp } from './recorrencias-do-psp.ts';

// The payment provider's settings (docs/produto.md §21): saved by an admin, secrets encrypted and
// only ever shown masked, the certificate checked on save, the connection checked on demand.

/** The path the PSP calls (`{webhookUrl}/pix` under it): an unguessable segment guards it. */
export const caminhoWebhookPix = (segredo: string) => `/api/webhooks/pix/${segredo}`;

export const statusPix = (a: PixArmazenado): PixStatus =>
  a.provedor === 'simulador'
    ? {
        provedor: 'simulador',
        status: 'conectado',
        mensagem: 'Simulador embutido: nenhum banco é chamado.',
        verificado_em: null,
        recorrencias: true,
      }
    : {
        provedor: 'api_pix',
        status: 'nao_verificado',
        mensagem: null,
        verificado_em: null,
        recorrencias: null,
        ...a.ultimo_status,
      };

export const pixView = (a: PixArmazenado, appKey: Buffer): PixSettingsView => ({
  provedor: a.provedor,
  chave: a.chave,
  base_url: a.base_url,
  token_url: a.token_url,
  client_id: a.client_id,
  client_secret: mascararSegredo(abrirSegredoPix(appKey, a, 'client_secret')),
  certificado: a.certificado_formato
    ? { formato: a.certificado_formato, valido_ate: a.certificado_valido_ate }
    : null,
  webhook_url: a.webhook_url,
  validade_apos_vencimento_dias: a.validade_apos_vencimento_dias,
  conta_recebedor: a.conta_recebedor,
  status: statusPix(a),
});

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** https, or http on a loopback host (tests and local sandboxes). */
const urlAceita = (url: string | null): boolean => {
  if (url === null) return true;
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || (protocol === 'http:' && LOOPBACK.has(hostname));
};

const URL_INSEGURA = 'Use https (http só em um endereço local, como 127.0.0.1).';

type Certificado = Pick<
  PixArmazenado,
  | 'certificado_formato'
  | 'certificado_pem'
  | 'chave_privada_pem'
  | 'pkcs12'
  | 'pkcs12_senha'
  | 'certificado_valido_ate'
>;

/** A new certificate, checked (expiry, key pair, PKCS#12 password) before anything is saved. */
const novoCertificado = (
  appKey: Buffer,
  body: PixSettingsBody,
  agora: Date,
): { certificado: Certificado | null; errors: FieldErrors } => {
  const pem = body.certificado_pem || body.chave_privada_pem;
  if (!pem && !body.pkcs12_base64) return { certificado: null, errors: {} };
  let c: CertificadoCliente;
  let campo: string;
  if (pem) {
    if (!body.certificado_pem || !body.chave_privada_pem)
      return {
        certificado: null,
        errors: { certificado_pem: ['Envie o certificado e a chave privada (PEM) juntos.'] },
      };
    c = { tipo: 'pem', certificadoPem: body.certificado_pem, chavePrivadaPem: body.chave_privada_pem };
    campo = 'certificado_pem';
  } else {
    if (!body.pkcs12_senha)
      return { certificado: null, errors: { pkcs12_senha: ['Informe a senha do arquivo .p12/.pfx.'] } };
    c = { tipo: 'pkcs12', pkcs12: Buffer.from(body.pkcs12_base64 ?? '', 'base64'), senha: body.pkcs12_senha };
    campo = 'pkcs12_base64';
  }
  try {
    const { validoAte } = validarCertificadoCliente(c, agora);
    return {
      errors: {},
      certificado:
        c.tipo === 'pem'
          ? {
              certificado_formato: 'pem',
              certificado_pem: c.certificadoPem,
              chave_privada_pem: cifrarSegredoPix(appKey, 'chave_privada_pem', c.chavePrivadaPem),
              pkcs12: null,
              pkcs12_senha: null,
              certificado_valido_ate: validoAte?.toISOString() ?? null,
            }
          : {
              certificado_formato: 'pkcs12',
              certificado_pem: null,
              chave_privada_pem: null,
              pkcs12: cifrarSegredoPix(appKey, 'pkcs12', c.pkcs12.toString('base64')),
              pkcs12_senha: cifrarSegredoPix(appKey, 'pkcs12_senha', c.senha),
              certificado_valido_ate: validoAte?.toISOString() ?? null,
            },
    };
  } catch (error) {
    if (!(error instanceof ErroApiPix)) throw error;
    const noCampo = /senha/i.test(error.message) ? 'pkcs12_senha' : campo;
    return { certificado: null, errors: { [noCampo]: [error.message] } };
  }
};

const errosApiPix = (appKey: Buffer, d: PixArmazenado): FieldErrors => {
  if (d.provedor !== 'api_pix') return {};
  const errors: FieldErrors = {};
  const exigir = (campo: string, ok: unknown, mensagem: string) => {
    if (!ok && !errors[campo]) errors[campo] = [mensagem];
  };
  exigir('chave', d.chave, 'Informe a chave PIX que recebe os pagamentos.');
  exigir('base_url', d.base_url, 'Informe a URL base da API Pix do PSP.');
  exigir('token_url', d.token_url, 'Informe a URL de token do PSP.');
  exigir('client_id', d.client_id, 'Informe o client id que o PSP forneceu.');
  exigir(
    'client_secret',
    valorDoSegredo(abrirSegredoPix(appKey, d, 'client_secret')),
    'Informe o client secret que o PSP forneceu.',
  );
  exigir('certificado_pem', d.certificado_formato, 'Envie o certificado do PSP (PEM ou .p12/.pfx).');
  exigir('webhook_url', d.webhook_url, 'Informe o endereço público deste sistema, que o PSP vai chamar.');
  return errors;
};

const errosGerais = (d: PixArmazenado): FieldErrors => {
  const errors: FieldErrors = {};
  if (d.chave && tipoChavePix(d.chave) === null)
    errors.chave = [
      'Chave PIX inválida: use CPF, CNPJ, e-mail, celular no formato +55DDDNÚMERO ou chave aleatória.',
    ];
  for (const campo of ['base_url', 'token_url', 'webhook_url'] as const)
    if (!urlAceita(d[campo])) errors[campo] = [URL_INSEGURA];
  return errors;
};

const COMUNS = [
  'provedor',
  'chave',
  'base_url',
  'token_url',
  'client_id',
  'webhook_url',
  'validade_apos_vencimento_dias',
] as const;

type ContaRecebedor = PixArmazenado['conta_recebedor'];

const contaRecebedorDe = (body: PixSettingsBody, antes: ContaRecebedor): ContaRecebedor => {
  const conta = body.conta_recebedor;
  if (conta === undefined) return antes;
  return conta && { agencia: conta.agencia ?? null, conta: conta.conta, tipo_conta: conta.tipo_conta };
};

const mesmaConta = (a: ContaRecebedor, b: ContaRecebedor) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.agencia === b.agencia &&
    a.conta === b.conta &&
    a.tipo_conta === b.tipo_conta);

// Saved for later calls only: the last check still holds after changing them.
const FORA_DA_CONEXAO = new Set(['validade_apos_vencimento_dias', 'conta_recebedor']);

const mesclar = (appKey: Buffer, antes: PixArmazenado, body: PixSettingsBody, agora: Date) => {
  const secret = mesclarSegredoCifrado(
    appKey,
    contextoPix('client_secret'),
    antes.client_secret,
    body.client_secret,
  );
  const { certificado, errors } = novoCertificado(appKey, body, agora);
  const chave = body.chave === undefined ? antes.chave : body.chave;
  const tipo = chave ? tipoChavePix(chave) : null;
  const depois: PixArmazenado = {
    ...antes,
    provedor: body.provedor,
    chave: tipo ? normalizarChavePix(chave, tipo) : chave,
    base_url: body.base_url === undefined ? antes.base_url : body.base_url,
    token_url: body.token_url === undefined ? antes.token_url : body.token_url,
    client_id: body.client_id === undefined ? antes.client_id : body.client_id,
    client_secret: secret.cifrado,
    webhook_url:
      body.webhook_url === undefined ? antes.webhook_url : (body.webhook_url?.replace(/\/+$/, '') ?? null),
    validade_apos_vencimento_dias: body.validade_apos_vencimento_dias ?? antes.validade_apos_vencimento_dias,
    conta_recebedor: contaRecebedorDe(body, antes.conta_recebedor),
    webhook_segredo:
      antes.webhook_segredo ??
      cifrarSegredoPix(appKey, 'webhook_segredo', randomBytes(24).toString('base64url')),
    ...(certificado ?? {}),
  };
  const alterados: string[] = COMUNS.filter((campo) => antes[campo] !== depois[campo]);
  if (secret.mudou) alterados.push('client_secret');
  if (certificado) alterados.push('certificado');
  if (!mesmaConta(antes.conta_recebedor, depois.conta_recebedor)) alterados.push('conta_recebedor');
  return { depois, alterados, errors };
};

/** Saves the provider settings; audited by field name only (never a secret value). */
export const atualizarPix = async (
  db: DbOrTx,
  appKey: Buffer,
  body: PixSettingsBody,
  ator: Ator,
  agora = new Date(),
): Promise<PixArmazenado> =>
  db.transaction(async (tx) => {
    const antes = await travarPixArmazenado(tx);
    const { depois, alterados, errors: errosCertificado } = mesclar(appKey, antes, body, agora);
    const errors = { ...errosApiPix(appKey, depois), ...errosGerais(depois), ...errosCertificado };
    if (Object.keys(errors).length > 0) throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, errors);
    // What the last check said no longer holds once the connection settings changed.
    if (alterados.some((c) => !FORA_DA_CONEXAO.has(c))) depois.ultimo_status = null;
    await salvarPixArmazenado(tx, depois, ator.usuarioId);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'pix.configuracao_alterada',
      descricao:
        alterados.length > 0
          ? `Provedor PIX: alterados ${alterados.join(', ')}`
          : 'Provedor PIX salvo sem alterações',
      entidade: 'configuracoes',
      entidadeId: 'pix',
      detalhes: { provedor: depois.provedor, campos_alterados: alterados },
      ip: ator.ip,
    });
    return depois;
  });

const COM_RECORRENCIAS = 'Token obtido e webhooks registrados no PSP (PIX e PIX Automático).';
const SEM_RECORRENCIAS =
  'Token obtido e webhook registrado no PSP. O PSP não oferece PIX Automático com estas credenciais (escopos rec.*, cobr.*).';

const checar = async (a: PixArmazenado, appKey: Buffer, agora: Date): Promise<UltimoStatusPix> => {
  const verificado_em = agora.toISOString();
  try {
    const segredo = valorDoSegredo(abrirSegredoPix(appKey, a, 'webhook_segredo'));
    if (!a.webhook_url || !segredo)
      throw new ErroDominio('PIX_NAO_CONFIGURADO', 'Informe o endereço público deste sistema.');
    const webhookUrl = `${a.webhook_url}${caminhoWebhookPix(segredo)}`;
    await provedorDe(a, appKey).registrarWebhook(webhookUrl);
    // PIX Automático's `/rec` and `/cobr` callbacks go under the same address as `/pix`.
    const recorrencias = await registrarRecorrenciasNoPsp(a, appKey, webhookUrl, agora);
    return {
      status: 'conectado',
      mensagem: recorrencias ? COM_RECORRENCIAS : SEM_RECORRENCIAS,
      verificado_em,
      recorrencias,
    };
  } catch (error) {
    if (error instanceof ErroApiPix || error instanceof ErroDominio)
      return { status: 'erro', mensagem: error.message, verificado_em, recorrencias: null };
    throw error;
  }
};

/**
 * Gets a token and registers our webhooks at the PSP now (PIX Automático's too, when it offers it),
 * storing the outcome. The network calls run outside the transaction; a result is not stored over
 * settings that changed meanwhile.
 */
export const verificarPix = async (db: DbOrTx, appKey: Buffer, ator: Ator): Promise<PixStatus> => {
  const antes = await buscarPixArmazenado(db);
  if (antes.provedor === 'simulador') return statusPix(antes);
  const ultimo = await checar(antes, appKey, new Date());
  return db.transaction(async (tx) => {
    const atual = await travarPixArmazenado(tx);
    const { ultimo_status: _a, ...semStatusAtual } = atual;
    const { ultimo_status: _b, ...semStatusAntes } = antes;
    if (JSON.stringify(semStatusAtual) === JSON.stringify(semStatusAntes))
      await salvarPixArmazenado(tx, { ...atual, ultimo_status: ultimo }, ator.usuarioId);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: 'pix.verificado',
      descricao: `Provedor PIX verificado: ${ultimo.status}`,
      entidade: 'configuracoes',
      entidadeId: 'pix',
      detalhes: { status: ultimo.status, mensagem: ultimo.mensagem, recorrencias: ultimo.recorrencias },
      ip: ator.ip,
    });
    return statusPix({ ...antes, ultimo_status: ultimo });
  });
};
