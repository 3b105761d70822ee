import {
  type AcordosDebito,
  type CarteiraAtraso,
  DIAS_ACORDO_QUEBRADO,
  FAIXAS_ATRASO,
  type FaixaAtraso,
  MENSAGEM_STATUSES_ENVIADA,
  type RecuperacaoOperadores,
  type RecuperacaoRegua,
  type TemplateTipo,
  type UserStatus,
} from '@cobranca/contracts';
import { centavosParaReais, somarDias, ultimoVencimentoComAtraso } from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import type { PeriodoDias } from './dashboard-calculos.ts';

/*
 * The team lead's view (docs/produto.md §15; docs/decisions/021-visao-do-gestor.md). One statement per
 * block, set-based, over half-open ranges ([de, ate + 1 day) for dates, São Paulo midnights for instants).
 * - Carteira por atraso: open receivables today by days overdue (`diasDeAtraso`, as the lists'
 *   "dias em atraso"), principal only (valor − valor_pago): encargos need the business-day calendar per
 *   receivable, so they stay out of SQL, and the buckets add up to "Valores em aberto".
 * - Recuperação por operador: payments by `data` in the period credited to the customer's operator at
 *   payment time (pagamentos.operador_id, decision 037); customers concluded in the period (status
 *   `concluido`, last payment created in the period — the lists' "concluído em") to that payment's
 *   operator; promises
 *   resolved (resolvida_em) in the period to whoever recorded the promise. Null → sem_operador, so the
 *   rows always add up to the period's total.
 * - Recuperação por etapa da régua: régua messages sent (enviada_em) in the period, by step and
 *   template; each payment dated on the send day up to `dias` days later counts once, for the latest
 *   such message to its customer (last touch), so steps never count the same payment twice.
 * - Acordos cumpridos × quebrados (docs/pix-automatico.md §7): agreements of 2+ instalments created in the
 *   period, split by whether a PIX Automático recurrence was ever approved for them.
 */

const ENVIADA = sql.raw(MENSAGEM_STATUSES_ENVIADA.map((s) => `'${s}'`).join(', '));
const numero = (v: unknown): number => Number(v ?? 0);

type LinhaFaixa = { faixa: FaixaAtraso; contas: unknown; clientes: unknown; centavos: unknown };
type LinhaPrescritas = { contas: unknown; clientes: unknown; centavos: unknown };

/**
 * Open receivables by days overdue as of `hoje` (index-only over contas_receber_abertas_cliente_idx):
 * each bucket's bound is a due date from the domain's `diasDeAtraso` (decision 036), so a debt due on a
 * Saturday is counted from Monday as on every screen. The prescribed ones apart, from their own index.
 */
export const carteiraPorAtraso = async (db: DbOrTx, hoje: string): Promise<CarteiraAtraso> => {
  const ate = (dias: number) => ultimoVencimentoComAtraso(hoje, dias + 1);
  const linhas = linhasDe<LinhaFaixa>(
    await db.execute(sql`
      SELECT faixa, count(*) AS contas, count(DISTINCT cliente_id) AS clientes, sum(aberto)::bigint AS centavos
      FROM (
        SELECT cliente_id, valor_centavos - valor_pago_centavos AS aberto,
          CASE
            WHEN vencimento > ${ate(30)}::date THEN '0-30'
            WHEN vencimento > ${ate(60)}::date THEN '31-60'
            WHEN vencimento > ${ate(90)}::date THEN '61-90'
            ELSE '90+'
          END AS faixa
        FROM contas_receber
        WHERE status = 'aberta'
      ) abertas
      GROUP BY faixa`),
  );
  const [prescritas] = linhasDe<LinhaPrescritas>(
    await db.execute(sql`
      SELECT count(*) AS contas, count(DISTINCT cliente_id) AS clientes,
        coalesce(sum(valor_centavos - valor_pago_centavos), 0)::bigint AS centavos
      FROM contas_receber WHERE status = 'prescrita'`),
  );
  const porFaixa = new Map(linhas.map((l) => [l.faixa, l]));
  const faixas = FAIXAS_ATRASO.map((faixa) => {
    const l = porFaixa.get(faixa);
    return { faixa, contas: numero(l?.contas), clientes: numero(l?.clientes), centavos: numero(l?.centavos) };
  });
  const totalCentavos = faixas.reduce((s, f) => s + f.centavos, 0);
  return {
    hoje,
    faixas: faixas.map(({ centavos, ...f }) => ({ ...f, valor: centavosParaReais(centavos) })),
    total_contas: faixas.reduce((s, f) => s + f.contas, 0),
    total_valor: centavosParaReais(totalCentavos),
    prescritas: {
      contas: numero(prescritas?.contas),
      clientes: numero(prescritas?.clientes),
      valor: centavosParaReais(numero(prescritas?.centavos)),
    },
  };
};

type LinhaOperador = {
  operador_id: number | null;
  name: string | null;
  status: UserStatus | null;
  centavos: unknown;
  pagamentos: unknown;
  concluidos: unknown;
  cumpridas: unknown;
  quebradas: unknown;
};

type Soma = {
  centavos: number;
  pagamentos: number;
  clientes_concluidos: number;
  promessas_cumpridas: number;
  promessas_quebradas: number;
};
const ZERO: Soma = {
  centavos: 0,
  pagamentos: 0,
  clientes_concluidos: 0,
  promessas_cumpridas: 0,
  promessas_quebradas: 0,
};
const somar = (a: Soma, b: Soma): Soma => ({
  centavos: a.centavos + b.centavos,
  pagamentos: a.pagamentos + b.pagamentos,
  clientes_concluidos: a.clientes_concluidos + b.clientes_concluidos,
  promessas_cumpridas: a.promessas_cumpridas + b.promessas_cumpridas,
  promessas_quebradas: a.promessas_quebradas + b.promessas_quebradas,
});
const emReais = ({ centavos, ...resto }: Soma) => ({ valor_cobrado: centavosParaReais(centavos), ...resto });

/**
 * Every operator (blocked ones too) plus anyone else credited with something in the period, and the
 * unattributed row (operador_id null). Three grouped ranges joined on the operator.
 */
export const recuperacaoPorOperador = async (
  db: DbOrTx,
  periodo: PeriodoDias,
): Promise<RecuperacaoOperadores> => {
  const { dataInicio, dataFim } = periodo;
  const inicio = periodo.inicio.toISOString();
  const fim = periodo.fim.toISOString();
  const linhas = linhasDe<LinhaOperador>(
    await db.execute(sql`
      WITH pag AS (
        SELECT operador_id, sum(valor_centavos)::bigint AS centavos, count(*) AS pagamentos
        FROM pagamentos
        WHERE data >= ${dataInicio}::date AND data < ${dataFim}::date
        GROUP BY operador_id
      ),
      ultimo AS (
        SELECT DISTINCT ON (p.cliente_id) p.cliente_id, p.operador_id
        FROM pagamentos p
        JOIN clientes c ON c.id = p.cliente_id AND c.status = 'concluido'
        WHERE p.created_at >= ${inicio}::timestamptz AND p.created_at < ${fim}::timestamptz
          AND NOT EXISTS (
            SELECT 1 FROM pagamentos depois
            WHERE depois.cliente_id = p.cliente_id AND depois.created_at >= ${fim}::timestamptz
          )
        ORDER BY p.cliente_id, p.created_at DESC, p.id DESC
      ),
      conc AS (SELECT operador_id, count(*) AS concluidos FROM ultimo GROUP BY operador_id),
      prom AS (
        SELECT operador_id,
          count(*) FILTER (WHERE status = 'cumprida') AS cumpridas,
          count(*) FILTER (WHERE status = 'quebrada') AS quebradas
        FROM promessas
        WHERE resolvida_em >= ${inicio}::timestamptz AND resolvida_em < ${fim}::timestamptz
        GROUP BY operador_id
      ),
      chaves AS (
        SELECT id AS operador_id FROM usuarios WHERE role = 'operador'
        UNION SELECT operador_id FROM pag
        UNION SELECT operador_id FROM conc
        UNION SELECT operador_id FROM prom
      )
      SELECT k.operador_id, u.name, u.status,
        coalesce(pag.centavos, 0) AS centavos, coalesce(pag.pagamentos, 0) AS pagamentos,
        coalesce(conc.concluidos, 0) AS concluidos,
        coalesce(prom.cumpridas, 0) AS cumpridas, coalesce(prom.quebradas, 0) AS quebradas
      FROM chaves k
      LEFT JOIN usuarios u ON u.id = k.operador_id
      LEFT JOIN pag ON pag.operador_id IS NOT DISTINCT FROM k.operador_id
      LEFT JOIN conc ON conc.operador_id IS NOT DISTINCT FROM k.operador_id
      LEFT JOIN prom ON prom.operador_id IS NOT DISTINCT FROM k.operador_id`),
  );
  const soma = (l: LinhaOperador): Soma => ({
    centavos: numero(l.centavos),
    pagamentos: numero(l.pagamentos),
    clientes_concluidos: numero(l.concluidos),
    promessas_cumpridas: numero(l.cumpridas),
    promessas_quebradas: numero(l.quebradas),
  });
  const semOperador = linhas.find((l) => l.operador_id === null);
  const operadores = linhas
    .filter((l) => l.operador_id !== null)
    .map((l) => ({ id: numero(l.operador_id), name: l.name ?? '', status: l.status ?? 'Ativo', ...soma(l) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id);
  const semOperadorSoma = semOperador ? soma(semOperador) : ZERO;
  const total = operadores.reduce<Soma>((s, o) => somar(s, o), semOperadorSoma);
  return {
    periodo: { de: dataInicio, ate: periodo.dataUltimo },
    operadores: operadores.map(({ id, name, status, ...s }) => ({ id, name, status, ...emReais(s) })),
    sem_operador: emReais(semOperadorSoma),
    total: emReais(total),
  };
};

type LinhaEtapa = {
  total: boolean;
  etapa_dias: unknown;
  template_tipo: TemplateTipo | null;
  mensagens: unknown;
  clientes: unknown;
  centavos: unknown;
};

/** Régua messages of the period by (step, template) with the payments they were the last touch of. */
export const recuperacaoPorEtapa = async (
  db: DbOrTx,
  periodo: PeriodoDias,
  dias: number,
  fuso: string,
): Promise<RecuperacaoRegua> => {
  const inicio = periodo.inicio.toISOString();
  const fim = periodo.fim.toISOString();
  const linhas = linhasDe<LinhaEtapa>(
    await db.execute(sql`
      WITH envios AS (
        SELECT DISTINCT ON (m.id) m.id, m.cliente_id, m.template_tipo, e.etapa_dias, m.enviada_em,
          (m.enviada_em AT TIME ZONE ${fuso})::date AS dia
        FROM mensagens m
        JOIN regua_envios e ON e.mensagem_id = m.id
        WHERE m.direcao = 'saida' AND m.origem = 'regua' AND m.status IN (${ENVIADA})
          AND m.enviada_em >= ${inicio}::timestamptz AND m.enviada_em < ${fim}::timestamptz
        ORDER BY m.id, e.etapa_dias
      ),
      atribuidos AS (
        SELECT DISTINCT ON (p.id) p.id, p.cliente_id, p.valor_centavos, e.id AS mensagem_id
        FROM envios e
        JOIN pagamentos p ON p.cliente_id = e.cliente_id AND p.data >= e.dia AND p.data <= e.dia + ${dias}::int
        ORDER BY p.id, e.enviada_em DESC, e.id DESC
      )
      SELECT grouping(e.etapa_dias) = 1 AS total, e.etapa_dias, e.template_tipo,
        count(DISTINCT e.id) AS mensagens, count(DISTINCT a.cliente_id) AS clientes,
        coalesce(sum(a.valor_centavos), 0)::bigint AS centavos
      FROM envios e
      LEFT JOIN atribuidos a ON a.mensagem_id = e.id
      GROUP BY GROUPING SETS ((e.etapa_dias, e.template_tipo), ())
      ORDER BY e.etapa_dias, e.template_tipo`),
  );
  // The grand-total row (empty grouping set) counts each customer once, whatever the steps.
  const total = linhas.find((l) => l.total);
  const etapas = linhas
    .filter((l) => !l.total)
    .map((l) => ({
      etapa_dias: numero(l.etapa_dias),
      template_tipo: l.template_tipo,
      mensagens: numero(l.mensagens),
      clientes_pagaram: numero(l.clientes),
      centavos: numero(l.centavos),
    }));
  return {
    periodo: { de: periodo.dataInicio, ate: periodo.dataUltimo },
    dias,
    etapas: etapas.map(({ centavos, ...e }) => ({ ...e, valor_pago: centavosParaReais(centavos) })),
    total: {
      mensagens: numero(total?.mensagens),
      clientes_pagaram: numero(total?.clientes),
      valor_pago: centavosParaReais(numero(total?.centavos)),
    },
  };
};

type LinhaAcordos = { com_debito: boolean; mantidos: unknown; quebrados: unknown };

/**
 * Agreements of 2+ instalments created in the period, kept or broken as of `hoje` (a calendar day in
 * the configured zone), with and without automatic debit. Broken: status `quebrada`, or `ativa` with an
 * instalment still open DIAS_ACORDO_QUEBRADO or more days after its due date. Kept: `cumprida`, or
 * `ativa` without such an instalment. `cancelada` counts in neither. "Com débito": a recurrence was
 * approved at some point (aprovada_em), even if cancelled since — the feature's effect is what is
 * measured. One statement; the instalments by contas_receber_negociacao_idx.
 */
export const acordosPorDebito = async (
  db: DbOrTx,
  periodo: PeriodoDias,
  hoje: string,
): Promise<AcordosDebito> => {
  const inicio = periodo.inicio.toISOString();
  const fim = periodo.fim.toISOString();
  // Due on or before this day and still open: DIAS_ACORDO_QUEBRADO or more days past due today.
  const vencidaAte = somarDias(hoje, -DIAS_ACORDO_QUEBRADO);
  const linhas = linhasDe<LinhaAcordos>(
    await db.execute(sql`
      WITH acordos AS (
        SELECT n.status,
          EXISTS (
            SELECT 1 FROM recorrencias_pix r WHERE r.negociacao_id = n.id AND r.aprovada_em IS NOT NULL
          ) AS com_debito,
          EXISTS (
            SELECT 1 FROM contas_receber c
            WHERE c.negociacao_id = n.id AND c.origem = 'acordo' AND c.status = 'aberta'
              AND c.vencimento <= ${vencidaAte}::date
          ) AS atrasado
        FROM negociacoes n
        WHERE n.parcelas >= 2 AND n.status IN ('ativa', 'cumprida', 'quebrada')
          AND n.created_at >= ${inicio}::timestamptz AND n.created_at < ${fim}::timestamptz
      )
      SELECT com_debito,
        count(*) FILTER (WHERE status = 'cumprida' OR (status = 'ativa' AND NOT atrasado)) AS mantidos,
        count(*) FILTER (WHERE status = 'quebrada' OR (status = 'ativa' AND atrasado)) AS quebrados
      FROM acordos
      GROUP BY com_debito`),
  );
  const grupo = (comDebito: boolean) => {
    const l = linhas.find((x) => x.com_debito === comDebito);
    return { mantidos: numero(l?.mantidos), quebrados: numero(l?.quebrados) };
  };
  return {
    periodo: { de: periodo.dataInicio, ate: periodo.dataUltimo },
    hoje,
    acordos: { com_debito: grupo(true), sem_debito: grupo(false) },
  };
};
