import type { PortalConta, PortalCredor, PortalParcela, SistemaSettings } from '@cobranca/contracts';
import { centavosParaReais, formatarLinhaDigitavel } from '@cobranca/dominio';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contasReceber, negociacoes } from '../../db/schema/index.ts';
import { codigoDeBarrasSvg } from '../../lib/codigo-de-barras.ts';
import { ClientesDoOperador } from '../clientes/clientes-operador.repository.ts';
import { ESCOPO_SISTEMA } from '../clientes/escopo-operador.ts';
import { type Atualizacao, encargosDaConta } from '../clientes/valor-atualizado.ts';
import type { ContaRow } from '../negociacoes/negociacoes.repository.ts';

// What every portal route reads about the session's customer. The session names the customer; the
// system scope only means "no operator filter": nothing here takes an id from the request.

export const credorDe = ({ empresa }: SistemaSettings): PortalCredor => ({
  nome: empresa.nome,
  documento: empresa.documento,
  contato: empresa.contato,
});

export const clienteDaSessao = (db: DbOrTx, clienteId: number, opts: { forUpdate?: boolean } = {}) =>
  new ClientesDoOperador(db, ESCOPO_SISTEMA).buscarVisivelOrThrow(clienteId, opts);

/** An open receivable at today's updated amount, in cents. */
export type ContaAtualizada = {
  conta: ContaRow;
  principalCentavos: number;
  multaCentavos: number;
  jurosCentavos: number;
  totalCentavos: number;
  diasAtraso: number;
};

export const atualizar = (conta: ContaRow, atualizacao: Atualizacao): ContaAtualizada => {
  const e = encargosDaConta(conta, atualizacao);
  return {
    conta,
    principalCentavos: conta.valorCentavos - conta.valorPagoCentavos,
    multaCentavos: e.multaCentavos,
    jurosCentavos: e.jurosCentavos,
    totalCentavos: e.totalCentavos,
    diasAtraso: e.diasAtraso,
  };
};

/** The customer's open receivables, oldest due first, at today's amounts. */
export const contasAbertasAtualizadas = async (
  db: DbOrTx,
  clienteId: number,
  atualizacao: Atualizacao,
): Promise<ContaAtualizada[]> => {
  const contas = await db
    .select()
    .from(contasReceber)
    .where(and(eq(contasReceber.clienteId, clienteId), eq(contasReceber.status, 'aberta')))
    .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id));
  return contas.map((c) => atualizar(c, atualizacao));
};

export const paraPortalConta = (c: ContaAtualizada): PortalConta => ({
  id: c.conta.id,
  descricao: c.conta.descricao,
  vencimento: c.conta.vencimento,
  dias_atraso: c.diasAtraso,
  principal: centavosParaReais(c.principalCentavos),
  multa: centavosParaReais(c.multaCentavos),
  juros: centavosParaReais(c.jurosCentavos),
  total: centavosParaReais(c.totalCentavos),
  boleto:
    c.conta.linhaDigitavel && c.conta.codigoBarras
      ? {
          linha_digitavel: formatarLinhaDigitavel(c.conta.linhaDigitavel),
          codigo_barras_svg: codigoDeBarrasSvg(c.conta.codigoBarras),
        }
      : null,
});

/** The customer's agreement in progress (the newest `ativa`), with every instalment. */
export const acordoEmAndamento = async (
  db: DbOrTx,
  clienteId: number,
): Promise<{ id: number; parcelas: ContaRow[] } | null> => {
  const [acordo] = await db
    .select({ id: negociacoes.id })
    .from(negociacoes)
    .where(and(eq(negociacoes.clienteId, clienteId), eq(negociacoes.status, 'ativa')))
    .orderBy(desc(negociacoes.id))
    .limit(1);
  if (!acordo) return null;
  const parcelas = await db
    .select()
    .from(contasReceber)
    .where(
      and(
        eq(contasReceber.clienteId, clienteId),
        eq(contasReceber.negociacaoId, acordo.id),
        eq(contasReceber.origem, 'acordo'),
      ),
    )
    .orderBy(asc(contasReceber.vencimento), asc(contasReceber.id));
  return { id: acordo.id, parcelas };
};

export const paraPortalParcela = (conta: ContaRow, numero: number): PortalParcela => ({
  numero,
  vencimento: conta.vencimento,
  valor: centavosParaReais(conta.valorCentavos),
  paga: conta.status === 'paga',
});
