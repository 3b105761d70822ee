import type { CodigoErro } from '@cobranca/contracts';

// The portal's own fetch: no api-client (it pulls zod and the back office's session store), plain JSON
// to the same origin. Types only from the contracts, so the page's bundle stays React and this code.

export const SEM_CONEXAO = 'Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.';
export const FALHA_GENERICA = 'Algo deu errado do nosso lado. Tente de novo em instantes.';

/**
 * A failed call. `status` 0 when no answer came (no network); `codigo` is the server's stable code, for
 * branching only, never shown; `mensagem` is the server's pt-BR sentence when it sent one.
 */
export class FalhaPortal extends Error {
  constructor(
    readonly status: number,
    readonly codigo: CodigoErro | undefined,
    readonly mensagem: string | undefined,
    readonly erros: Record<string, string[]> = {},
  ) {
    super(mensagem ?? `HTTP ${status}`);
    this.name = 'FalhaPortal';
  }
}

export const ehFalha = (erro: unknown, ...codigos: CodigoErro[]): erro is FalhaPortal =>
  erro instanceof FalhaPortal && erro.codigo !== undefined && codigos.includes(erro.codigo);

/**
 * What a screen says about a failure: the connection, or its own `padrao` for a server fault (a 5xx
 * message is no help to a customer), else the server's sentence.
 */
export const mensagemDaFalha = (erro: unknown, padrao: string = FALHA_GENERICA): string => {
  if (!(erro instanceof FalhaPortal)) return padrao;
  if (erro.status === 0) return SEM_CONEXAO;
  if (erro.status >= 500) return padrao;
  return erro.mensagem ?? padrao;
};

/** The first message the server gave for `campo` (422), else its general message. */
export const erroDoCampo = (erro: FalhaPortal, campo: string, padrao: string): string =>
  erro.erros[campo]?.[0] ?? erro.mensagem ?? padrao;

export type Opcoes = {
  metodo?: 'GET' | 'POST' | 'PUT';
  corpo?: unknown;
  /** The portal session, sent as `Authorization: Bearer`. */
  sessao?: string;
};

const lerCorpo = async (resposta: Response): Promise<unknown> => {
  const texto = await resposta.text().catch(() => '');
  if (!texto) return null;
  try {
    return JSON.parse(texto);
  } catch {
    return null;
  }
};

export const chamar = async <T>(
  caminho: string,
  { metodo = 'GET', corpo, sessao }: Opcoes = {},
): Promise<T> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (corpo !== undefined) headers['content-type'] = 'application/json';
  if (sessao) headers.authorization = `Bearer ${sessao}`;
  let resposta: Response;
  try {
    resposta = await fetch(caminho, {
      method: metodo,
      headers,
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new FalhaPortal(0, undefined, undefined);
  }
  const dados = await lerCorpo(resposta);
  if (resposta.ok) return dados as T;
  const erro = typeof dados === 'object' && dados !== null ? (dados as Record<string, unknown>) : {};
  const mensagem = typeof erro.message === 'string' && erro.message ? erro.message : undefined;
  const erros =
    typeof erro.errors === 'object' && erro.errors !== null ? (erro.errors as Record<string, string[]>) : {};
  const codigo = typeof erro.code === 'string' ? (erro.code as CodigoErro) : undefined;
  throw new FalhaPortal(resposta.status, codigo, mensagem, erros);
};

/** A call of the signed-in customer: carries the session and reports its end (401) to the page. */
export type ChamadaCliente = <T>(caminho: string, opcoes?: Omit<Opcoes, 'sessao'>) => Promise<T>;

export const chamadaDoCliente =
  (sessao: string, sessaoExpirou: () => void): ChamadaCliente =>
  async (caminho, opcoes) => {
    try {
      return await chamar(caminho, { ...opcoes, sessao });
    } catch (erro) {
      if (erro instanceof FalhaPortal && erro.status === 401) sessaoExpirou();
      throw erro;
    }
  };
