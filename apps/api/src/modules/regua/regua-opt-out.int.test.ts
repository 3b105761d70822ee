import { CANAIS, type SistemaSettings, sistemaSettings } from '@cobranca/contracts';
import { somarDias } from '@cobranca/dominio';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { clientes, mensagens } from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { receberMensagem } from '../mensagens/receber-mensagem.service.ts';
import { pararMensagens } from '../portal/contato-portal.ts';
import { executarPassada } from './motor.ts';
import { configurar, em, JANELA_SEMPRE, mensagensRegua, montarMotor } from './regua.test-fixtures.ts';

// Opting out stops everything (docs/produto.md §12): after "SAIR" on the channel or "Não quero mais
// receber mensagens" on the portal, no planned message ever reaches the customer, on any channel,
// however generous the contact caps, even once an operator puts the customer back in automation.

let database: Database;

beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(() => database.close());

const INICIO = '2026-12-01';
type Pedir = (db: Database['db'], telefone: string, clienteId: number) => Promise<void>;

const sairPeloCanal: Pedir = async (db, telefone, clienteId) => {
  await receberMensagem(db, {
    canal: 'whatsapp',
    provedor: 'whatsapp_cloud',
    telefone,
    conteudo: 'SAIR',
    canalMensagemId: `wamid.optout-${clienteId}`,
    recebidaEm: em(INICIO, '09:00'),
  });
};
const pararNoPortal: Pedir = async (db, _telefone, clienteId) => {
  await pararMensagens(db, clienteId, { agora: em(INICIO, '09:00'), ip: '203.0.113.9' });
};

// Both requests, one under tight contact caps and one under generous ones.
const CASOS: { via: string; pedir: Pedir; limite: string; limites: SistemaSettings['limites_contato'] }[] = [
  { via: 'SAIR pelo canal', pedir: sairPeloCanal, limite: 'justos', limites: { por_dia: 1, por_semana: 2 } },
  { via: 'o portal', pedir: pararNoPortal, limite: 'folgados', limites: { por_dia: 10, por_semana: 30 } },
];

describe('an opted-out customer', () => {
  for (const canal of CANAIS)
    for (const { via, pedir, limite, limites: limites_contato } of CASOS)
      it(`gets nothing for 30 days after opting out through ${via} (canal ${canal}, limites ${limite})`, async () => {
        const { db } = database;
        // Every step goes through the channel under test.
        const regua = sistemaSettings.parse({}).regua.map((etapa) => ({ ...etapa, canais: [canal] }));
        await configurar(db, {
          janela_envio: JANELA_SEMPRE,
          limites_contato,
          tentativas_com_falhas: 20,
          regua,
        });
        const telefone = '+5511987654321';
        const id = await inserirCliente(db, { nome: 'Olga Optou', telefone, email: 'olga@example.com' });
        // Receivables whose steps fall on many of the next days.
        for (const dias of [-20, -10, -3, 0, 2, 5, 9, 14])
          await inserirConta(db, {
            clienteId: id,
            valorCentavos: 10_000,
            vencimento: somarDias(INICIO, dias),
          });
        // A message planned that morning, before the request, waits in the outbox.
        const { deps, relogio, chamadas } = montarMotor(db, em(INICIO, '08:00'), undefined, {
          todosOsCanais: true,
        });
        await executarPassada(deps, undefined, { planejar: true, enviar: false });
        const [planejada] = await mensagensRegua(db, id);
        expect(planejada).toMatchObject({ status: 'pendente', canal });

        await pedir(db, telefone, id);
        // The operator returns the customer to automation: the opt-out still holds.
        await db.update(clientes).set({ status: 'ativo', aguardandoDesde: null }).where(eq(clientes.id, id));
        const [optou] = await db.select().from(clientes).where(eq(clientes.id, id));
        expect(optou?.optOutEm).not.toBeNull();

        relogio.avancar(2 * 3_600_000);
        for (let dia = 0; dia < 30; dia += 1) {
          await executarPassada(deps);
          relogio.avancar(24 * 3_600_000);
        }
        const doCliente = await mensagensRegua(db, id);
        expect(doCliente.map((m) => m.status)).toEqual(['cancelada']);
        expect(chamadas.size).toBe(0);
        const saidas = await db.select().from(mensagens).where(eq(mensagens.clienteId, id));
        expect(saidas.filter((m) => m.direcao === 'saida' && m.enviadaEm !== null)).toEqual([]);
      });
});
