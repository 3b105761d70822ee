import { calcularAcordo, descontoMaximoCentavos, type PlanoAcordo } from './acordo.ts';

// Self-service plans (docs/produto.md §22): what the customer's portal may offer on its own, within
// the admin's policy. Integer cents throughout; the API stores the chosen plan with the same
// agreement arithmetic an operator's agreement uses (acordo.ts).

export type FaixaDesconto = {
  aPartirDeDias: number;
  encargosPercentual: number;
  principalPercentual: number;
};

export type PoliticaPortal = {
  parcelasMaximas: number;
  parcelaMinimaCentavos: number;
  intervaloDias: number;
  faixas: readonly FaixaDesconto[];
};

/** One open receivable as the plans see it: principal still open, encargos owed today, days overdue. */
export type ContaDoPlano = { principalCentavos: number; encargosCentavos: number; diasAtraso: number };

const SEM_DESCONTO: FaixaDesconto = { aPartirDeDias: 0, encargosPercentual: 0, principalPercentual: 0 };

/** The tier of `diasAtraso`: the one starting latest at or before it (none: no discount). */
export const faixaDoAtraso = (diasAtraso: number, faixas: readonly FaixaDesconto[]): FaixaDesconto =>
  faixas
    .filter((f) => f.aPartirDeDias <= diasAtraso)
    .reduce<FaixaDesconto | null>(
      (melhor, f) => (!melhor || f.aPartirDeDias > melhor.aPartirDeDias ? f : melhor),
      null,
    ) ?? SEM_DESCONTO;

/** The discount the portal grants: per receivable, its tier's shares of its encargos and principal, rounded down. */
export const descontoDoPortal = (contas: readonly ContaDoPlano[], faixas: readonly FaixaDesconto[]): number =>
  contas.reduce((soma, c) => {
    const faixa = faixaDoAtraso(c.diasAtraso, faixas);
    return (
      soma +
      descontoMaximoCentavos(c.encargosCentavos, faixa.encargosPercentual) +
      descontoMaximoCentavos(c.principalCentavos, faixa.principalPercentual)
    );
  }, 0);

/**
 * Every plan the policy allows, from à vista (always offered while something is owed) up to the most
 * instalments whose smallest one still reaches the minimum. The first instalment falls due `hoje`:
 * the portal shows its PIX at once. `mensal`: the plans as automatic debit makes them (acordo.ts), the
 * same plans, due on the same day of each month with the remainder on the first.
 */
export const planosDoPortal = (
  contas: readonly ContaDoPlano[],
  politica: PoliticaPortal,
  hoje: string,
  { mensal = false }: { mensal?: boolean } = {},
): PlanoAcordo[] => {
  const saldosCentavos = contas.map((c) => c.principalCentavos + c.encargosCentavos);
  const original = saldosCentavos.reduce((s, c) => s + c, 0);
  const descontoCentavos = Math.min(descontoDoPortal(contas, politica.faixas), Math.max(0, original - 1));
  const total = original - descontoCentavos;
  if (contas.length === 0 || total <= 0) return [];
  const planos: PlanoAcordo[] = [];
  for (let parcelas = 1; parcelas <= politica.parcelasMaximas; parcelas += 1) {
    if (parcelas > 1 && Math.floor(total / parcelas) < politica.parcelaMinimaCentavos) break;
    planos.push(
      calcularAcordo({
        saldosCentavos,
        encargosCentavos: contas.reduce((s, c) => s + c.encargosCentavos, 0),
        descontoCentavos,
        parcelas,
        primeiroVencimento: hoje,
        intervaloDias: politica.intervaloDias,
        mensal,
      }),
    );
  }
  return planos;
};
