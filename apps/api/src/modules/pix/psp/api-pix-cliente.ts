import type { ClientRequest } from 'node:http';
import https from 'node:https';
import { z } from 'zod';
import {
  certificadoCliente,
  ErroApiPix,
  erroDeConexao,
  erroDeResposta,
  erroDoToken,
  respostaInvalida,
  tempoEsgotado,
} from './api-pix-erros.ts';
import { type CertificadoCliente, validarCertificadoCliente } from './certificado-cliente.ts';

// The receiver's side of the BCB "API Pix" v2 at a PSP (docs/formatos-externos.md §6): OAuth2 client
// credentials and every call over mutual TLS with the certificate the PSP issued. The PSP's own
// certificate is checked against the system trust store only, never a pinned or disabled check.

export type { CertificadoCliente };

export type CredenciaisApiPix = {
  /** Up to and including the version, e.g. `https://pix.example.com/v2`. */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  certificado: CertificadoCliente;
};

export type OpcoesClienteApiPix = { timeoutMs?: number; agora?: () => number };

export const TIMEOUT_PADRAO_MS = 10_000;

export type TipoCobranca = 'cob' | 'cobv';

/** Reais with a dot and two decimals, as the API writes every amount ("123.45"). */
export type ValorPix = string;

type Pessoa = ({ cpf: string } | { cnpj: string }) & { nome: string };
type InfoAdicional = { nome: string; valor: string };
type Modalidade = { modalidade: number; valorPerc: ValorPix };

export type CorpoCob = {
  /** `{}` takes the PSP's default expiry (86400 s). */
  calendario: { expiracao?: number };
  devedor?: Pessoa;
  valor: { original: ValorPix; modalidadeAlteracao?: 0 | 1 };
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: InfoAdicional[];
};

export type CorpoCobv = {
  calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
  devedor: Pessoa & { email?: string; logradouro?: string; cidade?: string; uf?: string; cep?: string };
  valor: {
    original: ValorPix;
    /** 1 fixed, 2 percent. */
    multa?: Modalidade;
    /** 1–4 calendar days (value, % a day, % a month, % a year), 5–8 the same on business days. */
    juros?: Modalidade;
    abatimento?: Modalidade;
    desconto?: {
      modalidade: number;
      valorPerc?: ValorPix;
      descontoDataFixa?: { data: string; valorPerc: ValorPix }[];
    };
  };
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: InfoAdicional[];
};

type CorpoPorTipo = { cob: CorpoCob; cobv: CorpoCobv };

const valor = z.string().regex(/^\d{1,10}\.\d{2}$/);
const componente = z.object({ valor });
const pessoa = z.object({
  cpf: z.string().optional(),
  cnpj: z.string().optional(),
  nome: z.string().optional(),
});

const pixRecebido = z.object({
  endToEndId: z.string().min(1),
  txid: z.string().optional(),
  valor,
  componentesValor: z
    .object({
      original: componente,
      multa: componente,
      juros: componente,
      desconto: componente,
      abatimento: componente,
    })
    .partial()
    .optional(),
  chave: z.string().optional(),
  horario: z.iso.datetime({ offset: true }),
  infoPagador: z.string().optional(),
  pagador: pessoa.optional(),
});

const cobranca = z.object({
  txid: z.string(),
  revisao: z.number().int(),
  status: z.enum(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP']),
  calendario: z.object({
    criacao: z.iso.datetime({ offset: true }),
    expiracao: z.number().int().optional(),
    dataDeVencimento: z.iso.date().optional(),
    validadeAposVencimento: z.number().int().optional(),
  }),
  location: z.string().optional(),
  pixCopiaECola: z.string().optional(),
  // Multa, juros and the rest are echoed as sent.
  valor: z.looseObject({ original: valor }),
  chave: z.string(),
  devedor: pessoa.optional(),
  solicitacaoPagador: z.string().optional(),
  pix: z.array(pixRecebido).optional(),
});

const listaDePix = z.object({
  parametros: z.object({ paginacao: z.object({ quantidadeDePaginas: z.number().int().min(0) }) }),
  pix: z.array(pixRecebido).default([]),
});

const respostaToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.coerce.number().int().positive(),
});

export type PixRecebido = z.infer<typeof pixRecebido>;
export type CobrancaPsp = z.infer<typeof cobranca>;

export type Resposta = { status: number; json: unknown; texto: string };

export const sucesso = (status: number) => status >= 200 && status <= 299;

const lerJson = (texto: string): unknown => {
  try {
    return texto ? JSON.parse(texto) : undefined;
  } catch {
    return undefined;
  }
};

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before they become the Basic credentials. */
const formUrlencoded = (texto: string) => new URLSearchParams([['', texto]]).toString().slice(1);

// Renew ahead of expiry, so a call never leaves with a token that dies on the way.
const margemDeRenovacaoMs = (expiraEmS: number) => Math.min(60_000, expiraEmS * 100);

export const ler = <T>(resposta: Resposta, esquema: z.ZodType<T>, oQue: string): T => {
  if (!sucesso(resposta.status)) throw erroDeResposta(resposta.status, resposta.json, resposta.texto);
  const lido = esquema.safeParse(resposta.json);
  if (!lido.success) throw respostaInvalida(oQue, resposta.status, lido.error);
  return lido.data;
};

class SocketReaproveitadoFechado extends Error {}

export class ClienteApiPix {
  private readonly agente: https.Agent;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly agora: () => number;
  private token: { valor: string; renovarEm: number } | null = null;
  private pedidoDeToken: Promise<string> | null = null;

  constructor(
    private readonly credenciais: CredenciaisApiPix,
    opcoes: OpcoesClienteApiPix = {},
  ) {
    const { certificado } = credenciais;
    this.agente = new https.Agent({
      keepAlive: true,
      ...(certificado.tipo === 'pem'
        ? { cert: certificado.certificadoPem, key: certificado.chavePrivadaPem }
        : { pfx: certificado.pkcs12, passphrase: certificado.senha }),
    });
    this.baseUrl = credenciais.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = opcoes.timeoutMs ?? TIMEOUT_PADRAO_MS;
    this.agora = opcoes.agora ?? Date.now;
  }

  /** A valid access token; concurrent callers share one request to the token URL. */
  async obterToken(): Promise<string> {
    if (this.token && this.agora() < this.token.renovarEm) return this.token.valor;
    this.pedidoDeToken ??= this.pedirToken().finally(() => {
      this.pedidoDeToken = null;
    });
    return this.pedidoDeToken;
  }

  async criarCobranca<T extends TipoCobranca>(
    tipo: T,
    txid: string,
    corpo: CorpoPorTipo[T],
  ): Promise<CobrancaPsp> {
    return this.lerCobranca(txid, await this.chamar('PUT', `/${tipo}/${encodeURIComponent(txid)}`, corpo));
  }

  /** The charge, or null when the PSP holds none of this type under this txid. */
  async consultarCobranca(tipo: TipoCobranca, txid: string): Promise<CobrancaPsp | null> {
    const resposta = await this.chamar('GET', `/${tipo}/${encodeURIComponent(txid)}`);
    if (resposta.status === 404) return null;
    return this.lerCobranca(txid, resposta);
  }

  async removerCobranca(tipo: TipoCobranca, txid: string): Promise<CobrancaPsp> {
    const resposta = await this.chamar('PATCH', `/${tipo}/${encodeURIComponent(txid)}`, {
      status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
    });
    return this.lerCobranca(txid, resposta);
  }

  /** A received PIX, or null when the PSP does not know the id. */
  async consultarPix(endToEndId: string): Promise<PixRecebido | null> {
    const resposta = await this.chamar('GET', `/pix/${encodeURIComponent(endToEndId)}`);
    if (resposta.status === 404) return null;
    return ler(resposta, pixRecebido, 'o PIX consultado não tem endToEndId, valor e horário válidos');
  }

  async listarPix(filtro: {
    inicio: Date;
    fim: Date;
    paginaAtual?: number;
  }): Promise<{ pix: PixRecebido[]; quantidadeDePaginas: number }> {
    const consulta = new URLSearchParams({
      inicio: filtro.inicio.toISOString(),
      fim: filtro.fim.toISOString(),
      'paginacao.paginaAtual': String(filtro.paginaAtual ?? 0),
    });
    const lista = ler(
      await this.chamar('GET', `/pix?${consulta}`),
      listaDePix,
      'a lista de PIX não segue o formato da API Pix',
    );
    return { pix: lista.pix, quantidadeDePaginas: lista.parametros.paginacao.quantidadeDePaginas };
  }

  async registrarWebhook(chave: string, webhookUrl: string): Promise<void> {
    const resposta = await this.chamar('PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl });
    if (!sucesso(resposta.status)) throw erroDeResposta(resposta.status, resposta.json, resposta.texto);
  }

  fechar(): void {
    this.agente.destroy();
  }

  private lerCobranca(txid: string, resposta: Resposta): CobrancaPsp {
    const lida = ler(resposta, cobranca, 'a cobrança não segue o formato da API Pix');
    if (lida.txid !== txid)
      throw respostaInvalida(`a cobrança devolvida é de outro txid (${lida.txid})`, resposta.status);
    return lida;
  }

  private async pedirToken(): Promise<string> {
    const { clientId, clientSecret, tokenUrl } = this.credenciais;
    const pedidoEm = this.agora();
    const basico = Buffer.from(`${formUrlencoded(clientId)}:${formUrlencoded(clientSecret)}`).toString(
      'base64',
    );
    const resposta = await this.enviar(
      'POST',
      tokenUrl,
      { authorization: `Basic ${basico}`, 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
    );
    if (!sucesso(resposta.status)) throw erroDoToken(resposta.status, resposta.json, resposta.texto);
    const token = respostaToken.safeParse(resposta.json).data;
    if (!token)
      throw respostaInvalida(
        'o token de acesso veio sem access_token, token_type ou expires_in',
        resposta.status,
      );
    this.token = {
      valor: token.access_token,
      renovarEm: pedidoEm + token.expires_in * 1000 - margemDeRenovacaoMs(token.expires_in),
    };
    return token.access_token;
  }

  /** One retry with a new token when the PSP stops accepting the cached one before its expiry. */
  async chamar(metodo: string, caminho: string, corpo?: unknown): Promise<Resposta> {
    const token = await this.obterToken();
    const resposta = await this.chamarCom(token, metodo, caminho, corpo);
    if (resposta.status !== 401) return resposta;
    if (this.token?.valor === token) this.token = null;
    return this.chamarCom(await this.obterToken(), metodo, caminho, corpo);
  }

  private chamarCom(token: string, metodo: string, caminho: string, corpo?: unknown): Promise<Resposta> {
    const cabecalhos = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (corpo === undefined) return this.enviar(metodo, `${this.baseUrl}${caminho}`, cabecalhos);
    return this.enviar(
      metodo,
      `${this.baseUrl}${caminho}`,
      { ...cabecalhos, 'content-type': 'application/json' },
      JSON.stringify(corpo),
    );
  }

  /**
   * A keep-alive socket the PSP closed just as the request left fails before any answer; a PUT, PATCH or
   * GET is idempotent, so it goes once more on a new connection. A POST (`/rec`, `/locrec`) never goes
   * twice here: its caller finds out what the first did (docs/decisions/043-pix-automatico.md).
   */
  private async enviar(
    metodo: string,
    url: string,
    cabecalhos: Record<string, string>,
    corpo?: string,
  ): Promise<Resposta> {
    try {
      return await this.enviarUmaVez(metodo, url, cabecalhos, corpo);
    } catch (erro) {
      if (!(erro instanceof SocketReaproveitadoFechado)) throw erro;
      return this.enviarUmaVez(metodo, url, cabecalhos, corpo, false);
    }
  }

  private enviarUmaVez(
    metodo: string,
    url: string,
    cabecalhos: Record<string, string>,
    corpo?: string,
    repetir = true,
  ): Promise<Resposta> {
    return new Promise((resolve, reject) => {
      let pedido: ClientRequest;
      try {
        pedido = https.request(url, {
          method: metodo,
          agent: this.agente,
          headers: {
            ...cabecalhos,
            ...(corpo === undefined ? {} : { 'content-length': Buffer.byteLength(corpo) }),
          },
        });
      } catch (erro) {
        // The agent loads the certificate when it opens a connection: a bad one throws right here.
        reject(this.erroAoCarregarCertificado(erro));
        return;
      }
      let respondeu = false;
      let esgotado = false;
      const relogio = setTimeout(() => {
        esgotado = true;
        pedido.destroy();
      }, this.timeoutMs);
      const falhar = (erro: NodeJS.ErrnoException) => {
        clearTimeout(relogio);
        if (
          repetir &&
          metodo !== 'POST' &&
          pedido.reusedSocket &&
          !respondeu &&
          !esgotado &&
          (erro.code === 'ECONNRESET' || erro.code === 'EPIPE')
        ) {
          reject(new SocketReaproveitadoFechado());
          return;
        }
        reject(
          esgotado
            ? tempoEsgotado(this.timeoutMs)
            : erroDeConexao(erro, { conexaoNova: !pedido.reusedSocket && !respondeu }),
        );
      };
      pedido.on('error', falhar);
      pedido.on('response', (resposta) => {
        respondeu = true;
        const partes: Buffer[] = [];
        resposta.on('data', (parte: Buffer) => partes.push(parte));
        resposta.on('error', falhar);
        resposta.on('end', () => {
          clearTimeout(relogio);
          const texto = Buffer.concat(partes).toString('utf8');
          resolve({ status: resposta.statusCode ?? 0, texto, json: lerJson(texto) });
        });
      });
      pedido.end(corpo);
    });
  }

  private erroAoCarregarCertificado(erro: unknown): ErroApiPix {
    try {
      validarCertificadoCliente(this.credenciais.certificado, new Date(this.agora()));
    } catch (motivo) {
      if (motivo instanceof ErroApiPix) return motivo;
    }
    return certificadoCliente('Não foi possível carregar o certificado do cliente.', erro);
  }
}
