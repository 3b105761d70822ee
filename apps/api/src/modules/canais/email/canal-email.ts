import { createHmac } from 'node:crypto';
import type { SistemaSettings } from '@cobranca/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { emailsSimulados, mensagens } from '../../../db/schema/index.ts';
import { blocoPix } from '../../../lib/conteudo-mensagem.ts';
import { atualizacaoDe } from '../../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { linkDaMensagem, urlDoPortal, urlPublicaBase } from '../../links-portal/links.ts';
import type { CanalDriver, EnvioCanal, ResultadoEnvio } from '../canal.ts';
import { montarEmail } from './conteudo-email.ts';
import { dadosDoEmail } from './dados-do-email.ts';
import { enderecosDescadastro, tokenDescadastro } from './descadastro.ts';
import { dominioDoEmail } from './dominio.ts';
import type { EmailConfigurado } from './email-settings.repository.ts';
import { criarTransporteSimulado, criarTransporteSmtp, enviarEmail, type TransporteSmtp } from './smtp.ts';

// The e-mail channel (docs/produto.md §12): the message's text laid out with its amount, PIX QR code and
// portal button, signed with DKIM, with one-click unsubscribe; through the relay, or kept by the simulator
// for its outbox page. "Sent" means the relay took it: e-mail never learns delivery.

const SEM_EMAIL: ResultadoEnvio = {
  ok: false,
  erroCodigo: 'sem_email',
  erroMensagem: 'O cliente não tem e-mail cadastrado.',
  transitorio: false,
};

// One pooled transport per relay configuration, kept while it stays the same.
let transporteAtual: { chave: string; transporte: TransporteSmtp } | null = null;

const transporteDe = (cfg: EmailConfigurado): TransporteSmtp => {
  if (cfg.provedor !== 'smtp' || !cfg.smtp)
    return criarTransporteSimulado({ remetente: cfg.remetente, dkim: cfg.dkim });
  const smtp = { ...cfg.smtp, remetente: cfg.remetente, dkim: cfg.dkim };
  const chave = JSON.stringify(smtp);
  if (transporteAtual?.chave !== chave) {
    transporteAtual?.transporte.close();
    transporteAtual = { chave, transporte: criarTransporteSmtp(smtp) };
  }
  return transporteAtual.transporte;
};

/**
 * The message's portal link (decision 029): the one its text already carries when the template has
 * `{{link}}` (after a revocation that is a new random one, which the button must repeat), else the
 * message's own.
 */
const linkDoPortal = async (
  db: Db,
  appKey: Buffer,
  envio: EnvioCanal,
  settings: SistemaSettings,
): Promise<string | null> => {
  const noTexto = envio.conteudo.match(padraoDoLink())?.[0];
  if (noTexto) return noTexto;
  if (!envio.clienteId) return null;
  const token = await linkDaMensagem(db, appKey, {
    clienteId: envio.clienteId,
    mensagemId: envio.mensagemId,
    agora: new Date(),
    validadeDias: settings.portal.validade_link_dias,
  });
  return urlDoPortal(token);
};

const escapar = (texto: string) => texto.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A portal URL of this server, as `urlDoPortal` writes it. */
const padraoDoLink = () => new RegExp(`${escapar(urlDoPortal(''))}[A-Za-z0-9_-]{32}`);

/**
 * The e-mail's Message-ID, the same at every send of the message (docs/decisions/040): a resend after a
 * sender died between the relay's 250 and recording it is the same e-mail to mailbox and thread, and the
 * customer's reply to either copy finds the message. Keyed under APP_KEY so nobody can forge one.
 */
export const messageIdDoEmail = (appKey: Buffer, mensagemId: number, criadaEm: string, remetente: string) => {
  const marca = createHmac('sha256', appKey).update(`message-id:${mensagemId}:${criadaEm}`).digest('hex');
  return `<m${mensagemId}.${marca.slice(0, 16)}@${dominioDoEmail(remetente)}>`;
};

/** A boleto paragraph as `blocoBoleto` writes it into the text (docs/conciliacao.md §1). */
const BLOCO_BOLETO = /Boleto[^\n]*\(linha digitável\):\n[\d. ]+/g;

export const criarCanalEmail = (db: Db, appKey: Buffer, cfg: EmailConfigurado): CanalDriver => {
  const simulador = cfg.provedor !== 'smtp';
  const guardarSimulado = async (mensagemId: number, info: { message?: unknown }) => {
    const bruto = String(info.message);
    await db
      .insert(emailsSimulados)
      .values({ mensagemId, bruto })
      .onConflictDoUpdate({ target: emailsSimulados.mensagemId, set: { bruto } });
  };
  const preparar = async (envio: EnvioCanal): Promise<() => Promise<ResultadoEnvio>> => {
    const para = envio.email;
    if (!para) return async () => SEM_EMAIL;
    const settings = await buscarSistemaSettings(db);
    const dados = await dadosDoEmail(db, envio.mensagemId, atualizacaoDe(settings, new Date()));
    const link = await linkDoPortal(db, appKey, envio, settings);
    // The PIX and the boletos have their own sections (QR code, barcode): not twice in the text.
    const semPix = dados.pixCopiaECola
      ? envio.conteudo.replace(blocoPix(dados.pixCopiaECola), '')
      : envio.conteudo;
    const corpo = (dados.boletos.length > 0 ? semPix.replace(BLOCO_BOLETO, '') : semPix)
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    // A message with no subject of its own (an operator's) answers the customer's last e-mail, threaded.
    const resposta = envio.assunto ? null : dados.ultimoEmail;
    const assunto =
      envio.assunto ??
      (resposta?.assunto
        ? `${/^re:/i.test(resposta.assunto) ? '' : 'Re: '}${resposta.assunto}`
        : `Mensagem de ${settings.empresa.nome}`);
    // The thread, the outbox and the timeline show the subject the e-mail went with.
    if (!envio.assunto)
      await db
        .update(mensagens)
        .set({ assunto })
        .where(and(eq(mensagens.id, envio.mensagemId), isNull(mensagens.assunto)));
    const descadastro = envio.clienteId
      ? enderecosDescadastro(urlPublicaBase(), cfg.remetente.email, tokenDescadastro(appKey, envio.clienteId))
      : null;
    const montado = await montarEmail({
      assunto,
      corpo,
      credor: settings.empresa,
      valor: dados.valor,
      pix: dados.pixCopiaECola ? { copiaECola: dados.pixCopiaECola } : null,
      boletos: dados.boletos,
      link: link ? { url: link, rotulo: 'Ver e pagar minha dívida' } : null,
      descadastroUrl: descadastro?.url ?? urlPublicaBase(),
    });
    const messageId = messageIdDoEmail(appKey, envio.mensagemId, dados.criadaEm, cfg.remetente.email);
    const email = {
      mensagemId: envio.mensagemId,
      para,
      montado,
      messageId,
      emRespostaA: resposta?.messageId ?? null,
      referencias: resposta ? [resposta.messageId] : [],
      descadastro,
    };
    return () =>
      enviarEmail(
        transporteDe(cfg),
        email,
        simulador ? (info) => guardarSimulado(envio.mensagemId, info) : undefined,
      );
  };
  return {
    canal: 'email',
    provedor: simulador ? 'simulador' : 'smtp',
    porSegundo: cfg.limitePorMinuto / 60,
    preparar,
    enviar: async (envio) => (await preparar(envio))(),
  };
};
