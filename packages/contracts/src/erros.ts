import { z } from 'zod';

/**
 * Stable codes of every error body (`{ code, message, errors? }`): clients branch on these, never on
 * the wording or the HTTP status. The API maps each to its status in one place (lib/errors.ts).
 */
export const CODIGOS_ERRO = [
  // 400–415: the request itself
  'REQUISICAO_INVALIDA',
  'ROTA_NAO_ENCONTRADA',
  'METODO_NAO_PERMITIDO',
  'FORMATO_NAO_SUPORTADO',
  'CORPO_GRANDE_DEMAIS',
  'ENDERECO_LONGO_DEMAIS',
  'TIPO_DE_CONTEUDO_NAO_SUPORTADO',
  // 401/403: who calls
  'NAO_AUTENTICADO',
  'SESSAO_INVALIDA',
  'LOGIN_INVALIDO',
  'USUARIO_BLOQUEADO',
  'SEM_PERMISSAO',
  // 404: what is asked for (another operator's data is a 404 too)
  'CLIENTE_NAO_ENCONTRADO',
  'IMPORTACAO_NAO_ENCONTRADA',
  'USUARIO_NAO_ENCONTRADO',
  'COBRANCA_NAO_ENCONTRADA',
  'CREDITO_PIX_NAO_ENCONTRADO',
  'RESPOSTA_RAPIDA_NAO_ENCONTRADA',
  'NOTA_NAO_ENCONTRADA',
  // 409: the state changed or forbids it now
  'CONFLITO_ASSUMIR',
  'ASSUMA_ANTES',
  'USUARIO_JA_NO_ESTADO',
  'PROMESSA_REPETIDA',
  'SIMULADOR_INATIVO',
  'COBRANCA_NAO_ATIVA',
  'PIX_NAO_CONFIGURADO',
  'CREDITO_PIX_ESGOTADO',
  'IDEMPOTENCIA_JA_REGISTRADA',
  'IDEMPOTENCIA_EM_PROCESSAMENTO',
  'BANCO_NAO_VAZIO',
  'NOTA_PRAZO_ENCERRADO',
  // 422: the data
  'DADOS_INVALIDOS',
  'TRANSICAO_INVALIDA',
  'EMAIL_EM_USO',
  'ATALHO_EM_USO',
  'AUTO_BLOQUEIO',
  'CLIENTE_SEM_TELEFONE',
  'CLIENTE_OPT_OUT',
  'CONVERSA_FECHADA',
  'ARQUIVO_INVALIDO',
  // 429, 5xx
  'MUITAS_TENTATIVAS',
  'MUITAS_REQUISICOES',
  'ERRO_INTERNO',
  'PSP_INDISPONIVEL',
  'BANCO_INDISPONIVEL',
  'SEM_ESPACO_EM_DISCO',
] as const;

export const codigoErro = z.enum(CODIGOS_ERRO);
export type CodigoErro = z.infer<typeof codigoErro>;
