import { gerarCpf, hojeNoFuso, somarDias } from '@cobranca/dominio';
import type { DbOrTx } from '../../db/client.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { emitirLink } from '../links-portal/links.ts';

// The customer every portal suite starts from (docs/produto.md §22): a valid document of its own
// (documents are unique), one receivable overdue, and a fresh link.

/** A valid CPF of its own per customer. */
export const novoCpf = () => gerarCpf(Math.random);

export type ClientePortal = { id: number; token: string; documento: string };

export type NovoClientePortal = {
  nome?: string;
  documento?: string;
  valorCentavos?: number;
  diasDeAtraso?: number;
  operadorId?: number | null;
};

/** R$ 1.000,00 forty days overdue unless told otherwise. */
export const clienteComLink = async (db: DbOrTx, opcoes: NovoClientePortal = {}): Promise<ClientePortal> => {
  const documento = opcoes.documento ?? novoCpf();
  const id = await inserirCliente(db, {
    nome: opcoes.nome ?? 'Maria Portal Silva',
    documento,
    operadorId: opcoes.operadorId ?? null,
  });
  await inserirConta(db, {
    clienteId: id,
    valorCentavos: opcoes.valorCentavos ?? 100_000,
    vencimento: somarDias(hojeNoFuso(new Date()), -(opcoes.diasDeAtraso ?? 40)),
  });
  return { id, token: await novoLink(db, id), documento };
};

/** Another link for the customer (a later message). */
export const novoLink = (db: DbOrTx, clienteId: number) =>
  emitirLink(db, { clienteId, mensagemId: null, agora: new Date(), validadeDias: 30 });
