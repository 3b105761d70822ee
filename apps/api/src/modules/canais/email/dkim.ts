import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';

// DKIM keys (RFC 6376) and the DNS records a sending domain needs: Gmail and Yahoo have required SPF, DKIM
// and DMARC (at least p=none) of bulk senders since February 2024.

export type RegistroDns = { nome: string; tipo: 'TXT'; valor: string };
export type RegistroRecomendado = RegistroDns & { explicacao: string };

const nomeRegistroDkim = (dominio: string, seletor: string): string => `${seletor}._domainkey.${dominio}`;

/** The public half of a PEM private key as base64 SPKI DER: what the DKIM record's `p=` holds. */
export const chavePublicaDe = (chavePrivadaPem: string): string =>
  createPublicKey(createPrivateKey(chavePrivadaPem))
    .export({ type: 'spki', format: 'der' })
    .toString('base64');

const valorDkim = (chavePublicaBase64: string): string => `v=DKIM1; k=rsa; p=${chavePublicaBase64}`;

/** A new RSA 2048 key (RFC 8301 asks for at least 1024; 2048 is what the big providers use). */
export const gerarChaveDkim = (
  dominio: string,
  seletor: string,
): { chavePrivada: string; registro: RegistroDns } => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    chavePrivada: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    registro: {
      nome: nomeRegistroDkim(dominio, seletor),
      tipo: 'TXT',
      valor: valorDkim(publicKey.export({ type: 'spki', format: 'der' }).toString('base64')),
    },
  };
};

/** SPF, DKIM (when a key is given) and DMARC for `dominio`, each with what it is for in pt-BR. */
export const registrosRecomendados = (
  dominio: string,
  dkim?: { seletor: string; chavePublicaBase64: string },
): RegistroRecomendado[] => [
  {
    nome: dominio,
    tipo: 'TXT',
    valor: 'v=spf1 a mx ~all',
    explicacao:
      'SPF: diz quais servidores podem enviar e-mails pelo domínio. Inclua antes de "~all" o include indicado pelo seu provedor de envio (por exemplo, include:_spf.provedor.com). O domínio só pode ter um registro SPF: se já existir um, acrescente a ele em vez de criar outro.',
  },
  ...(dkim
    ? [
        {
          nome: nomeRegistroDkim(dominio, dkim.seletor),
          tipo: 'TXT' as const,
          valor: valorDkim(dkim.chavePublicaBase64),
          explicacao:
            'DKIM: publica a chave pública com que os provedores conferem a assinatura de cada e-mail enviado. Sem ele, Gmail e Yahoo tratam os envios em massa como suspeitos.',
        },
      ]
    : []),
  {
    nome: `_dmarc.${dominio}`,
    tipo: 'TXT',
    valor: `v=DMARC1; p=none; rua=mailto:dmarc@${dominio}`,
    explicacao:
      'DMARC: exigido pelo Gmail e pelo Yahoo desde 2024 para quem envia muitos e-mails. p=none só monitora (nada é bloqueado) e os relatórios chegam ao endereço de rua=, que você pode trocar por outro que leia.',
  },
];
