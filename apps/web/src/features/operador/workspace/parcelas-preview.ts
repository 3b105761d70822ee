import { somarDias } from '@cobranca/dominio';

export type ParcelaPreview = { numero: number; vencimento: string; centavos: number };

type PreviewInput = {
  totalCentavos: number;
  descontoCentavos: number;
  parcelas: number;
  primeiroVencimento: string;
  intervaloDias: number;
};

/**
 * The agreement's instalments as the server computes them: (total − desconto) split into equal cents,
 * the remainder cents going one each to the first instalments; due dates first + k·interval days.
 * Empty when the numbers do not make an agreement (nothing left to pay, fewer cents than instalments).
 */
export const previewParcelas = ({
  totalCentavos,
  descontoCentavos,
  parcelas,
  primeiroVencimento,
  intervaloDias,
}: PreviewInput): ParcelaPreview[] => {
  const liquido = totalCentavos - descontoCentavos;
  if (!Number.isInteger(parcelas) || parcelas < 1 || liquido < parcelas) return [];
  const base = Math.floor(liquido / parcelas);
  const resto = liquido - base * parcelas;
  return Array.from({ length: parcelas }, (_, k) => ({
    numero: k + 1,
    vencimento: somarDias(primeiroVencimento, k * intervaloDias),
    centavos: base + (k < resto ? 1 : 0),
  }));
};
