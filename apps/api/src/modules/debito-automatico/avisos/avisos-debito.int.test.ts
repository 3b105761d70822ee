import { formatarDataBr, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../../test/build-test-app.ts';
import { filaOciosa } from '../../../../test/fila.ts';
import { cobrancaPixContas, cobrancasPix, mensagens, recorrenciasPix } from '../../../db/schema/index.ts';
import { dadosDoEmail } from '../../canais/email/dados-do-email.ts';
import { atualizacaoDe } from '../../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { executarPassada } from '../../regua/motor.ts';
import {
  configurar,
  em,
  enviosDaConta,
  JANELA_SEMPRE,
  mensagensRegua,
  montarMotor,
} from '../../regua/regua.test-fixtures.ts';
import {
  type AcordoSimulado,
  acordoComDebitoSimulado,
  parcelasDoAcordo,
  simularDebito,
} from '../cobranca/debito-simulado.test-fixtures.ts';

// While an agreement is in automatic debit the customer hears only of the debit (docs/pix-automatico.md
// §5): the régua leaves its instalments alone, each scheduled debit gets a notice, an instalment the debit
// gave up gets a notice with its own PIX and is collected again; the terms' e-mail shows journey 3's code.

let t: TestApp;
let ana: TestUser;
let token: string;
const hoje = hojeNoFuso(new Date());
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador');
  token = await issueToken(t.database, ana.id);
});
afterAll(() => t.close());
beforeEach(() => configurar(db(), { janela_envio: JANELA_SEMPRE }));

const acordo = async () => {
  const a = await acordoComDebitoSimulado(t, token, ana.id, 'Lia Débito');
  return { ...a, parcelas: await parcelasDoAcordo(t, a.negociacaoId) };
};

const simular = async (a: AcordoSimulado, acao: string) => {
  const r = await simularDebito(t, token, a, acao);
  expect(r.statusCode, r.body).toBe(200);
  await filaOciosa(t.app);
};

const avisos = (clienteId: number, tipo: 'aviso_debito' | 'debito_recusado') =>
  db()
    .select()
    .from(mensagens)
    .where(and(eq(mensagens.clienteId, clienteId), eq(mensagens.templateTipo, tipo)))
    .orderBy(asc(mensagens.id));

/** A planning pass (then sending) on `data`, the régua's default steps firing on their days. */
const planejarEm = async (data: string) => {
  const { deps } = montarMotor(db(), em(data, '10:00'));
  await executarPassada(deps);
};

describe('the régua beside an automatic debit', () => {
  it('sends no collection message for an instalment in debit, and collects it again once the debit ends', async () => {
    const a = await acordo();
    await simular(a, 'aprovar');
    const segunda = a.parcelas[1];
    if (!segunda) throw new Error('sem 2ª parcela');
    // The default régua reminds 3 days before and on the due date.
    await planejarEm(somarDias(segunda.vencimento, -3));
    await planejarEm(segunda.vencimento);
    expect(await mensagensRegua(db(), a.clienteId)).toEqual([]);

    await simular(a, 'cancelar');
    await planejarEm(segunda.vencimento);
    const [cobranca] = await mensagensRegua(db(), a.clienteId);
    expect(cobranca).toMatchObject({ templateTipo: 'vencimento', enviadaEm: expect.any(Date) });
    // It carries the instalment's ordinary charge, made when the debit ended.
    const [daSegunda] = await db()
      .select({ txid: cobrancasPix.txid, tipo: cobrancasPix.tipo })
      .from(cobrancasPix)
      .innerJoin(cobrancaPixContas, eq(cobrancaPixContas.cobrancaId, cobrancasPix.id))
      .where(and(eq(cobrancaPixContas.contaId, segunda.id), eq(cobrancasPix.status, 'ativa')));
    expect(daSegunda?.tipo).not.toBe('cobr');
    expect(cobranca?.pixTxid).toBe(daSegunda?.txid);
  });

  it('withdraws a collection message planned before the instalment went into debit', async () => {
    const a = await acordo();
    const segunda = a.parcelas[1];
    if (!segunda) throw new Error('sem 2ª parcela');
    // Awaiting approval, the instalment is already the debit's: the planner skips it too.
    await planejarEm(somarDias(segunda.vencimento, -3));
    expect(await enviosDaConta(db(), segunda.id)).toEqual([]);
    // A message planned by hand (as before the agreement had the debit) is withdrawn when it would go.
    const [planejada] = await db()
      .insert(mensagens)
      .values({
        clienteId: a.clienteId,
        telefone: '+5511987650002',
        direcao: 'saida',
        origem: 'regua',
        status: 'pendente',
        conteudo: 'Sua parcela vence em 3 dias.',
        canal: 'whatsapp',
        provedor: 'simulador',
        templateTipo: 'lembrete',
      })
      .returning({ id: mensagens.id });
    await db().execute(
      `INSERT INTO regua_envios (conta_id, etapa_dias, mensagem_id, status, data_referencia)
       VALUES (${segunda.id}, -3, ${planejada?.id}, 'planejado', '${hoje}')`,
    );
    const { deps, chamadas } = montarMotor(db(), new Date());
    await executarPassada(deps, undefined, { planejar: false, enviar: true });
    const [depois] = await db()
      .select()
      .from(mensagens)
      .where(eq(mensagens.id, planejada?.id ?? 0));
    expect(depois).toMatchObject({
      status: 'cancelada',
      erroMensagem:
        'Uma das parcelas da mensagem passou ao débito automático; o cliente recebe só o aviso do débito.',
    });
    expect(chamadas.get(planejada?.id ?? 0)).toBeUndefined();
  });
});

describe("the customer's notices", () => {
  it('a scheduled debit sends one notice, without a PIX, inside the sending window', async () => {
    const a = await acordo();
    await simular(a, 'aprovar');
    const segunda = a.parcelas[1];
    if (!segunda) throw new Error('sem 2ª parcela');
    // A window some hours away from now, São Paulo time.
    const hora = Number(
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', timeZone: 'America/Sao_Paulo' }).format(new Date()),
    );
    const faixa = hora < 12 ? { inicio: '20:00', fim: '21:00' } : { inicio: '06:00', fim: '07:00' };
    await configurar(db(), {
      janela_envio: { dias_uteis: faixa, sabado: faixa, domingo: faixa, feriados_nacionais: true },
    });
    await simular(a, 'debitar');
    const [aviso, ...outros] = await avisos(a.clienteId, 'aviso_debito');
    expect(outros).toEqual([]);
    expect(aviso).toMatchObject({ origem: 'sistema', pixTxid: null, valorCentavos: 10_000 });
    expect(aviso?.conteudo).toContain(
      `A parcela de R$ 100,00 do seu acordo será debitada por PIX Automático em ${formatarDataBr(segunda.vencimento)}`,
    );
    expect(aviso?.conteudo).not.toContain('PIX copia e cola');
    // Left to the outbox for the window's next opening, not held for an immediate send.
    expect(aviso?.bloqueadaAte).toBeNull();
    expect(aviso?.envioIniciadoEm).toBeNull();
    expect(aviso?.proximaTentativaEm?.getTime()).toBeGreaterThan(Date.now());
  });

  it('an instalment the debit gave up gets a notice with its own PIX, and the régua collects it', async () => {
    const a = await acordo();
    await simular(a, 'aprovar');
    for (let i = 0; i < 4; i += 1) await simular(a, 'recusar_debito');
    const segunda = a.parcelas[1];
    if (!segunda) throw new Error('sem 2ª parcela');
    const [avulsa] = await db()
      .select({ txid: cobrancasPix.txid, codigo: cobrancasPix.pixCopiaECola })
      .from(cobrancasPix)
      .innerJoin(cobrancaPixContas, eq(cobrancaPixContas.cobrancaId, cobrancasPix.id))
      .where(
        and(
          eq(cobrancaPixContas.contaId, segunda.id),
          eq(cobrancasPix.status, 'ativa'),
          eq(cobrancasPix.origem, 'acordo'),
        ),
      );
    if (!avulsa?.codigo) throw new Error('sem PIX avulso');
    const [aviso, ...outros] = await avisos(a.clienteId, 'debito_recusado');
    expect(outros).toEqual([]);
    expect(aviso).toMatchObject({ pixTxid: avulsa.txid });
    expect(aviso?.conteudo).toContain('Não conseguimos debitar pelo PIX Automático a parcela de R$ 100,00');
    expect(aviso?.conteudo).toContain(avulsa.codigo);

    // Out of the debit now: the régua's due-date message carries the same one-off PIX.
    await planejarEm(segunda.vencimento);
    const [cobranca] = await mensagensRegua(db(), a.clienteId);
    expect(cobranca).toMatchObject({ templateTipo: 'vencimento', pixTxid: avulsa.txid });
  });

  it("the terms' e-mail shows journey 3's code as its QR", async () => {
    const a = await acordo();
    const [rec] = await db()
      .select()
      .from(recorrenciasPix)
      .where(eq(recorrenciasPix.negociacaoId, a.negociacaoId));
    const [termos] = await db()
      .select()
      .from(mensagens)
      .where(and(eq(mensagens.clienteId, a.clienteId), eq(mensagens.templateTipo, 'negociacao')));
    if (!rec?.pixCopiaECola || !termos) throw new Error('sem código da jornada 3 ou sem termos');
    expect(termos.pixTxid).toBe(rec.txidJornada);
    const dados = await dadosDoEmail(
      db(),
      termos.id,
      atualizacaoDe(await buscarSistemaSettings(db()), new Date()),
    );
    expect(dados.pixCopiaECola).toBe(rec.pixCopiaECola);
  });
});
