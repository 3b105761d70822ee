import { z } from 'zod';

// Zenvia API v2 error answers (zenvia/zenvia-openapi-spec, "Error Handling": `{code, message, details:
// [{code, path, message}]}`) as pt-BR reasons for the admin, and whether the same SMS is worth sending again
// later (transitorio) or will be refused the same way (token, number, text).

export type ErroZenvia = { codigo: string; mensagem: string; transitorio: boolean };

const corpoDeErro = z.object({
  code: z.string().max(100).optional(),
  message: z.string().optional(),
  details: z
    .array(
      z.object({ code: z.string().optional(), path: z.string().optional(), message: z.string().optional() }),
    )
    .optional(),
});
type CorpoDeErro = z.infer<typeof corpoDeErro>;

const TOKEN =
  'A Zenvia recusou o token da API (inválido, revogado ou de outra conta): gere um novo no console de API da Zenvia e informe-o nas configurações de SMS.';
const PERMISSAO =
  'O token da Zenvia não tem permissão para enviar SMS: confira se o canal SMS está ativo na conta e se o remetente configurado pertence a ela.';
const LIMITE = 'Limite de envios da Zenvia atingido: é preciso aguardar antes de tentar de novo.';
const SERVICO = 'Falha temporária na API da Zenvia: vale tentar de novo em instantes.';
const naoJson = (status: number) =>
  `A resposta (HTTP ${status}) não veio da API da Zenvia: não é JSON (um proxy ou uma página de erro no caminho). Vale tentar de novo em instantes.`;

/** Which field of the SMS a 400 points at, from the `path` of its details. */
const explicarValidacao = (corpo: CorpoDeErro | undefined): string => {
  const caminhos = (corpo?.details ?? []).map((d) => d.path ?? '').join(' ');
  if (/\bto\b/.test(caminhos))
    return 'A Zenvia recusou o número do destinatário: confira o celular do cliente (com DDD).';
  if (/\bfrom\b/.test(caminhos))
    return 'A Zenvia recusou o remetente: informe nas configurações de SMS o remetente exatamente como aparece na conta Zenvia.';
  if (/\b(contents|text)\b/.test(caminhos))
    return 'A Zenvia recusou o texto do SMS (vazio ou longo demais): revise o modelo de mensagem.';
  return 'A Zenvia recusou o SMS por dados inválidos.';
};

const classificar = (
  status: number,
  corpo: CorpoDeErro | undefined,
): { transitorio: boolean; explicacao: string } => {
  if (status === 401) return { transitorio: false, explicacao: TOKEN };
  if (status === 403) return { transitorio: false, explicacao: PERMISSAO };
  if (status === 429) return { transitorio: true, explicacao: LIMITE };
  if (status >= 500) return { transitorio: true, explicacao: SERVICO };
  if (status === 400) return { transitorio: false, explicacao: explicarValidacao(corpo) };
  return { transitorio: false, explicacao: `A API da Zenvia recusou a chamada (HTTP ${status}).` };
};

const DETALHE_MAX = 300;

/** Zenvia's own words, for the admin who opens a ticket with them. */
const detalheDa = (corpo: CorpoDeErro | undefined): string => {
  const partes = [
    corpo?.message,
    ...(corpo?.details ?? []).map((d) => [d.path, d.message].filter(Boolean).join(': ')),
  ].filter((p): p is string => Boolean(p));
  return partes.length > 0 ? partes.join('; ').slice(0, DETALHE_MAX) : 'sem detalhes na resposta';
};

/** A non-2xx answer (or any answer that is not JSON) classified; `codigo` is Zenvia's, or `http_<status>`. */
export const erroDaRespostaZenvia = (status: number, json: unknown): ErroZenvia => {
  if (json === undefined) return { codigo: `http_${status}`, mensagem: naoJson(status), transitorio: true };
  const corpo = corpoDeErro.safeParse(json).data;
  const classe = classificar(status, corpo);
  return {
    codigo: corpo?.code ?? `http_${status}`,
    mensagem: `${classe.explicacao} Detalhe da Zenvia (${corpo?.code ?? `HTTP ${status}`}): ${detalheDa(corpo)}`,
    transitorio: classe.transitorio,
  };
};
