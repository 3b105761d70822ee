import { type ErroGraph, lerErroGraph } from './graph-api.ts';

// Meta's error codes (docs/formatos-externos.md §4.4) as pt-BR reasons for the admin, and whether the same
// message is worth sending again later (transitorio) or will fail the same way (bad token, number…).

export type ErroCloud = { codigo: string; mensagem: string; transitorio: boolean };

type Classe = { transitorio: boolean; explicacao: string };

const temporaria = (explicacao: string): Classe => ({ transitorio: true, explicacao });
const permanente = (explicacao: string): Classe => ({ transitorio: false, explicacao });

const TOKEN = permanente(
  'O token de acesso da WhatsApp Cloud API é inválido ou expirou: gere um novo (de preferência de um usuário do sistema) e informe-o nas configurações do WhatsApp.',
);
const PERMISSAO = permanente(
  'O token não tem permissão para este número: conceda whatsapp_business_messaging e whatsapp_business_management a ele.',
);
const LIMITE = temporaria(
  'Limite de chamadas ou de envios da Meta atingido: é preciso aguardar antes de tentar de novo.',
);
const SERVICO = temporaria('Falha temporária na API do WhatsApp: vale tentar de novo em instantes.');
const CONTA_BLOQUEADA = permanente(
  'A conta do WhatsApp Business foi bloqueada ou restringida pela Meta por violação de política: verifique o Gerenciador do WhatsApp.',
);
const TEMPLATE_INATIVO = permanente(
  'O template foi pausado ou desativado pela Meta (baixa qualidade): edite-o na Meta ou configure outro template aprovado.',
);

const POR_CODIGO = new Map<number, Classe>([
  [0, TOKEN],
  [190, TOKEN],
  [10, PERMISSAO],
  [
    100,
    permanente(
      'A Meta recusou um parâmetro: confira o Phone Number ID nas configurações do WhatsApp e, num envio, o telefone do cliente.',
    ),
  ],
  [4, LIMITE],
  [80007, LIMITE],
  [130429, LIMITE],
  [
    131056,
    temporaria('Muitas mensagens para este cliente em pouco tempo: a próxima tentativa precisa esperar.'),
  ],
  [131057, temporaria('A conta do WhatsApp Business está em manutenção (costuma levar menos de um minuto).')],
  // The per-user marketing cap resets with time, so a later try can go through.
  [
    131049,
    temporaria(
      'A Meta não entregou agora para preservar a experiência do cliente (limite por usuário): evite conteúdo promocional.',
    ),
  ],
  // Spam limit: it lifts as the number's quality recovers, so the message waits instead of being dropped.
  [
    131048,
    temporaria(
      'A Meta limitou os envios deste número por baixa qualidade (denúncias ou bloqueios): reduza a frequência e revise o conteúdo.',
    ),
  ],
  [1, SERVICO],
  [2, SERVICO],
  [131000, SERVICO],
  [131016, SERVICO],
  [
    131026,
    permanente(
      'Mensagem não entregável: o número não tem WhatsApp, usa uma versão antiga, não aceitou os termos ou bloqueou a empresa.',
    ),
  ],
  [
    131047,
    permanente(
      'Mais de 24 horas desde a última mensagem do cliente: fora dessa janela só um template aprovado pode ser enviado.',
    ),
  ],
  [131050, permanente('O cliente optou por não receber mensagens de marketing desta empresa.')],
  [131051, permanente('Tipo de mensagem não suportado pelo WhatsApp.')],
  [131031, CONTA_BLOQUEADA],
  [368, CONTA_BLOQUEADA],
  [
    132000,
    permanente(
      'O número de parâmetros não corresponde ao template aprovado na Meta: revise as variáveis do template.',
    ),
  ],
  [
    132001,
    permanente(
      'Template inexistente na Meta com esse nome e idioma: confira o nome e o idioma configurados no modelo de mensagem.',
    ),
  ],
  [132015, TEMPLATE_INATIVO],
  [132016, TEMPLATE_INATIVO],
]);

const classeDoCodigo = (code: number): Classe | undefined =>
  POR_CODIGO.get(code) ?? (code >= 200 && code <= 299 ? PERMISSAO : undefined);

// Without a code we know, the HTTP status decides: only overload and outages are worth a retry.
const classeDoStatus = (httpStatus: number): Classe => {
  if (httpStatus === 401) return TOKEN;
  if (httpStatus === 403) return PERMISSAO;
  if (httpStatus === 429) return LIMITE;
  if (httpStatus >= 500) return SERVICO;
  return permanente(`A API do WhatsApp recusou a chamada (HTTP ${httpStatus}).`);
};

/** Classifies a non-2xx answer of the Graph API; `codigo` is Meta's code, or `http_<status>` without one. */
export const classificarErroCloud = (httpStatus: number, erro?: ErroGraph): ErroCloud => {
  const code = erro?.code;
  const classe = (code === undefined ? undefined : classeDoCodigo(code)) ?? classeDoStatus(httpStatus);
  const origem = code === undefined ? `HTTP ${httpStatus}` : `código ${code}`;
  // Meta says titles (`message`) will go away; `details` is the part meant to be read.
  const detalhe = erro?.error_data?.details ?? erro?.message;
  return {
    codigo: code === undefined ? `http_${httpStatus}` : String(code),
    mensagem: `${classe.explicacao} Detalhe da Meta (${origem}): ${detalhe ?? 'sem detalhes na resposta'}`,
    transitorio: classe.transitorio,
  };
};

/** A Graph API answer that is not a success, classified from its status and body (send and check alike). */
export const erroDaRespostaCloud = (httpStatus: number, corpo: unknown): ErroCloud =>
  classificarErroCloud(httpStatus, lerErroGraph(corpo));
