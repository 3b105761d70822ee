const isoHoje = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's business date (`YYYY-MM-DD`) in America/Sao_Paulo (PRODUCT §9). */
export const hoje = (): string => isoHoje.format(new Date());

/** `YYYY-MM-DD` plus whole calendar days, with no time-zone shift. */
export const addDias = (iso: string, dias: number): string => {
  const [ano = 0, mes = 1, dia = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(ano, mes - 1, dia + dias)).toISOString().slice(0, 10);
};

/** Reais → integer cents, so money arithmetic never uses binary fractions. */
export const toCentavos = (reais: number): number => Math.round(reais * 100);

/**
 * What a person types as money in Brazil (`1.234,56`, `100,5`, `100`, or `100.50`) → reais, or NaN.
 * A comma is always the decimal mark; without one, a dot followed by 1–2 final digits is too.
 */
export const parseReais = (texto: string): number => {
  const limpo = texto.replace(/[R$\s]/g, '');
  if (!limpo) return Number.NaN;
  const normal = limpo.includes(',')
    ? limpo.replace(/\./g, '').replace(',', '.')
    : /^\d+\.\d{1,2}$/.test(limpo)
      ? limpo
      : limpo.replace(/\./g, '');
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
};

/** Reais → the text a money field shows (`1234,5` → `1234,50`). */
export const reaisParaTexto = (reais: number): string => reais.toFixed(2).replace('.', ',');

export const primeiroNome = (nome: string): string => nome.trim().split(/\s+/)[0] ?? nome;
