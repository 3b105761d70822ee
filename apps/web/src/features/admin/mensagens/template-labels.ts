import type { TemplatePlaceholder, TemplateTipo } from '@cobranca/contracts';

/** pt-BR names of the template types, shared by the templates screen and the régua settings. */
export const TIPO_LABELS: Record<TemplateTipo, string> = {
  lembrete: 'Lembrete',
  vencimento: 'Vencimento',
  atraso: 'Atraso',
  negociacao: 'Negociação',
  agradecimento: 'Agradecimento',
  aviso_debito: 'Aviso de débito',
  debito_recusado: 'Débito recusado',
};

/** What each placeholder turns into, shown as the chip's tooltip. */
export const PLACEHOLDER_DESCRICOES: Record<TemplatePlaceholder, string> = {
  nome: 'Nome do cliente',
  valor: 'Valor da conta',
  vencimento: 'Data de vencimento',
  dias_atraso: 'Dias em atraso',
  quantidade: 'Quantidade de contas em aberto',
  atraso: 'Dias em atraso, com a palavra ("1 dia", "18 dias")',
  faturas: 'Faturas em aberto, com a palavra ("1 fatura", "3 faturas")',
  total: 'Total em aberto',
  empresa: 'Nome da empresa credora',
  empresa_documento: 'CNPJ/CPF da empresa credora',
  pix: 'Código PIX copia e cola',
  parcelas: 'Parcelas do acordo, por extenso (ex.: 3 parcelas)',
  lista_parcelas: 'Uma linha por parcela do acordo, com valor e vencimento',
  link: 'Link do portal: link pessoal do cliente para pagar ou negociar',
};
