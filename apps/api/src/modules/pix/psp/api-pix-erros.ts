import { plural } from '@cobranca/dominio';
import { z } from 'zod';

// Failures of the API Pix (docs/formatos-externos.md §6) as pt-BR reasons an admin can act on, split into
// "try again later" (transitorio: outage, overload, timeout) and "will fail again until someone fixes
// the credentials, the certificate or the request". Messages never carry the secret, token or keys.

export type TipoErroApiPix =
  | 'credenciais'
  | 'certificado_cliente'
  | 'certificado_servidor'
  | 'indisponivel'
  | 'tempo_esgotado'
  | 'recusada'
  | 'resposta_invalida';

export class ErroApiPix extends Error {
  readonly tipo: TipoErroApiPix;
  readonly transitorio: boolean;
  readonly status?: number;

  constructor(tipo: TipoErroApiPix, mensagem: string, opcoes: { status?: number; cause?: unknown } = {}) {
    super(mensagem, opcoes.cause === undefined ? undefined : { cause: opcoes.cause });
    this.name = 'ErroApiPix';
    this.tipo = tipo;
    const { status } = opcoes;
    if (status !== undefined) this.status = status;
    this.transitorio =
      tipo === 'indisponivel' ||
      tipo === 'tempo_esgotado' ||
      (status !== undefined && (status === 429 || status >= 500));
  }
}

export const certificadoCliente = (mensagem: string, cause?: unknown): ErroApiPix =>
  new ErroApiPix('certificado_cliente', mensagem, { cause });

const CLIENTE_RECUSADO = 'O PSP recusou o certificado do cliente (expirado ou não emitido por ele).';

// What the server's TLS stack says when it refuses our certificate (alerts 40, 42–46, 48, 49, 116).
const ALERTAS_DO_CERTIFICADO_CLIENTE = new Set([
  'HANDSHAKE_FAILURE',
  'BAD_CERTIFICATE',
  'UNSUPPORTED_CERTIFICATE',
  'CERTIFICATE_REVOKED',
  'CERTIFICATE_EXPIRED',
  'CERTIFICATE_UNKNOWN',
  'UNKNOWN_CA',
  'ACCESS_DENIED',
  'CERTIFICATE_REQUIRED',
]);

// OpenSSL's verify results (and Node's host check) when the PSP's certificate does not verify here.
const SERVIDOR_NAO_CONFIAVEL: Record<string, string> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'a cadeia não leva a uma autoridade certificadora confiável',
  UNABLE_TO_GET_ISSUER_CERT: 'a cadeia não leva a uma autoridade certificadora confiável',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'a cadeia não leva a uma autoridade certificadora confiável',
  SELF_SIGNED_CERT_IN_CHAIN: 'a cadeia termina numa autoridade certificadora que não é confiável',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'o certificado é autoassinado',
  CERT_UNTRUSTED: 'o certificado não é confiável',
  CERT_SIGNATURE_FAILURE: 'a assinatura do certificado não confere',
  CERT_HAS_EXPIRED: 'o certificado expirou',
  CERT_NOT_YET_VALID: 'o certificado ainda não está valendo',
  CERT_REVOKED: 'o certificado foi revogado',
  ERR_TLS_CERT_ALTNAME_INVALID: 'o certificado não foi emitido para este endereço',
};

const REDE: Record<string, string> = {
  ECONNREFUSED: 'conexão recusada',
  ECONNRESET: 'conexão interrompida',
  EPIPE: 'conexão interrompida',
  ENOTFOUND: 'endereço não encontrado no DNS',
  EAI_AGAIN: 'falha temporária de DNS',
  EHOSTUNREACH: 'servidor inalcançável',
  ENETUNREACH: 'rede inalcançável',
  ETIMEDOUT: 'a conexão não se completou',
  ECONNABORTED: 'conexão abortada',
};

export type ContextoConexao = {
  /** This request opened its socket (not a keep-alive one) and nothing of the answer arrived. */
  conexaoNova: boolean;
};

/** A network or TLS failure of one request, by the code Node gives it. */
export const erroDeConexao = (erro: NodeJS.ErrnoException, contexto: ContextoConexao): ErroApiPix => {
  const codigo = erro.code ?? '';
  const alerta = /^ERR_SSL_(?:SSLV3|TLSV1|TLSV13)_ALERT_(.+)$/.exec(codigo)?.[1];
  if (alerta && ALERTAS_DO_CERTIFICADO_CLIENTE.has(alerta))
    return certificadoCliente(`${CLIENTE_RECUSADO} Alerta TLS: ${alerta.toLowerCase()}.`, erro);
  // TLS 1.2 alerts without an ERR_SSL_ code come as EPROTO; 40 is what a server sends when it requires a
  // client certificate it did not get.
  if (
    codigo === 'EPROTO' &&
    /alert (handshake failure|bad certificate|unknown ca|certificate)/.test(erro.message)
  )
    return certificadoCliente(CLIENTE_RECUSADO, erro);
  const servidor = SERVIDOR_NAO_CONFIAVEL[codigo];
  if (servidor)
    return new ErroApiPix(
      'certificado_servidor',
      `O certificado do servidor do PSP não é confiável: ${servidor}.`,
      {
        cause: erro,
      },
    );
  // Servers that check the client certificate after the handshake (Node, some proxies) just drop a
  // new connection instead of sending an alert; a drop after a TLS handshake is not an outage.
  if ((codigo === 'ECONNRESET' || codigo === 'EPIPE') && contexto.conexaoNova)
    return certificadoCliente(
      `O PSP encerrou a conexão logo após o handshake TLS, sem responder: em geral, ele recusou o certificado do cliente (expirado ou não emitido por ele).`,
      erro,
    );
  return new ErroApiPix(
    'indisponivel',
    `Não foi possível conectar ao PSP (${REDE[codigo] ?? (codigo || erro.message)}).`,
    {
      cause: erro,
    },
  );
};

export const tempoEsgotado = (timeoutMs: number): ErroApiPix => {
  const segundos = timeoutMs / 1000;
  return new ErroApiPix(
    'tempo_esgotado',
    `O PSP não respondeu em ${segundos.toLocaleString('pt-BR')} ${plural(segundos, 'segundo', 'segundos')}.`,
  );
};

const problema = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  violacoes: z
    .array(z.object({ razao: z.string().optional(), propriedade: z.string().optional() }))
    .optional(),
});

const descreverProblema = (corpo: unknown): string | null => {
  const lido = problema.safeParse(corpo).data;
  if (!lido) return null;
  const titulo = [lido.title, lido.detail].filter(Boolean).join(' ');
  const violacoes = (lido.violacoes ?? [])
    .map((v) => [v.propriedade, v.razao].filter(Boolean).join(': '))
    .filter(Boolean)
    .join('; ');
  return [titulo, violacoes].filter(Boolean).join(' — ') || null;
};

// nginx with `ssl_verify_client` answers a refused client certificate with an HTML 400, not an alert.
const recusaDeCertificadoEmHtml = (texto: string) =>
  /No required SSL certificate was sent|The SSL certificate error/i.test(texto);

/** A non-2xx answer of a resource (cob, cobv, pix, webhook) once the token was accepted. */
export const erroDeResposta = (status: number, corpo: unknown, texto: string): ErroApiPix => {
  const detalhe = descreverProblema(corpo);
  const sufixo = detalhe ? `: ${detalhe}` : ` (HTTP ${status}).`;
  if (status === 400 && recusaDeCertificadoEmHtml(texto)) return certificadoCliente(CLIENTE_RECUSADO);
  if (status === 401)
    return new ErroApiPix('credenciais', `O PSP recusou o token de acesso recém-emitido${sufixo}`, {
      status,
    });
  if (status === 403)
    return new ErroApiPix(
      'credenciais',
      `O PSP negou acesso: confira se a aplicação tem os escopos da API Pix (cob, cobv, pix, webhook)${sufixo}`,
      { status },
    );
  if (status === 429)
    return new ErroApiPix('indisponivel', `O PSP limitou as chamadas: é preciso aguardar${sufixo}`, {
      status,
    });
  if (status >= 500) return new ErroApiPix('indisponivel', `O PSP está indisponível${sufixo}`, { status });
  return new ErroApiPix('recusada', `O PSP recusou a requisição${sufixo}`, { status });
};

/** A non-2xx answer of the token endpoint. */
export const erroDoToken = (status: number, corpo: unknown, texto: string): ErroApiPix => {
  if (
    status === 401 ||
    (status === 400 && z.object({ error: z.literal('invalid_client') }).safeParse(corpo).success)
  )
    return new ErroApiPix('credenciais', 'O PSP recusou o client_id ou o client_secret.', { status });
  return erroDeResposta(status, corpo, texto);
};

export const respostaInvalida = (oQue: string, status: number, cause?: unknown): ErroApiPix =>
  new ErroApiPix('resposta_invalida', `Resposta inesperada do PSP: ${oQue}.`, { status, cause });
