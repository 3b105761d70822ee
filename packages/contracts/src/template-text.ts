import type { TemplateTipo } from './domain.ts';
import { COBRANCA_TIPOS, TEMPLATE_PLACEHOLDERS, type TemplatePlaceholder } from './mensagens.ts';

// Pure rules of message-template text, shared by the API (validation, sending) and the web (preview).

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Names inside `{{ }}`, in order of appearance, duplicates kept out. */
export const placeholdersIn = (texto: string): string[] => [
  ...new Set([...texto.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')),
];

const isKnown = (name: string): name is TemplatePlaceholder =>
  (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);

/** Problems that make a template unusable; an empty list means it may be saved. */
export const templateErrors = (tipo: TemplateTipo, texto: string): string[] => {
  const errors: string[] = [];
  const unknown = placeholdersIn(texto).filter((name) => !isKnown(name));
  if (unknown.length > 0)
    errors.push(`Marcadores desconhecidos: ${unknown.map((n) => `{{${n}}}`).join(', ')}.`);
  const stray = texto.replace(PLACEHOLDER, '');
  if (stray.includes('{{') || stray.includes('}}'))
    errors.push('Há chaves {{ }} abertas ou fechadas sem par.');
  if ((COBRANCA_TIPOS as readonly string[]).includes(tipo)) {
    const used = new Set(placeholdersIn(texto));
    if (!used.has('empresa') || !used.has('empresa_documento')) {
      errors.push(
        'Mensagens de cobrança devem identificar o credor com {{empresa}} e {{empresa_documento}} (CDC, art. 42-A).',
      );
    }
  }
  return errors;
};

// Wording that exposes, threatens or humiliates the debtor (CDC, art. 42). Whole words, matched
// accent- and case-insensitively; a trailing `*` also matches longer forms (negativado, negativação).
const CDC_TERMOS: readonly [termo: string, motivo: string][] = [
  ['calote*', 'termo humilhante'],
  ['vergonha*', 'termo humilhante'],
  ['mau pagador', 'termo humilhante'],
  ['policia', 'ameaça'],
  ['prisao', 'ameaça'],
  ['preso', 'ameaça'],
  ['cadeia', 'ameaça'],
  ['delegacia', 'ameaça'],
  ['crime', 'ameaça'],
  ['processo judicial', 'ameaça de ação judicial'],
  ['processar', 'ameaça de ação judicial'],
  ['justica', 'ameaça de ação judicial'],
  ['penhora*', 'ameaça de ação judicial'],
  ['protest*', 'ameaça de protesto'],
  ['negativ*', 'ameaça de negativação'],
  ['serasa', 'ameaça de negativação'],
  ['spc', 'ameaça de negativação'],
  ['ultimo aviso', 'pressão indevida'],
  ['ultima chance', 'pressão indevida'],
  ['familia', 'exposição a terceiros'],
  ['familiares', 'exposição a terceiros'],
  ['vizinh*', 'exposição a terceiros'],
  ['empregador', 'exposição a terceiros'],
  ['seu trabalho', 'exposição a terceiros'],
];

const semAcento = (texto: string) => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const padrao = (termo: string) =>
  termo.endsWith('*') ? new RegExp(`\\b${termo.slice(0, -1)}\\w*`, 'u') : new RegExp(`\\b${termo}\\b`, 'u');
const PADROES = CDC_TERMOS.map(([termo, motivo]) => ({ motivo, regex: padrao(termo) }));

/** Warnings (not errors) about wording the CDC forbids in collection, naming the word found; saving still goes ahead. */
export const avisosCdc = (texto: string): string[] => {
  const normalizado = semAcento(texto);
  return PADROES.flatMap(({ motivo, regex }) => {
    const encontrado = regex.exec(normalizado)?.[0];
    return encontrado
      ? [
          `Evite "${encontrado}" (${motivo}): o CDC, art. 42, proíbe cobrança que exponha o consumidor ao ridículo ou o ameace.`,
        ]
      : [];
  });
};

export type TemplateValores = Partial<Record<TemplatePlaceholder, string>>;

/** Fills the placeholders; unknown or missing ones become empty, and blank lines left by them collapse. */
export const renderTemplate = (texto: string, valores: TemplateValores): string =>
  texto
    .replace(PLACEHOLDER, (_match, name: string) => (isKnown(name) ? (valores[name] ?? '') : ''))
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Sample data for the live preview on the templates screen. */
export const TEMPLATE_EXEMPLO: Required<TemplateValores> = {
  nome: 'Maria Oliveira',
  valor: 'R$ 1.234,56',
  vencimento: '15/12/2026',
  dias_atraso: '5',
  quantidade: '2',
  atraso: '5 dias',
  faturas: '2 faturas',
  total: 'R$ 2.469,12',
  empresa: 'Empresa Demonstração Ltda',
  empresa_documento: '11.222.333/0001-81',
  parcelas: '2 parcelas',
  lista_parcelas: '1ª parcela de R$ 1.234,56 em 15/12/2026\n2ª parcela de R$ 1.234,56 em 14/01/2027',
  link: 'https://cobranca.suaempresa.com.br/p/q7V2mX9bLcT4nR8sK1wYzA5eHj3uPd6F',
  pix: 'PIX copia e cola:\n00020126360014BR.GOV.BCB.PIX0114+5511999999999520400005303986540512.345802BR5913EMPRESA DEMO6009SAO PAULO62070503***6304ABCD',
};
