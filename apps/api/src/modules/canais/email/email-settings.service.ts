import { createPrivateKey } from 'node:crypto';
import type {
  EmailSettingsBody,
  EmailSettingsView,
  RegistroDns,
  VerificacaoCanal,
} from '@cobranca/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Ator } from '../../../lib/ator.ts';
import { ErroDominio, type FieldErrors, VALIDATION_MESSAGE } from '../../../lib/errors.ts';
import { mascararSegredo, mesclarSegredoCifrado, valorDoSegredo } from '../../../lib/segredos.ts';
import { registrarAuditoria } from '../../auditoria/auditoria.repository.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { urlPublicaBase } from '../../links-portal/links.ts';
import { semSegredo } from '../graph-api.ts';
import { chavePublicaDe, gerarChaveDkim, registrosRecomendados } from './dkim.ts';
import { dkimAlinhado, dominioDoEmail } from './dominio.ts';
import {
  buscarEmailArmazenado,
  buscarEmailConfigurado,
  cifrarSegredoEmail,
  contextoEmail,
  decifrarSegredoEmail,
  type EmailArmazenado,
  type EmailConfigurado,
  lockEmailArmazenado,
  SELETOR_DKIM_PADRAO,
  type SegredoEmail,
  salvarEmailArmazenado,
} from './email-settings.repository.ts';
import { verificarImap } from './entrada/caixa-imap.ts';
import { verificarSmtp } from './smtp.ts';

const ILEGIVEL = 'não pode ser decifrada com a APP_KEY atual; informe-a novamente.';

type Remetente = EmailArmazenado['remetente'];
type Dkim = NonNullable<EmailArmazenado['dkim']>;

/** The public half of the stored DKIM key, or null when there is none (or it cannot be opened). */
const chavePublicaArmazenada = (appKey: Buffer, dkim: Dkim | null): string | null => {
  const pem = valorDoSegredo(decifrarSegredoEmail(appKey, 'dkim.chave_privada', dkim?.chave_privada));
  return pem ? chavePublicaDe(pem) : null;
};

const registroDkim = (dominio: string, seletor: string, chavePublicaBase64: string): RegistroDns => {
  const nome = `${seletor}._domainkey.${dominio}`;
  const registro = registrosRecomendados(dominio, { seletor, chavePublicaBase64 }).find(
    (r) => r.nome === nome,
  );
  if (!registro) throw new Error('registrosRecomendados gave no DKIM record');
  return registro;
};

/** SPF and DMARC at the From domain; DKIM at its own domain, which may be a parent of it. */
const registrosDns = (appKey: Buffer, remetente: Remetente, dkim: Dkim | null): RegistroDns[] => {
  if (!remetente.email) return [];
  const registros = registrosRecomendados(dominioDoEmail(remetente.email));
  const chavePublicaBase64 = chavePublicaArmazenada(appKey, dkim);
  if (!dkim || !chavePublicaBase64) return registros;
  // In the order registrosRecomendados gives them: SPF, DKIM, DMARC.
  return [
    ...registros.slice(0, 1),
    registroDkim(dkim.dominio, dkim.seletor, chavePublicaBase64),
    ...registros.slice(1),
  ];
};

/** Settings as the admin screen reads them: secrets masked, the private key never. */
export const emailView = async (
  db: DbOrTx,
  appKey: Buffer,
  a: EmailArmazenado,
): Promise<EmailSettingsView> => {
  const nome = a.remetente.nome ?? (await buscarSistemaSettings(db)).empresa.nome;
  const senha = (campo: SegredoEmail, cifrado: string | null | undefined) =>
    mascararSegredo(decifrarSegredoEmail(appKey, campo, cifrado));
  return {
    provedor: a.provedor,
    smtp: { ...a.smtp, senha: senha('smtp.senha', a.smtp.senha) },
    remetente: { email: a.remetente.email, nome },
    dkim: {
      dominio: a.dkim?.dominio ?? null,
      seletor: a.dkim?.seletor ?? SELETOR_DKIM_PADRAO,
      configurada: chavePublicaArmazenada(appKey, a.dkim) !== null,
    },
    imap: a.imap ? { ...a.imap, senha: senha('imap.senha', a.imap.senha) } : null,
    limite_por_minuto: a.limite_por_minuto,
    registros_dns: registrosDns(appKey, a.remetente, a.dkim),
    descadastro_url: `${urlPublicaBase()}/api/publico/descadastro`,
  };
};

/** The key as stored (PKCS#8 PEM), or null when it is not a usable RSA private key. */
const chaveRsaNormalizada = (pem: string): string | null => {
  try {
    const chave = createPrivateKey(pem);
    // RFC 8301: verifiers must reject RSA keys under 1024 bits.
    if (chave.asymmetricKeyType !== 'rsa' || (chave.asymmetricKeyDetails?.modulusLength ?? 0) < 1024)
      return null;
    return chave.export({ type: 'pkcs8', format: 'pem' }).toString();
  } catch {
    return null;
  }
};

const CHAVE_INVALIDA =
  'Cole uma chave privada RSA (de 1024 bits ou mais) em formato PEM, sem senha, ou use "Gerar chave DKIM".';

type Mescla = { depois: EmailArmazenado; alterados: string[] };

const mesclarSegredo = (appKey: Buffer, campo: SegredoEmail, antes: string | null, novo?: string) =>
  mesclarSegredoCifrado(appKey, contextoEmail(campo), antes, novo);

const mesclarDkim = (appKey: Buffer, antes: Dkim | null, body: EmailSettingsBody['dkim']) => {
  if (body === undefined) return { dkim: antes, chaveMudou: false };
  if (body === null) return { dkim: null, chaveMudou: antes?.chave_privada != null };
  const nova = body.chave_privada ? chaveRsaNormalizada(body.chave_privada) : undefined;
  if (nova === null)
    throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, { 'dkim.chave_privada': [CHAVE_INVALIDA] });
  const chave = mesclarSegredo(appKey, 'dkim.chave_privada', antes?.chave_privada ?? null, nova);
  return {
    dkim: { dominio: body.dominio, seletor: body.seletor, chave_privada: chave.cifrado },
    chaveMudou: chave.mudou,
  };
};

const mesclarImap = (appKey: Buffer, antes: EmailArmazenado['imap'], body: EmailSettingsBody['imap']) => {
  if (body === undefined) return { imap: antes, senhaMudou: false };
  if (body === null) return { imap: null, senhaMudou: antes !== null };
  const senha = mesclarSegredo(appKey, 'imap.senha', antes?.senha ?? null, body.senha);
  return {
    imap: { ...body, pasta: body.pasta ?? 'INBOX', senha: senha.cifrado },
    senhaMudou: senha.mudou,
  };
};

const CAMPOS = [
  'provedor',
  'smtp.host',
  'smtp.porta',
  'smtp.seguranca',
  'smtp.usuario',
  'remetente.email',
  'remetente.nome',
  'dkim.dominio',
  'dkim.seletor',
  'imap.host',
  'imap.porta',
  'imap.seguranca',
  'imap.usuario',
  'imap.pasta',
  'limite_por_minuto',
];

const valorEm = (objeto: unknown, caminho: string): unknown =>
  caminho
    .split('.')
    .reduce<unknown>(
      (valor, chave) =>
        valor && typeof valor === 'object' ? (valor as Record<string, unknown>)[chave] : undefined,
      objeto,
    );

/** The names of the plain (non-secret) fields whose value differs. */
export const camposAlterados = (antes: object, depois: object, campos: readonly string[]): string[] =>
  campos.filter((campo) => valorEm(antes, campo) !== valorEm(depois, campo));

const mesclar = (appKey: Buffer, antes: EmailArmazenado, body: EmailSettingsBody): Mescla => {
  const smtpSenha = mesclarSegredo(appKey, 'smtp.senha', antes.smtp.senha, body.smtp?.senha);
  const { dkim, chaveMudou } = mesclarDkim(appKey, antes.dkim, body.dkim);
  const { imap, senhaMudou } = mesclarImap(appKey, antes.imap, body.imap);
  const smtp = body.smtp
    ? {
        host: body.smtp.host,
        porta: body.smtp.porta,
        seguranca: body.smtp.seguranca,
        usuario: body.smtp.usuario === undefined ? antes.smtp.usuario : body.smtp.usuario || null,
        senha: smtpSenha.cifrado,
      }
    : antes.smtp;
  const depois: EmailArmazenado = {
    provedor: body.provedor,
    smtp,
    remetente: { email: body.remetente.email, nome: body.remetente.nome },
    dkim,
    imap,
    limite_por_minuto: body.limite_por_minuto,
  };
  const alterados = camposAlterados(antes, depois, CAMPOS);
  if (smtpSenha.mudou) alterados.push('smtp.senha');
  if (chaveMudou) alterados.push('dkim.chave_privada');
  if (senhaMudou) alterados.push('imap.senha');
  return { depois, alterados };
};

const errosDoCanal = (appKey: Buffer, d: EmailArmazenado): FieldErrors => {
  const errors: FieldErrors = {};
  const add = (campo: string, mensagem: string) => {
    errors[campo] = [mensagem];
  };
  if (d.provedor === 'smtp') {
    if (!d.smtp.host) add('smtp.host', 'Informe o servidor SMTP para enviar por ele.');
    if (!d.remetente.email) add('remetente.email', 'Informe o e-mail do remetente para enviar por SMTP.');
    const senha = decifrarSegredoEmail(appKey, 'smtp.senha', d.smtp.senha);
    if (d.smtp.usuario && senha.estado === 'ausente') add('smtp.senha', 'Informe a senha do usuário SMTP.');
    if (senha.estado === 'ilegivel') add('smtp.senha', `A senha SMTP salva ${ILEGIVEL}`);
  }
  if (d.dkim && d.remetente.email && !dkimAlinhado(d.dkim.dominio, d.remetente.email))
    add(
      'dkim.dominio',
      `O domínio DKIM deve ser o do remetente (${dominioDoEmail(d.remetente.email)}) ou um domínio acima dele: senão a assinatura não vale para o DMARC e Gmail e Yahoo a ignoram.`,
    );
  if (d.imap) {
    const senha = decifrarSegredoEmail(appKey, 'imap.senha', d.imap.senha);
    if (senha.estado === 'ausente') add('imap.senha', 'Informe a senha da caixa de entrada.');
    if (senha.estado === 'ilegivel') add('imap.senha', `A senha da caixa de entrada salva ${ILEGIVEL}`);
  }
  return errors;
};

const auditar = (
  tx: DbOrTx,
  ator: Ator,
  acao: string,
  descricao: string,
  detalhes: Record<string, unknown>,
) =>
  registrarAuditoria(tx, {
    usuarioId: ator.usuarioId,
    acao,
    descricao,
    entidade: 'configuracoes',
    entidadeId: 'email',
    detalhes,
    ip: ator.ip,
  });

/** Saves the channel settings; audited by field name only (never a secret value). */
export const atualizarEmail = async (
  db: DbOrTx,
  appKey: Buffer,
  body: EmailSettingsBody,
  ator: Ator,
): Promise<EmailArmazenado> =>
  db.transaction(async (tx) => {
    const antes = await lockEmailArmazenado(tx);
    const { depois, alterados } = mesclar(appKey, antes, body);
    const errors = errosDoCanal(appKey, depois);
    if (Object.keys(errors).length > 0) throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, errors);
    await salvarEmailArmazenado(tx, depois, ator.usuarioId);
    await auditar(
      tx,
      ator,
      'email.configuracao_alterada',
      alterados.length > 0
        ? `Canal de e-mail: alterados ${alterados.join(', ')}`
        : 'Canal de e-mail salvo sem alterações',
      { provedor: depois.provedor, campos_alterados: alterados },
    );
    return depois;
  });

export type DkimGerada = { dominio: string; seletor: string; registro: RegistroDns };

/**
 * A new 2048-bit DKIM key for `dominio`/`seletor` (default: the stored ones, else the From domain and
 * `cobranca`), stored encrypted in place of the old one.
 */
export const gerarDkim = async (
  db: DbOrTx,
  appKey: Buffer,
  body: { dominio?: string; seletor?: string },
  ator: Ator,
): Promise<DkimGerada> =>
  db.transaction(async (tx) => {
    const antes = await lockEmailArmazenado(tx);
    const email = antes.remetente.email;
    const dominio = body.dominio ?? antes.dkim?.dominio ?? (email ? dominioDoEmail(email) : null);
    if (!dominio)
      throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, {
        dominio: ['Informe o domínio, ou salve antes o e-mail do remetente.'],
      });
    if (email && !dkimAlinhado(dominio, email))
      throw new ErroDominio('DADOS_INVALIDOS', VALIDATION_MESSAGE, {
        dominio: [
          `O domínio DKIM deve ser o do remetente (${dominioDoEmail(email)}) ou um domínio acima dele, para valer no DMARC.`,
        ],
      });
    const seletor = body.seletor ?? antes.dkim?.seletor ?? SELETOR_DKIM_PADRAO;
    const { chavePrivada } = gerarChaveDkim(dominio, seletor);
    const dkim = {
      dominio,
      seletor,
      chave_privada: cifrarSegredoEmail(appKey, 'dkim.chave_privada', chavePrivada),
    };
    await salvarEmailArmazenado(tx, { ...antes, dkim }, ator.usuarioId);
    await auditar(tx, ator, 'email.dkim_gerada', 'Chave DKIM gerada', { dominio, seletor });
    return { dominio, seletor, registro: registroDkim(dominio, seletor, chavePublicaDe(chavePrivada)) };
  });

type Erro = VerificacaoCanal['erros'][number];

// The admin waits on the screen: a relay that does not answer in 10 s is reported, not waited for.
const TEMPO_LIMITE_VERIFICACAO_MS = 10_000;

const checarSmtp = async (
  appKey: Buffer,
  a: EmailArmazenado,
  cfg: EmailConfigurado,
): Promise<Erro | null> => {
  if (a.provedor !== 'smtp') return null;
  if (decifrarSegredoEmail(appKey, 'smtp.senha', a.smtp.senha).estado === 'ilegivel')
    return { parte: 'smtp', erro: `A senha SMTP salva ${ILEGIVEL}` };
  if (!cfg.smtp) return { parte: 'smtp', erro: 'Informe o servidor SMTP e o e-mail do remetente.' };
  const r = await verificarSmtp({ ...cfg.smtp, tempoLimiteMs: TEMPO_LIMITE_VERIFICACAO_MS });
  return r.ok ? null : { parte: 'smtp', erro: semSegredo(r.erro, cfg.smtp.senha ?? '') };
};

const checarImap = async (a: EmailArmazenado, cfg: EmailConfigurado): Promise<Erro | null> => {
  if (!a.imap) return null;
  if (!cfg.imap) return { parte: 'imap', erro: `A senha da caixa de entrada salva ${ILEGIVEL}` };
  const r = await verificarImap({ ...cfg.imap, tempoLimiteMs: TEMPO_LIMITE_VERIFICACAO_MS });
  return r.ok ? null : { parte: 'imap', erro: semSegredo(r.erro, cfg.imap.senha) };
};

/** Connects to the SMTP relay and the inbox now (outside any transaction: it may take seconds); audited. */
export const verificarEmail = async (db: DbOrTx, appKey: Buffer, ator: Ator): Promise<VerificacaoCanal> => {
  const a = await buscarEmailArmazenado(db);
  const cfg = await buscarEmailConfigurado(db, appKey);
  const [smtp, imap] = await Promise.all([checarSmtp(appKey, a, cfg), checarImap(a, cfg)]);
  const erros = [smtp, imap].filter((e): e is Erro => e !== null);
  const resultado = { ok: erros.length === 0, erros };
  await auditar(
    db,
    ator,
    'email.verificado',
    resultado.ok ? 'Canal de e-mail verificado: ok' : 'Canal de e-mail verificado: com erros',
    { provedor: a.provedor, ...resultado },
  );
  return resultado;
};
