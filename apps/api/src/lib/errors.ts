import type { CodigoErro } from '@cobranca/contracts';

export type FieldErrors = Record<string, string[]>;

/** The one place a domain error code meets HTTP (docs/produto.md §18). */
export const STATUS_HTTP: Record<CodigoErro, number> = {
  REQUISICAO_INVALIDA: 400,
  ROTA_NAO_ENCONTRADA: 404,
  METODO_NAO_PERMITIDO: 405,
  FORMATO_NAO_SUPORTADO: 406,
  CORPO_GRANDE_DEMAIS: 413,
  ENDERECO_LONGO_DEMAIS: 414,
  TIPO_DE_CONTEUDO_NAO_SUPORTADO: 415,
  NAO_AUTENTICADO: 401,
  SESSAO_INVALIDA: 401,
  LOGIN_INVALIDO: 401,
  USUARIO_BLOQUEADO: 403,
  SEM_PERMISSAO: 403,
  CLIENTE_NAO_ENCONTRADO: 404,
  IMPORTACAO_NAO_ENCONTRADA: 404,
  USUARIO_NAO_ENCONTRADO: 404,
  COBRANCA_NAO_ENCONTRADA: 404,
  COMPROVANTE_NAO_ENCONTRADO: 404,
  MENSAGEM_NAO_ENCONTRADA: 404,
  TAREFA_NAO_ENCONTRADA: 404,
  CREDITO_PIX_NAO_ENCONTRADO: 404,
  ARQUIVO_BANCARIO_NAO_ENCONTRADO: 404,
  LANCAMENTO_NAO_ENCONTRADO: 404,
  CONTA_NAO_ENCONTRADA: 404,
  RESPOSTA_RAPIDA_NAO_ENCONTRADA: 404,
  NOTA_NAO_ENCONTRADA: 404,
  LINK_INDISPONIVEL: 404,
  CONFLITO_ASSUMIR: 409,
  ASSUMA_ANTES: 409,
  USUARIO_JA_NO_ESTADO: 409,
  PROMESSA_REPETIDA: 409,
  SIMULADOR_INATIVO: 409,
  COBRANCA_NAO_ATIVA: 409,
  PIX_NAO_CONFIGURADO: 409,
  CREDITO_PIX_ESGOTADO: 409,
  LANCAMENTO_JA_DECIDIDO: 409,
  IDEMPOTENCIA_JA_REGISTRADA: 409,
  IDEMPOTENCIA_EM_PROCESSAMENTO: 409,
  BANCO_NAO_VAZIO: 409,
  NOTA_PRAZO_ENCERRADO: 409,
  DADOS_INVALIDOS: 422,
  TRANSICAO_INVALIDA: 422,
  EMAIL_EM_USO: 422,
  ATALHO_EM_USO: 422,
  AUTO_BLOQUEIO: 422,
  CLIENTE_SEM_TELEFONE: 422,
  CANAL_INDISPONIVEL: 422,
  CLIENTE_OPT_OUT: 422,
  CONVERSA_FECHADA: 422,
  ARQUIVO_INVALIDO: 422,
  DOCUMENTO_NAO_CONFERE: 422,
  ACORDO_EM_ANDAMENTO: 422,
  LINK_BLOQUEADO: 423,
  MUITAS_TENTATIVAS: 429,
  MUITAS_REQUISICOES: 429,
  ERRO_INTERNO: 500,
  PSP_INDISPONIVEL: 502,
  BANCO_INDISPONIVEL: 503,
  SEM_ESPACO_EM_DISCO: 507,
};

/** A domain failure: a stable code for clients, a pt-BR message for people, field errors on 422. */
export class ErroDominio extends Error {
  constructor(
    readonly code: CodigoErro,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'ErroDominio';
  }

  get statusCode(): number {
    return STATUS_HTTP[this.code];
  }
}

/** A 422-style error about one field: the message is also the field's. */
export const erroDeCampo = (code: CodigoErro, campo: string, mensagem: string) =>
  new ErroDominio(code, mensagem, { [campo]: [mensagem] });

export const VALIDATION_MESSAGE = 'Os dados enviados são inválidos.';
