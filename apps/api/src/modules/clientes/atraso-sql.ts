import { diaDaSemana, feriadosNacionais } from '@cobranca/dominio';
import { type SQL, sql } from 'drizzle-orm';

// `diasDeAtraso` (docs/produto.md §7, decision 036) in SQL, for the lists' filters and order: the due
// date moves to the next business day, read from the domain's holiday calendar, never a second copy
// of its rules. The weekday holidays of 1990–2100 cover every open receivable: an older one is
// prescribed, and a due date later than today is never overdue whatever the calendar says.
const ANOS = { de: 1990, ate: 2100 };

const FERIADOS_EM_DIA_DE_SEMANA = `{${Array.from({ length: ANOS.ate - ANOS.de + 1 }, (_, i) => [
  ...feriadosNacionais(ANOS.de + i),
])
  .flat()
  .filter((data) => diaDaSemana(data) !== 0 && diaDaSemana(data) !== 6)
  .join(',')}}`;

/**
 * Days overdue on `hoje` of the due date `vencimento` yields (a scalar subquery or column; null → 0).
 * No run of non-business days is longer than a week, so the next business day is within 14 days.
 */
export const diasDeAtrasoSql = (vencimento: SQL, hoje: string): SQL =>
  sql`coalesce((select greatest(0, ${hoje}::date - min(d)::date) from (select ${vencimento} as v) venc, generate_series(venc.v, venc.v + 14, interval '1 day') d where extract(isodow from d) < 6 and d::date <> all(${FERIADOS_EM_DIA_DE_SEMANA}::date[])), 0)`;
