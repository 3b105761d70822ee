import { formatarDataBr, formatarLinhaDigitavel } from '@cobranca/dominio';
import mjml2html from 'mjml';
import QRCode from 'qrcode';
import { codigoDeBarrasPng } from '../../../lib/codigo-de-barras.ts';

// The collection e-mail: responsive HTML made with MJML (single column, fluid below 600 px) and a plain-text
// part that carries everything on its own (some clients and filters read only that). CDC art. 42-A asks
// every collection notice to identify the creditor by name and CPF/CNPJ.

export type DadosEmail = {
  assunto: string;
  /** Plain text already filled: paragraphs split by blank lines, a single \n is a line break. */
  corpo: string;
  /** `documento` already formatted (CPF or CNPJ). */
  credor: { nome: string; documento: string };
  /** The updated amount; null when the message does not quote one. */
  valor: { totalCentavos: number; multaCentavos: number; jurosCentavos: number } | null;
  pix: { copiaECola: string } | null;
  /** The boletos of the message's receivables (docs/conciliacao.md §1): a second way to pay. */
  boletos: BoletoDoEmail[];
  link: { url: string; rotulo: string } | null;
  descadastroUrl: string;
};

export type BoletoDoEmail = { linhaDigitavel: string; codigoBarras: string; vencimento: string };

export type AnexoEmail = { cid: string; nomeArquivo: string; tipo: 'image/png'; conteudo: Buffer };

export type EmailMontado = { assunto: string; html: string; texto: string; anexos: AnexoEmail[] };

/** The Content-ID of the PIX QR image; the HTML references it as `cid:${CID_QR_PIX}`. */
export const CID_QR_PIX = 'qr-pix@cobranca';

const LARGURA_QR_PX = 220;
/** Each boleto's barcode image (ITF) is `cid:boleto-N@cobranca`. */
const cidBoleto = (indice: number) => `boleto-${indice + 1}@cobranca`;
const LARGURA_BOLETO_PX = 420;

const real = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

const formatarReais = (centavos: number): string => {
  if (!Number.isSafeInteger(centavos)) throw new Error(`Valor em centavos inválido: ${centavos}`);
  return real.format(centavos / 100);
};

const ENTIDADES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and quoted attributes alike. */
const escaparHtml = (texto: string): string => texto.replace(/[&<>"']/g, (c) => ENTIDADES[c] ?? c);

/** Only web links go into a button or anchor: a `javascript:` URL would run in some webmail. */
const urlWeb = (url: string, campo: string): string => {
  const analisada = URL.canParse(url) ? new URL(url) : null;
  if (!analisada || (analisada.protocol !== 'https:' && analisada.protocol !== 'http:'))
    throw new Error(`${campo} precisa ser um endereço http(s): ${url}`);
  return analisada.href;
};

const paragrafos = (corpo: string): string[] =>
  corpo
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** CPF has 11 characters once the punctuation is gone; anything else is a CNPJ (numeric or alphanumeric). */
const tipoDocumento = (documento: string): 'CPF' | 'CNPJ' =>
  documento.replace(/[^0-9A-Za-z]/g, '').length === 11 ? 'CPF' : 'CNPJ';

const identificacaoCredor = ({ nome, documento }: DadosEmail['credor']): string =>
  `Credor: ${nome} — ${tipoDocumento(documento)} ${documento}`;

const linhasValor = (valor: NonNullable<DadosEmail['valor']>): [string, string][] => [
  ['Valor atualizado', formatarReais(valor.totalCentavos)],
  ['Multa', formatarReais(valor.multaCentavos)],
  ['Juros', formatarReais(valor.jurosCentavos)],
];

const FONTE = 'Arial, Helvetica, sans-serif';

const mjmlDe = (d: DadosEmail, link: DadosEmail['link'], descadastroUrl: string): string => {
  const secoes: string[] = [];
  const textoHtml = paragrafos(d.corpo)
    .map((p) => `<p style="margin:0 0 12px">${escaparHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  secoes.push(`<mj-text font-size="16px" line-height="24px">${textoHtml}</mj-text>`);
  if (d.valor) {
    const [total, ...encargos] = linhasValor(d.valor);
    const linhas = encargos
      .map(([rotulo, v]) => `<tr><td style="padding:2px 0">${rotulo}</td><td align="right">${v}</td></tr>`)
      .join('');
    secoes.push(
      `<mj-table font-size="15px" line-height="22px" width="100%">` +
        `<tr><td style="padding:4px 0;font-weight:bold">${total?.[0]}</td>` +
        `<td align="right" style="font-weight:bold;font-size:18px">${total?.[1]}</td></tr>${linhas}</mj-table>`,
    );
  }
  if (link) {
    secoes.push(
      `<mj-button href="${escaparHtml(link.url)}" background-color="#1565c0" color="#ffffff" font-size="16px" ` +
        `border-radius="6px" inner-padding="14px 24px" width="100%">${escaparHtml(link.rotulo)}</mj-button>`,
    );
  }
  if (d.pix) {
    secoes.push(
      `<mj-text font-size="15px" font-weight="bold" align="center">Pague com PIX</mj-text>`,
      `<mj-image src="cid:${CID_QR_PIX}" alt="QR Code PIX" width="${LARGURA_QR_PX}px" align="center" />`,
      `<mj-text font-size="14px">Ou copie o código PIX (copia e cola):</mj-text>`,
      `<mj-text font-family="'Courier New', Courier, monospace" font-size="13px" line-height="18px" ` +
        `container-background-color="#f2f2f2" css-class="pix-copia-e-cola">` +
        `<div style="word-break:break-all;user-select:all;-webkit-user-select:all">${escaparHtml(d.pix.copiaECola)}</div>` +
        `</mj-text>`,
    );
  }
  if (d.boletos.length > 0) {
    secoes.push(
      `<mj-text font-size="15px" font-weight="bold" align="center">${d.pix ? 'Ou pague com o boleto' : 'Pague com o boleto'}</mj-text>`,
    );
    for (const [i, b] of d.boletos.entries())
      secoes.push(
        ...(d.boletos.length > 1
          ? [`<mj-text font-size="14px">Vencimento ${escaparHtml(formatarDataBr(b.vencimento))}:</mj-text>`]
          : []),
        `<mj-image src="cid:${cidBoleto(i)}" alt="Código de barras do boleto" width="${LARGURA_BOLETO_PX}px" align="center" />`,
        `<mj-text font-family="'Courier New', Courier, monospace" font-size="14px" line-height="20px" align="center" ` +
          `container-background-color="#f2f2f2" css-class="linha-digitavel">` +
          `<div style="user-select:all;-webkit-user-select:all">${escaparHtml(formatarLinhaDigitavel(b.linhaDigitavel))}</div>` +
          `</mj-text>`,
      );
  }
  const rodape =
    `<mj-text font-size="12px" line-height="18px" color="#555555">` +
    `<p style="margin:0 0 8px">${escaparHtml(identificacaoCredor(d.credor))}</p>` +
    `<p style="margin:0"><a href="${escaparHtml(descadastroUrl)}" style="color:#555555">` +
    `Não quero mais receber e-mails</a></p></mj-text>`;
  return (
    `<mjml lang="pt-BR"><mj-head><mj-title>${escaparHtml(d.assunto)}</mj-title>` +
    `<mj-attributes><mj-all font-family="${FONTE}" /><mj-text color="#222222" /></mj-attributes></mj-head>` +
    `<mj-body width="600px" background-color="#ffffff">` +
    `<mj-section padding="16px 0"><mj-column>${secoes.join('')}</mj-column></mj-section>` +
    `<mj-section padding="0 0 16px"><mj-column><mj-divider border-width="1px" border-color="#dddddd" />` +
    `${rodape}</mj-column></mj-section></mj-body></mjml>`
  );
};

const textoDe = (d: DadosEmail, link: DadosEmail['link'], descadastroUrl: string): string => {
  const blocos = [paragrafos(d.corpo).join('\n\n')];
  if (d.valor)
    blocos.push(
      linhasValor(d.valor)
        .map(([rotulo, v]) => `${rotulo}: ${v}`)
        .join('\n'),
    );
  if (link) blocos.push(`${link.rotulo}: ${link.url}`);
  if (d.pix) blocos.push(`PIX copia e cola:\n${d.pix.copiaECola}`);
  for (const b of d.boletos)
    blocos.push(
      `Boleto${d.boletos.length > 1 ? ` de ${formatarDataBr(b.vencimento)}` : ''} (linha digitável):\n${formatarLinhaDigitavel(b.linhaDigitavel)}`,
    );
  blocos.push(`--\n${identificacaoCredor(d.credor)}\nNão quero mais receber e-mails: ${descadastroUrl}`);
  return `${blocos.join('\n\n')}\n`;
};

export const montarEmail = async (d: DadosEmail): Promise<EmailMontado> => {
  const link = d.link && { url: urlWeb(d.link.url, 'O link do portal'), rotulo: d.link.rotulo };
  const descadastroUrl = urlWeb(d.descadastroUrl, 'O link de descadastro');
  // strict: MJML throws on any validation error instead of rendering a broken e-mail. fonts: {} keeps it
  // from linking Google Fonts: the e-mail loads nothing from third parties.
  const { html } = await mjml2html(mjmlDe(d, link, descadastroUrl), {
    validationLevel: 'strict',
    fonts: {},
    keepComments: false,
  });
  const qr: AnexoEmail[] = d.pix
    ? [
        {
          cid: CID_QR_PIX,
          nomeArquivo: 'qrcode-pix.png',
          tipo: 'image/png',
          conteudo: await QRCode.toBuffer(d.pix.copiaECola, {
            type: 'png',
            errorCorrectionLevel: 'M',
            margin: 2,
            width: LARGURA_QR_PX * 2, // crisp on 2x screens
          }),
        },
      ]
    : [];
  const boletos = await Promise.all(
    d.boletos.map(
      async (b, i): Promise<AnexoEmail> => ({
        cid: cidBoleto(i),
        nomeArquivo: `boleto-${i + 1}.png`,
        tipo: 'image/png',
        conteudo: await codigoDeBarrasPng(b.codigoBarras),
      }),
    ),
  );
  const anexos = [...qr, ...boletos];
  return { assunto: d.assunto, html, texto: textoDe(d, link, descadastroUrl), anexos };
};
