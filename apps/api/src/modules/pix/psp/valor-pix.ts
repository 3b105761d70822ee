// Amounts as the API Pix and the BR Code write them: reais with a dot and two decimals ("123.45").
// Integer arithmetic both ways, so no binary float ever touches a PIX amount.

export const valorPix = (centavos: number): string => {
  if (!Number.isInteger(centavos) || centavos < 0)
    throw new Error('valor do PIX deve ser inteiro em centavos');
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
};

/** "123.45" (or "123.4", "123") → 12345. Throws on anything else. */
export const centavosDoValorPix = (valor: string): number => {
  const partes = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(valor);
  if (!partes) throw new Error(`valor PIX inválido: ${valor.slice(0, 20)}`);
  return Number(partes[1]) * 100 + Number((partes[2] ?? '').padEnd(2, '0'));
};
