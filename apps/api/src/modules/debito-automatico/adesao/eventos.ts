import type { DebitoEvento } from '@cobranca/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { debitoEventos } from '../../../db/schema/index.ts';

// A step of an automatic debit on the customer's timeline (docs/pix-automatico.md §5); its insert also
// tells the customer's open screens (db/gatilhos/eventos-ao-vivo.sql).

export const registrarEventoDebito = async (
  tx: DbOrTx,
  e: {
    recorrenciaId: number;
    clienteId: number;
    evento: DebitoEvento;
    contaId?: number | null;
    detalhe?: string | null;
  },
): Promise<void> => {
  await tx.insert(debitoEventos).values({
    recorrenciaId: e.recorrenciaId,
    clienteId: e.clienteId,
    evento: e.evento,
    contaId: e.contaId ?? null,
    detalhe: e.detalhe ?? null,
  });
};
