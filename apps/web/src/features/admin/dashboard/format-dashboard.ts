// pt-BR presentation of the dashboard's figures (docs/produto.md §2); percentages use the app-wide
// `formatarPercentual` of @cobranca/dominio.

const inteiro = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const MESES_EXTENSO = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

/** A count → `1.234`. */
export const formatarInteiro = (value: number): string => inteiro.format(value);

/** `2026-11` → `nov/26` (chart axis). */
export const formatarMes = (mes: string): string => {
  const [ano, numero] = mes.split('-');
  const nome = MESES[Number(numero) - 1];
  return ano && nome ? `${nome}/${ano.slice(2)}` : mes;
};

/** `2026-11` → `novembro de 2026` (screen-reader table). */
export const formatarMesExtenso = (mes: string): string => {
  const [ano, numero] = mes.split('-');
  const nome = MESES_EXTENSO[Number(numero) - 1];
  return ano && nome ? `${nome} de ${ano}` : mes;
};
