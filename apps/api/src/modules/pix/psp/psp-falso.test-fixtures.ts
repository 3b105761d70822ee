import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { hojeNoFuso, instanteNoFuso } from '@cobranca/dominio';
import { pixArmazenado } from '../configuracao/pix-settings.repository.ts';
import { type ProvedorConfigurado, txidDeterministico } from '../configuracao/provedor-ativo.ts';
import type { PixRecebido, TipoCobranca } from './api-pix-cliente.ts';
import { gerarBrCodeDinamico } from './br-code.ts';
import { certificadosDeTeste } from './certificados.test-fixtures.ts';
import { provedorApiPix } from './provedor-api-pix.ts';
import {
  type CobrancaFalsa,
  cobrancaEmJson,
  conferirPagavel,
  ehObjeto,
  novoEndToEndId,
  type Objeto,
  problema,
  valorDoPagamento,
  violacoesDaCobranca,
} from './psp-falso-cobrancas.test-fixtures.ts';
import { RecorrenciasFalsas } from './psp-falso-recorrencias.test-fixtures.ts';

// A PSP speaking the API Pix v2 on loopback, for tests and benchmarks: mutual TLS with the test CA (a
// client certificate from another CA, or an expired one, never gets past the handshake), OAuth2 client
// credentials, strict validation of cob/cobv bodies, paged PIX lists, webhooks, and faults on demand.

export type OpcoesPspFalso = {
  clientId?: string;
  clientSecret?: string;
  chave?: string;
  /** Token lifetime in seconds. */
  expiresIn?: number;
  /** The payer PSP in the endToEndIds. */
  ispb?: string;
  nomeRecebedor?: string;
  cidade?: string;
  /** Page size of `GET /pix` when the call does not say. */
  itensPorPagina?: number;
  /** PIX Automático (`/rec`, `/cobr`…); false: a PSP without it, whose endpoints answer 404. */
  recorrencias?: boolean;
};

export type ChamadaPsp = { metodo: string; caminho: string; status: number };

export type OpcoesPagamento = {
  /** What the payer sends; default: what the charge asks for on that day. */
  valor?: string;
  /** YYYY-MM-DD; default: today in America/Sao_Paulo. */
  data?: string;
  /** POST the PIX to the registered webhook; default true. */
  notificar?: boolean;
};

type Resposta = { status: number; corpo?: unknown; cabecalhos?: Record<string, string> };

const ESCOPOS = 'cob.write cob.read cobv.write cobv.read pix.read webhook.write webhook.read';
const ESCOPOS_RECORRENCIAS =
  'rec.write rec.read cobr.write cobr.read payloadlocationrec.write payloadlocationrec.read webhookrec.write webhookrec.read webhookcobr.write webhookcobr.read';
const RECURSOS_RECORRENCIAS = new Set(['locrec', 'rec', 'cobr', 'webhookrec', 'webhookcobr']);
const ITENS_POR_PAGINA = 100;

const naoEncontrado = (): Resposta => ({
  status: 404,
  corpo: problema('NaoEncontrado', 'Não encontrado', 404, 'Entidade não encontrada.'),
});

const invalida = (
  tipoErro: string,
  title: string,
  detail: string,
  violacoes: { razao: string; propriedade: string }[] = [],
) => ({
  status: 400,
  corpo: problema(tipoErro, title, 400, detail, violacoes),
});

const nomeDoTipo = (tipo: TipoCobranca) => (tipo === 'cob' ? 'Cob' : 'CobV');

const DETALHE_COBRANCA: Record<TipoCobranca, string> = {
  cob: 'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.',
  cobv: 'A requisição que busca alterar ou criar uma cobrança com vencimento não respeita o _schema_ ou está semanticamente errada.',
};

/** RFC 6749 §2.3.1 Basic credentials: form-urlencoded id and secret. */
const lerBasico = (cabecalho: string | undefined): [string, string] | null => {
  const codificado = /^Basic (.+)$/i.exec(cabecalho ?? '')?.[1];
  if (!codificado) return null;
  const texto = Buffer.from(codificado, 'base64').toString('utf8');
  const separador = texto.indexOf(':');
  if (separador < 0) return null;
  const decodificar = (parte: string) => new URLSearchParams(`x=${parte}`).get('x') ?? '';
  return [decodificar(texto.slice(0, separador)), decodificar(texto.slice(separador + 1))];
};

const ehLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

export class PspFalso {
  /** Delay before every answer, token included. */
  latenciaMs = 0;
  readonly cobrancas = new Map<string, CobrancaFalsa>();
  readonly pix: PixRecebido[] = [];
  readonly chamadas: ChamadaPsp[] = [];
  readonly clientId: string;
  readonly clientSecret: string;
  readonly chave: string;
  webhook: { webhookUrl: string; criacao: string } | null = null;
  /** The PSP's clock: a test moves it to create a recurring charge inside D-10…D-2. */
  relogio: () => Date = () => new Date();
  readonly recorrencias: RecorrenciasFalsas;
  url = '';
  tokenUrl = '';

  private readonly tokens = new Map<string, number>();
  private readonly esperas = new Set<NodeJS.Timeout>();
  private falhas: { restantes: number; status: number; corpo?: unknown } = { restantes: 0, status: 0 };
  private proximoLocId = 1;
  private fecharReaproveitada = false;
  private readonly conexoesUsadas = new WeakSet<object>();
  private readonly servidor: https.Server;

  constructor(private readonly opcoes: OpcoesPspFalso = {}) {
    this.clientId = opcoes.clientId ?? 'cliente-de-teste';
    this.clientSecret = opcoes.clientSecret ?? 'segredo:de teste+1';
    this.chave = opcoes.chave ?? '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
    this.recorrencias = new RecorrenciasFalsas({
      agora: () => this.relogio(),
      ispb: opcoes.ispb ?? '60701190',
      porta: () => (this.servidor.address() as AddressInfo).port,
      recebedor: () => this.recebedor,
      cobrancas: this.cobrancas,
      pix: this.pix,
      pagar: (txid) => this.pagar(txid),
    });
    const { ca, servidor } = certificadosDeTeste();
    this.servidor = https.createServer(
      {
        cert: servidor.certificadoPem,
        key: servidor.chavePrivadaPem,
        ca: [ca.certificadoPem],
        requestCert: true,
        rejectUnauthorized: true,
      },
      (pedido, resposta) => void this.atender(pedido, resposta),
    );
  }

  async iniciar(): Promise<this> {
    await new Promise<void>((pronto) => this.servidor.listen(0, '127.0.0.1', pronto));
    const { port } = this.servidor.address() as AddressInfo;
    this.url = `https://127.0.0.1:${port}/v2`;
    this.tokenUrl = `https://127.0.0.1:${port}/oauth/token`;
    return this;
  }

  /** The next `n` resource calls (not the token) answer `status` with `corpo` (default: a problem+json). */
  /** The next request that arrives on a kept-alive connection finds it closed, as after the server's idle timeout. */
  fecharProximaConexaoReaproveitada(): void {
    this.fecharReaproveitada = true;
  }

  falharProximas(n: number, status: number, corpo?: unknown): void {
    this.falhas = { restantes: n, status, ...(corpo === undefined ? {} : { corpo }) };
  }

  /** Every token issued so far stops being accepted (401), as after a PSP-side revocation. */
  expirarTokens(): void {
    this.tokens.clear();
  }

  /** A payer pays the charge: the PIX is recorded, the charge CONCLUIDA, the webhook notified. */
  async pagar(txid: string, opcoes: OpcoesPagamento = {}): Promise<PixRecebido> {
    const cobranca = this.cobrancas.get(txid);
    if (!cobranca) throw new Error(`PSP falso: não há cobrança com o txid ${txid}`);
    const agora = this.relogio();
    const data = opcoes.data ?? hojeNoFuso(agora);
    conferirPagavel(cobranca, data, agora);
    const devido = valorDoPagamento(cobranca, data);
    const horario = opcoes.data ? instanteNoFuso(opcoes.data, 12 * 60) : agora;
    const devedor = cobranca.corpo.devedor as (Objeto & { nome: string }) | undefined;
    const pix: PixRecebido = {
      endToEndId: novoEndToEndId(this.opcoes.ispb ?? '60701190', horario),
      txid,
      valor: opcoes.valor ?? devido.valor,
      componentesValor: opcoes.valor ? { original: { valor: opcoes.valor } } : devido.componentesValor,
      chave: this.chave,
      horario: horario.toISOString(),
      infoPagador: 'Pagamento pelo PSP falso',
      ...(devedor
        ? {
            pagador: {
              ...(devedor.cpf ? { cpf: String(devedor.cpf) } : { cnpj: String(devedor.cnpj) }),
              nome: devedor.nome,
            },
          }
        : {}),
    };
    cobranca.status = 'CONCLUIDA';
    cobranca.pix.push(pix);
    this.pix.push(pix);
    if (this.webhook && opcoes.notificar !== false) await this.notificar(this.webhook.webhookUrl, pix);
    return pix;
  }

  async fechar(): Promise<void> {
    for (const espera of this.esperas) clearTimeout(espera);
    this.esperas.clear();
    this.servidor.closeAllConnections();
    await new Promise<void>((pronto) => this.servidor.close(() => pronto()));
  }

  private async notificar(webhookUrl: string, pix: PixRecebido): Promise<void> {
    const resposta = await fetch(`${webhookUrl.replace(/\/+$/, '')}/pix`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pix: [pix] }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!resposta.ok) throw new Error(`PSP falso: o webhook respondeu HTTP ${resposta.status}`);
  }

  private async atender(pedido: IncomingMessage, saida: ServerResponse): Promise<void> {
    if (this.fecharReaproveitada && this.conexoesUsadas.has(pedido.socket)) {
      this.fecharReaproveitada = false;
      pedido.socket.destroy();
      return;
    }
    this.conexoesUsadas.add(pedido.socket);
    const url = new URL(pedido.url ?? '/', 'https://127.0.0.1');
    const corpo = await lerCorpo(pedido);
    if (this.latenciaMs > 0) await this.esperar(this.latenciaMs);
    const resposta = this.responder(pedido.method ?? 'GET', url, pedido.headers.authorization, corpo, pedido);
    this.chamadas.push({ metodo: pedido.method ?? 'GET', caminho: url.pathname, status: resposta.status });
    if (saida.destroyed) return;
    const texto = resposta.corpo === undefined ? '' : JSON.stringify(resposta.corpo);
    saida.writeHead(resposta.status, {
      ...(texto ? { 'content-type': tipoDoCorpo(resposta.corpo) } : {}),
      'content-length': Buffer.byteLength(texto),
      ...resposta.cabecalhos,
    });
    saida.end(texto);
  }

  private esperar(ms: number): Promise<void> {
    return new Promise((pronto) => {
      const espera = setTimeout(() => {
        this.esperas.delete(espera);
        pronto();
      }, ms);
      this.esperas.add(espera);
    });
  }

  private responder(
    metodo: string,
    url: URL,
    autorizacao: string | undefined,
    texto: string,
    pedido: IncomingMessage,
  ): Resposta {
    if (url.pathname === '/oauth/token' && metodo === 'POST')
      return this.emitirToken(autorizacao, texto, pedido);
    const [raiz, recurso, id, ...resto] = url.pathname.split('/').slice(1);
    const deRecorrencia = recurso !== undefined && RECURSOS_RECORRENCIAS.has(recurso);
    if (raiz !== 'v2' || (resto.length > 0 && !deRecorrencia)) return naoEncontrado();
    if (deRecorrencia && this.opcoes.recorrencias === false) return naoEncontrado();
    if (this.falhas.restantes > 0) {
      this.falhas.restantes -= 1;
      const { status, corpo } = this.falhas;
      return {
        status,
        corpo: corpo ?? problema('ServicoIndisponivel', 'Serviço indisponível', status, 'Falha simulada.'),
      };
    }
    if (!this.tokenValido(autorizacao))
      return {
        status: 401,
        corpo: { error: 'invalid_token' },
        cabecalhos: { 'www-authenticate': 'Bearer error="invalid_token"' },
      };
    let json: unknown;
    try {
      json = texto ? JSON.parse(texto) : undefined;
    } catch {
      return invalida('RequisicaoInvalida', 'Requisição inválida.', 'O corpo não é um JSON válido.');
    }
    if (deRecorrencia)
      return (
        this.recorrencias.responder(
          metodo,
          recurso,
          [id, ...resto].filter((p): p is string => p !== undefined && p !== ''),
          url,
          json,
        ) ?? naoEncontrado()
      );
    const chave = id === undefined ? undefined : decodeURIComponent(id);
    if ((recurso === 'cob' || recurso === 'cobv') && chave !== undefined)
      return this.cobranca(recurso, metodo, chave, json);
    if (recurso === 'pix' && metodo === 'GET')
      return chave === undefined ? this.listarPix(url) : this.consultarPix(chave);
    if (recurso === 'webhook' && chave !== undefined) return this.webhookDe(metodo, chave, json);
    return naoEncontrado();
  }

  private emitirToken(autorizacao: string | undefined, texto: string, pedido: IncomingMessage): Resposta {
    const credenciais = lerBasico(autorizacao);
    if (!credenciais || credenciais[0] !== this.clientId || credenciais[1] !== this.clientSecret)
      return { status: 401, corpo: { error: 'invalid_client' }, cabecalhos: { 'www-authenticate': 'Basic' } };
    if (!pedido.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return { status: 400, corpo: { error: 'invalid_request' } };
    if (new URLSearchParams(texto).get('grant_type') !== 'client_credentials')
      return { status: 400, corpo: { error: 'unsupported_grant_type' } };
    const token = randomBytes(24).toString('base64url');
    const expiresIn = this.opcoes.expiresIn ?? 3600;
    this.tokens.set(token, Date.now() + expiresIn * 1000);
    return {
      status: 200,
      corpo: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: expiresIn,
        scope: this.opcoes.recorrencias === false ? ESCOPOS : `${ESCOPOS} ${ESCOPOS_RECORRENCIAS}`,
      },
    };
  }

  private tokenValido(autorizacao: string | undefined): boolean {
    const token = /^Bearer (.+)$/i.exec(autorizacao ?? '')?.[1];
    const expiraEm = token === undefined ? undefined : this.tokens.get(token);
    return expiraEm !== undefined && Date.now() < expiraEm;
  }

  private get recebedor(): Objeto {
    return {
      cnpj: '12345678000195',
      nome: this.opcoes.nomeRecebedor ?? 'Empresa Demonstração Ltda',
      logradouro: 'Rua de Teste, 1',
      cidade: this.opcoes.cidade ?? 'São Paulo',
      uf: 'SP',
      cep: '01001000',
    };
  }

  private copiaECola(tipo: TipoCobranca, location: string, corpo: Objeto): string {
    const valor = corpo.valor as { original: string; modalidadeAlteracao?: number };
    // A cobv's amount depends on the payment day, so the code leaves it to the location.
    const fixo = tipo === 'cob' && valor.modalidadeAlteracao !== 1;
    return gerarBrCodeDinamico({
      location,
      nomeRecebedor: this.recebedor.nome as string,
      cidade: this.recebedor.cidade as string,
      valorCentavos: fixo ? Math.round(Number(valor.original) * 100) : null,
    });
  }

  private cobranca(tipo: TipoCobranca, metodo: string, txid: string, corpo: unknown): Resposta {
    const existente = this.cobrancas.get(txid);
    const recusar = (violacoes: { razao: string; propriedade: string }[]) =>
      invalida(
        `${nomeDoTipo(tipo)}OperacaoInvalida`,
        'Cobrança inválida.',
        DETALHE_COBRANCA[tipo],
        violacoes,
      );
    if (metodo === 'PUT') {
      if (existente)
        return recusar([{ propriedade: `${tipo}.txid`, razao: 'Já existe uma cobrança com este txid.' }]);
      const violacoes = violacoesDaCobranca(tipo, txid, corpo, this.chave);
      if (violacoes.length > 0) return recusar(violacoes);
      const { port } = this.servidor.address() as AddressInfo;
      const location = `127.0.0.1:${port}/qr/v2/${tipo === 'cobv' ? 'cobv/' : ''}${randomUUID().replaceAll('-', '')}`;
      const nova: CobrancaFalsa = {
        tipo,
        txid,
        status: 'ATIVA',
        revisao: 0,
        criacao: this.relogio(),
        locId: this.proximoLocId++,
        location,
        pixCopiaECola: this.copiaECola(tipo, location, corpo as Objeto),
        corpo: corpo as Objeto,
        pix: [],
      };
      this.cobrancas.set(txid, nova);
      return { status: 201, corpo: cobrancaEmJson(nova, this.recebedor) };
    }
    if (!existente || existente.tipo !== tipo) return naoEncontrado();
    if (metodo === 'GET') return { status: 200, corpo: cobrancaEmJson(existente, this.recebedor) };
    if (metodo !== 'PATCH') return naoEncontrado();
    if (existente.status !== 'ATIVA')
      return invalida(
        `${nomeDoTipo(tipo)}OperacaoInvalida`,
        'Operação inválida.',
        'Cobrança não encontra-se mais com o status ATIVA, somente cobranças ativas podem ser revisadas.',
      );
    if (!ehObjeto(corpo)) return recusar([{ propriedade: tipo, razao: 'O corpo deve ser um objeto JSON.' }]);
    const { status, ...revisao } = corpo;
    if (status !== undefined && status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR')
      return recusar([{ propriedade: `${tipo}.status`, razao: 'Só é possível remover a cobrança.' }]);
    const revisada = { ...existente.corpo, ...revisao };
    const violacoes = violacoesDaCobranca(tipo, txid, revisada, this.chave);
    if (violacoes.length > 0) return recusar(violacoes);
    existente.corpo = revisada;
    existente.pixCopiaECola = this.copiaECola(tipo, existente.location, revisada);
    existente.revisao += 1;
    if (status) existente.status = status;
    return { status: 200, corpo: cobrancaEmJson(existente, this.recebedor) };
  }

  private consultarPix(endToEndId: string): Resposta {
    const pix = this.pix.find((p) => p.endToEndId === endToEndId);
    return pix ? { status: 200, corpo: pix } : naoEncontrado();
  }

  private listarPix(url: URL): Resposta {
    const consulta = url.searchParams;
    const inicio = Date.parse(consulta.get('inicio') ?? '');
    const fim = Date.parse(consulta.get('fim') ?? '');
    const paginaAtual = Number(consulta.get('paginacao.paginaAtual') ?? 0);
    const itensPorPagina = Number(
      consulta.get('paginacao.itensPorPagina') ?? this.opcoes.itensPorPagina ?? ITENS_POR_PAGINA,
    );
    if (Number.isNaN(inicio) || Number.isNaN(fim) || !(paginaAtual >= 0) || !(itensPorPagina >= 1))
      return invalida(
        'RequisicaoInvalida',
        'Consulta inválida.',
        'inicio e fim (RFC 3339) são obrigatórios.',
      );
    const txid = consulta.get('txid');
    const achados = this.pix.filter((p) => {
      const horario = Date.parse(p.horario);
      return horario >= inicio && horario <= fim && (!txid || p.txid === txid);
    });
    return {
      status: 200,
      corpo: {
        parametros: {
          inicio: new Date(inicio).toISOString(),
          fim: new Date(fim).toISOString(),
          paginacao: {
            paginaAtual,
            itensPorPagina,
            quantidadeDePaginas: Math.max(1, Math.ceil(achados.length / itensPorPagina)),
            quantidadeTotalDeItens: achados.length,
          },
        },
        pix: achados.slice(paginaAtual * itensPorPagina, (paginaAtual + 1) * itensPorPagina),
      },
    };
  }

  private webhookDe(metodo: string, chave: string, corpo: unknown): Resposta {
    if (chave !== this.chave)
      return invalida(
        'WebhookOperacaoInvalida',
        'Webhook inválido.',
        'A chave não pertence a este recebedor.',
        [{ propriedade: 'webhook.chave', razao: 'A chave não pertence a este recebedor.' }],
      );
    if (metodo === 'GET')
      return this.webhook ? { status: 200, corpo: { ...this.webhook, chave } } : naoEncontrado();
    if (metodo === 'DELETE') {
      if (!this.webhook) return naoEncontrado();
      this.webhook = null;
      return { status: 204 };
    }
    if (metodo !== 'PUT') return naoEncontrado();
    const webhookUrl = ehObjeto(corpo) ? corpo.webhookUrl : undefined;
    const url = typeof webhookUrl === 'string' && URL.canParse(webhookUrl) ? new URL(webhookUrl) : null;
    // Plain http only on loopback, so tests can receive notifications without a certificate of their own.
    if (!url || !(url.protocol === 'https:' || (url.protocol === 'http:' && ehLoopback(url))))
      return invalida('WebhookOperacaoInvalida', 'Webhook inválido.', 'A URL do webhook deve ser https.', [
        { propriedade: 'webhook.webhookUrl', razao: 'A URL do webhook deve ser https.' },
      ]);
    this.webhook = { webhookUrl: url.toString(), criacao: new Date().toISOString() };
    return { status: 200 };
  }
}

const tipoDoCorpo = (corpo: unknown) =>
  ehObjeto(corpo) && typeof corpo.type === 'string' && typeof corpo.title === 'string'
    ? 'application/problem+json'
    : 'application/json';

const lerCorpo = async (pedido: IncomingMessage): Promise<string> => {
  const partes: Buffer[] = [];
  for await (const parte of pedido) partes.push(parte as Buffer);
  return Buffer.concat(partes).toString('utf8');
};

export const iniciarPspFalso = (opcoes: OpcoesPspFalso = {}): Promise<PspFalso> =>
  new PspFalso(opcoes).iniciar();

/** The API Pix driver pointed at this fake PSP with the test client certificate, as a configured provider. */
export const provedorDoPspFalso = (psp: PspFalso): ProvedorConfigurado => {
  const { cliente } = certificadosDeTeste();
  return {
    provedor: provedorApiPix(
      {
        baseUrl: psp.url,
        tokenUrl: psp.tokenUrl,
        clientId: psp.clientId,
        clientSecret: psp.clientSecret,
        certificado: {
          tipo: 'pem',
          certificadoPem: cliente.certificadoPem,
          chavePrivadaPem: cliente.chavePrivadaPem,
        },
      },
      psp.chave,
      2_000,
    ),
    armazenado: pixArmazenado.parse({ provedor: 'api_pix', chave: psp.chave }),
    txidPara: txidDeterministico(Buffer.from(psp.clientSecret)),
  };
};

/** What an admin saves in Config. PIX to use this fake PSP (`PUT /api/admin/configuracoes/pix`). */
export const configuracaoDoPspFalso = (psp: PspFalso, webhookUrl = 'https://cobranca.example.com.br') => {
  const { cliente } = certificadosDeTeste();
  return {
    provedor: 'api_pix' as const,
    chave: psp.chave,
    base_url: psp.url,
    token_url: psp.tokenUrl,
    client_id: psp.clientId,
    client_secret: psp.clientSecret,
    certificado_pem: cliente.certificadoPem,
    chave_privada_pem: cliente.chavePrivadaPem,
    webhook_url: webhookUrl,
  };
};
