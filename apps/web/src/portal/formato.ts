// The few formats the portal shows, written here rather than imported from @cobranca/dominio: its
// index also loads @date-fns/tz, whose top-level code ships with any import and would grow the page.
// Same text as dominio's formatarReais/formatarDataBr/contagem (the back office's), and a calendar
// date `AAAA-MM-DD` never goes through Date, so no time zone shifts it; instants (a lock's end, a
// PIX's validity) are shown in the customer's own clock.

/** Reais from the API (two decimals) → `R$ 1.234,56`, through integer cents (no float noise). */
export const reais = (valor: number): string => {
  const centavos = Math.round(valor * 100);
  const abs = Math.abs(centavos);
  const inteiros = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${centavos < 0 ? '-' : ''}R$ ${inteiros},${String(abs % 100).padStart(2, '0')}`;
};

/** `AAAA-MM-DD` → `dd/mm/aaaa`; anything else unchanged. */
export const dataBr = (data: string): string => {
  const [ano, mes, dia] = data.slice(0, 10).split('-');
  return ano && mes && dia ? `${dia}/${mes}/${ano}` : data;
};

/** A CPF's or CNPJ's digits (or an alphanumeric CNPJ) with its punctuation; anything else as given. */
export const documento = (valor: string): string => {
  const d = valor.replace(/[.\-/\s]/g, '').toUpperCase();
  if (/^\d{11}$/.test(d)) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(d))
    return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return valor;
};

const diaLocal = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const horaLocal = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

/** An ISO instant → its day in the browser's zone, `dd/mm/aaaa`. */
export const diaDoInstante = (instante: string | Date): string => diaLocal.format(new Date(instante));

/** An ISO instant → its time in the browser's zone, `HH:MM`. */
export const horaDoInstante = (instante: string | Date): string => horaLocal.format(new Date(instante));

const regras = new Intl.PluralRules('pt-BR');
const inteiro = new Intl.NumberFormat('pt-BR');

/** `1 dia`, `12 dias`, `1.234 dias`; zero takes the plural, as the back office says it. */
export const contagem = (n: number, um: string, varios: string): string =>
  `${inteiro.format(n)} ${n !== 0 && regras.select(n) === 'one' ? um : varios}`;

/** `há 1 dia`, `há 12 dias`. */
export const haDias = (dias: number): string => `há ${contagem(dias, 'dia', 'dias')}`;

export const parcelas = (n: number): string => contagem(n, 'parcela', 'parcelas');

/** `1ª`, `12ª` (parcela is feminine). */
export const ordinal = (n: number): string => `${n}ª`;
