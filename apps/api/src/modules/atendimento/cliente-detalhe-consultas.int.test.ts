import { type ClienteDetalhe, sistemaSettings } from '@cobranca/contracts';
import { calcularEncargos, diasDeAtraso, ENCARGOS_PADRAO, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { espiarConsultas } from '../../../test/consultas-espiadas.ts';
import {
  chamadas,
  clientes,
  contasReceber,
  negociacaoContas,
  negociacoes,
  pagamentos,
  pixRecebidos,
  promessas,
} from '../../db/schema/index.ts';
import { inserirCliente, inserirConta, inserirMensagem } from '../clientes/clientes.test-fixtures.ts';
import { salvarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';

// Issue 18: the customer workspace comes from one statement (cliente-detalhe.repository.ts). The whole
// answer is pinned here, children of every kind in their order, amounts and timestamps included, so the
// JSON aggregates must give what separate selects gave.

let t: TestApp;
let ana: TestUser;
let bruno: TestUser;
let tokenAna: string;
let tokenBruno: string;

// Not the defaults (2 % and 1 %): the settings read inside the statement must be the stored ones.
const PERCENTUAIS = { multaPercentual: 1.5, jurosMensalPercentual: 3 };
const hoje = hojeNoFuso(new Date());
const dia = (dias: number) => somarDias(hoje, dias);
// Microseconds in the database: the driver's Date keeps milliseconds (truncated), so must the JSON path.
const instante = (texto: string) => sql`${texto}::timestamptz`;

type Ids = {
  cliente: number;
  aVencer: number;
  vencida: number;
  comPendentes: number;
  paga: number;
  negociada1: number;
  negociada2: number;
  parcela1: number;
  parcela2: number;
  acordo: number;
  acordoCancelado: number;
  pagamentoBoleto: number;
  pagamentoPix: number;
  pagamentoDinheiro: number;
  pix1: number;
  pix2: number;
  promessa1: number;
  promessa2: number;
  chamadaAna: number;
  chamadaSemOperador: number;
  chamadaBruno: number;
};

const primeiroId = (rows: { id: number }[]) => {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

/** A customer of Ana with rows of every kind, plus another customer's rows that must not show. */
const montarCliente = async (): Promise<Ids> => {
  const db = t.database.db;
  const cliente = await inserirCliente(db, {
    nome: 'Cliente Completo',
    status: 'em_atendimento',
    operadorId: ana.id,
    telefone: '+5511977776666',
  });
  await db
    .update(clientes)
    .set({
      email: 'completo@exemplo.com.br',
      etiquetas: ['vip', 'prefere ligação'],
      numeroChamadas: 2,
      optOutEm: instante('2026-02-03 04:05:06.789999-03'),
      optOutMensagem: 'PARAR',
    })
    .where(eq(clientes.id, cliente));
  const conta = (valorCentavos: number, vencimento: string, status?: 'paga' | 'negociada') =>
    inserirConta(db, { clienteId: cliente, valorCentavos, vencimento, ...(status ? { status } : {}) });

  const aVencer = await conta(12_345, dia(10));
  const vencida = await inserirConta(db, {
    clienteId: cliente,
    valorCentavos: 10_000,
    valorPagoCentavos: 2_500,
    vencimento: dia(-40),
  });
  const comPendentes = await conta(5_000, dia(-20));
  await db
    .update(contasReceber)
    .set({
      valorPagoCentavos: 1_000,
      multaPendenteCentavos: 150,
      jurosPendentesCentavos: 30,
      encargosAte: dia(-10),
    })
    .where(eq(contasReceber.id, comPendentes));
  const paga = await conta(7_000, dia(-60), 'paga');
  const negociada1 = await conta(20_000, dia(-90), 'negociada');
  const negociada2 = await conta(30_000, dia(-80), 'negociada');

  const acordo = primeiroId(
    await db
      .insert(negociacoes)
      .values({
        clienteId: cliente,
        operadorId: ana.id,
        status: 'ativa',
        valorOriginalCentavos: 52_000,
        encargosCentavos: 2_000,
        descontoCentavos: 1_000,
        encargosDispensadosCentavos: 1_000,
        valorTotalCentavos: 51_000,
        parcelas: 2,
        primeiroVencimento: dia(-5),
        intervaloDias: 30,
        observacao: 'Entrada no PIX',
        createdAt: instante('2026-01-10 09:00:00.654321-03'),
      })
      .returning({ id: negociacoes.id }),
  );
  const acordoCancelado = primeiroId(
    await db
      .insert(negociacoes)
      .values({
        clienteId: cliente,
        operadorId: bruno.id,
        status: 'cancelada',
        valorOriginalCentavos: 50_000,
        valorTotalCentavos: 50_000,
        parcelas: 1,
        primeiroVencimento: dia(-30),
        intervaloDias: 30,
        createdAt: instante('2025-12-01 08:00:00.000001-03'),
      })
      .returning({ id: negociacoes.id }),
  );
  // Inserted out of id order: contas_ids come sorted.
  await db.insert(negociacaoContas).values([
    { negociacaoId: acordo, contaId: negociada2, valorCentavos: 31_000 },
    { negociacaoId: acordo, contaId: negociada1, valorCentavos: 21_000 },
  ]);
  const parcela = async (numero: string, vencimento: string, status: 'aberta' | 'paga') =>
    primeiroId(
      await db
        .insert(contasReceber)
        .values({
          clienteId: cliente,
          origem: 'acordo',
          numeroParcela: numero,
          negociacaoId: acordo,
          descricao: `Acordo parcela ${numero}`,
          valorCentavos: 25_500,
          vencimento,
          status,
          valorPagoCentavos: status === 'paga' ? 25_500 : 0,
          pagoEm: status === 'paga' ? dia(-1) : null,
        })
        .returning({ id: contasReceber.id }),
    );
  const parcela2 = await parcela('2/2', dia(25), 'aberta');
  const parcela1 = await parcela('1/2', dia(-5), 'paga');

  const pix = async (e2e: string, clienteId: number, valor: number, credito: number, horario: string) =>
    primeiroId(
      await db
        .insert(pixRecebidos)
        .values({
          endToEndId: e2e,
          clienteId,
          valorCentavos: valor,
          creditoCentavos: credito,
          horario: instante(horario),
          situacao: credito > 0 ? 'sem_correspondencia' : 'conciliado',
          origem: 'webhook',
        })
        .returning({ id: pixRecebidos.id }),
    );
  const pix1 = await pix('E2E-DETALHE-1', cliente, 25_500, 0, '2026-03-04 10:11:12.345678-03');
  const pix2 = await pix('E2E-DETALHE-2', cliente, 1_999, 499, '2026-03-05 10:11:12.000999-03');

  const pagamento = async (valores: Partial<PgInsertValue<typeof pagamentos>> & { contaId: number }) =>
    primeiroId(
      await db
        .insert(pagamentos)
        .values({
          clienteId: cliente,
          valorCentavos: 0,
          principalCentavos: 0,
          data: dia(-1),
          forma: 'boleto',
          ...valores,
        })
        .returning({ id: pagamentos.id }),
    );
  const pagamentoBoleto = await pagamento({
    contaId: paga,
    operadorId: ana.id,
    valorCentavos: 7_000,
    principalCentavos: 7_000,
    data: dia(-55),
    observacao: 'Boleto compensado',
    createdAt: instante('2026-01-02 03:04:05.999999-03'),
  });
  const pagamentoPix = await pagamento({
    contaId: parcela1,
    valorCentavos: 25_500,
    principalCentavos: 25_500,
    forma: 'pix',
    pixRecebidoId: pix1,
    createdAt: instante('2026-03-04 10:11:13.5-03'),
  });
  // Same date as the PIX one: the newer id comes first.
  const pagamentoDinheiro = await pagamento({
    contaId: vencida,
    operadorId: bruno.id,
    valorCentavos: 2_600,
    principalCentavos: 2_500,
    multaCentavos: 60,
    jurosCentavos: 40,
    forma: 'dinheiro',
    createdAt: instante('2026-03-04 11:00:00-03'),
  });

  const promessa = async (data: string, valor: number, status: 'pendente' | 'cumprida', criada: string) =>
    primeiroId(
      await db
        .insert(promessas)
        .values({
          clienteId: cliente,
          operadorId: ana.id,
          data,
          valorCentavos: valor,
          status,
          createdAt: instante(criada),
        })
        .returning({ id: promessas.id }),
    );
  const promessa1 = await promessa(dia(3), 10_050, 'pendente', '2026-03-01 12:00:00.123456-03');
  const promessa2 = await promessa(dia(-20), 5_000, 'cumprida', '2026-02-01 12:00:00-03');

  const chamada = async (operadorId: number | null, resultado: 'atendida' | 'nao_atendida', criada: string) =>
    primeiroId(
      await db
        .insert(chamadas)
        .values({
          clienteId: cliente,
          operadorId,
          resultado,
          observacao: resultado === 'atendida' ? 'Prometeu pagar' : null,
          createdAt: instante(criada),
        })
        .returning({ id: chamadas.id }),
    );
  const chamadaAna = await chamada(ana.id, 'atendida', '2026-03-02 09:30:00.5-03');
  const chamadaSemOperador = await chamada(null, 'nao_atendida', '2026-03-01 09:30:00-03');
  const chamadaBruno = await chamada(bruno.id, 'nao_atendida', '2026-03-03 09:30:00.000001-03');

  await inserirMensagem(db, {
    clienteId: cliente,
    direcao: 'saida',
    conteudo: 'Lembrete',
    createdAt: new Date('2026-03-05T10:00:00Z'),
  });
  // The newest by id, though not by time: the header shows the last one written.
  await inserirMensagem(db, {
    clienteId: cliente,
    direcao: 'entrada',
    conteudo: 'Já paguei',
    createdAt: new Date('2026-03-01T10:00:00.321Z'),
  });

  // Another customer of Ana with rows of its own: none of them may leak into this one's workspace.
  const outro = await inserirCliente(db, { nome: 'Outro', status: 'em_atendimento', operadorId: ana.id });
  const contaOutro = await inserirConta(db, { clienteId: outro, valorCentavos: 999, vencimento: dia(-3) });
  await pix('E2E-OUTRO', outro, 999, 0, '2026-03-06 00:00:00-03');
  await db.insert(pagamentos).values({
    clienteId: outro,
    contaId: contaOutro,
    valorCentavos: 1,
    principalCentavos: 1,
    data: dia(-1),
    forma: 'pix',
  });
  await db.insert(promessas).values({ clienteId: outro, data: dia(1), valorCentavos: 1 });
  await db.insert(chamadas).values({ clienteId: outro, resultado: 'atendida' });
  await inserirMensagem(db, { clienteId: outro, direcao: 'entrada', conteudo: 'de outro' });

  return {
    cliente,
    aVencer,
    vencida,
    comPendentes,
    paga,
    negociada1,
    negociada2,
    parcela1,
    parcela2,
    acordo,
    acordoCancelado,
    pagamentoBoleto,
    pagamentoPix,
    pagamentoDinheiro,
    pix1,
    pix2,
    promessa1,
    promessa2,
    chamadaAna,
    chamadaSemOperador,
    chamadaBruno,
  };
};

let ids: Ids;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  bruno = await createTestUser(t.database, 'operador', { name: 'Bruno Operador' });
  tokenAna = await issueToken(t.database, ana.id);
  tokenBruno = await issueToken(t.database, bruno.id);
  await salvarSistemaSettings(
    t.database.db,
    sistemaSettings.parse({
      encargos: {
        multa_percentual: PERCENTUAIS.multaPercentual,
        juros_mensal_percentual: PERCENTUAIS.jurosMensalPercentual,
      },
    }),
    null,
  );
  ids = await montarCliente();
});
afterAll(() => t.close());

const detalhe = (token: string, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/operador/clientes/${id}`, headers: bearer(token) });

const encargos = (
  principalCentavos: number,
  vencimento: string,
  pendentes: { multa: number; juros: number; ate: string } | null = null,
) =>
  calcularEncargos(
    {
      principalCentavos,
      vencimento,
      pendentes: pendentes && {
        multaCentavos: pendentes.multa,
        jurosCentavos: pendentes.juros,
        ate: pendentes.ate,
      },
    },
    hoje,
    PERCENTUAIS,
  );

const contaEsperada = (
  id: number,
  campos: {
    valor: number;
    vencimento: string;
    status?: 'aberta' | 'paga' | 'negociada';
    valorPago?: number;
    origem?: 'manual' | 'acordo';
    numeroParcela?: string | null;
    descricao?: string;
    negociacaoId?: number | null;
    pagoEm?: string | null;
    encargos?: ReturnType<typeof encargos> | null;
  },
) => {
  const status = campos.status ?? 'aberta';
  const valorPago = campos.valorPago ?? 0;
  const e = campos.encargos ?? null;
  return {
    id,
    cliente_id: ids.cliente,
    origem: campos.origem ?? 'manual',
    chave_nfe: null,
    numero_parcela: campos.numeroParcela ?? null,
    descricao: campos.descricao ?? 'Parcela de teste',
    valor: campos.valor / 100,
    valor_pago: valorPago / 100,
    saldo: status === 'aberta' ? (campos.valor - valorPago) / 100 : 0,
    multa: (e?.multaCentavos ?? 0) / 100,
    juros: (e?.jurosCentavos ?? 0) / 100,
    valor_atualizado: (e?.totalCentavos ?? 0) / 100,
    vencimento: campos.vencimento,
    status,
    pago_em: campos.pagoEm ?? null,
    dias_atraso: 0,
    negociacao_id: campos.negociacaoId ?? null,
    banco: null,
    nosso_numero: null,
    linha_digitavel: null,
    codigo_barras: null,
  };
};

describe('GET /api/operador/clientes/:id in one statement', () => {
  it('answers the whole workspace: every child kind, in order, with exact amounts and timestamps', async () => {
    const response = await detalhe(tokenAna, ids.cliente);
    expect(response.statusCode, response.body).toBe(200);

    const eVencida = encargos(7_500, dia(-40));
    const eComPendentes = encargos(4_000, dia(-20), { multa: 150, juros: 30, ate: dia(-10) });
    const eAVencer = encargos(12_345, dia(10));
    const eParcela2 = encargos(25_500, dia(25));
    const contas = [
      { ...contaEsperada(ids.negociada1, { valor: 20_000, vencimento: dia(-90), status: 'negociada' }) },
      { ...contaEsperada(ids.negociada2, { valor: 30_000, vencimento: dia(-80), status: 'negociada' }) },
      {
        ...contaEsperada(ids.paga, { valor: 7_000, vencimento: dia(-60), status: 'paga', pagoEm: dia(-60) }),
      },
      {
        ...contaEsperada(ids.vencida, {
          valor: 10_000,
          valorPago: 2_500,
          vencimento: dia(-40),
          encargos: eVencida,
        }),
        dias_atraso: diasDeAtraso(dia(-40), hoje),
      },
      {
        ...contaEsperada(ids.comPendentes, {
          valor: 5_000,
          valorPago: 1_000,
          vencimento: dia(-20),
          encargos: eComPendentes,
        }),
        dias_atraso: diasDeAtraso(dia(-20), hoje),
      },
      {
        ...contaEsperada(ids.parcela1, {
          valor: 25_500,
          valorPago: 25_500,
          vencimento: dia(-5),
          status: 'paga',
          origem: 'acordo',
          numeroParcela: '1/2',
          descricao: 'Acordo parcela 1/2',
          negociacaoId: ids.acordo,
          pagoEm: dia(-1),
        }),
      },
      { ...contaEsperada(ids.aVencer, { valor: 12_345, vencimento: dia(10), encargos: eAVencer }) },
      {
        ...contaEsperada(ids.parcela2, {
          valor: 25_500,
          vencimento: dia(25),
          origem: 'acordo',
          numeroParcela: '2/2',
          descricao: 'Acordo parcela 2/2',
          negociacaoId: ids.acordo,
          encargos: eParcela2,
        }),
      },
    ];
    // The stored percentages make a difference the answer has to show.
    expect(eVencida.totalCentavos).not.toBe(
      calcularEncargos(
        { principalCentavos: 7_500, vencimento: dia(-40), pendentes: null },
        hoje,
        ENCARGOS_PADRAO,
      ).totalCentavos,
    );

    const esperado: ClienteDetalhe = {
      id: ids.cliente,
      nome: 'Cliente Completo',
      documento: expect.any(String) as unknown as string,
      telefone: '+5511977776666',
      status: 'em_atendimento',
      numero_chamadas: 2,
      total_em_aberto:
        (eVencida.totalCentavos +
          eComPendentes.totalCentavos +
          eAVencer.totalCentavos +
          eParcela2.totalCentavos) /
        100,
      dias_atraso: diasDeAtraso(dia(-40), hoje),
      ultima_mensagem: {
        conteudo: 'Já paguei',
        direcao: 'entrada',
        origem: 'cliente',
        status: 'recebida',
        canal: 'whatsapp',
        erro: null,
        proxima_tentativa_em: null,
        created_at: '2026-03-01T10:00:00.321Z',
      },
      operador: { id: ana.id, name: 'Ana Operadora' },
      aguardando_desde: null,
      email: 'completo@exemplo.com.br',
      documento_tipo: 'cpf',
      pausa_motivo: null,
      opt_out: { em: '2026-02-03T07:05:06.789Z', mensagem: 'PARAR', canal: null },
      canal_preferido: null,
      // The simulator stands for e-mail and SMS until the admin configures them: all three are usable.
      canais: [
        { canal: 'whatsapp', endereco: '+5511977776666' },
        { canal: 'email', endereco: 'completo@exemplo.com.br' },
        { canal: 'sms', endereco: '+5511977776666' },
      ].map((c) => ({
        ...c,
        disponivel: true,
        opt_out_em: null,
        devolvido_em: null,
        motivo: null,
      })) as ClienteDetalhe['canais'],
      portal: { valido_ate: null, revogado_em: null },
      base_legal: 'execucao_contrato',
      origem_contato: 'manual',
      etiquetas: ['vip', 'prefere ligação'],
      contas,
      negociacoes: [
        {
          id: ids.acordo,
          status: 'ativa',
          valor_original: 520,
          encargos: 20,
          desconto: 10,
          encargos_dispensados: 10,
          valor_total: 510,
          parcelas: 2,
          primeiro_vencimento: dia(-5),
          intervalo_dias: 30,
          observacao: 'Entrada no PIX',
          created_at: '2026-01-10T12:00:00.654Z',
          contas_ids: [ids.negociada1, ids.negociada2],
          parcelas_ids: [ids.parcela2, ids.parcela1],
          debito_automatico: null,
        },
        {
          id: ids.acordoCancelado,
          status: 'cancelada',
          valor_original: 500,
          encargos: 0,
          desconto: 0,
          encargos_dispensados: 0,
          valor_total: 500,
          parcelas: 1,
          primeiro_vencimento: dia(-30),
          intervalo_dias: 30,
          observacao: null,
          created_at: '2025-12-01T11:00:00.000Z',
          contas_ids: [],
          parcelas_ids: [],
          debito_automatico: null,
        },
      ],
      pagamentos: [
        {
          id: ids.pagamentoDinheiro,
          conta_id: ids.vencida,
          valor: 26,
          principal: 25,
          multa: 0.6,
          juros: 0.4,
          data: dia(-1),
          forma: 'dinheiro',
          observacao: null,
          created_at: '2026-03-04T14:00:00.000Z',
          operador: { id: bruno.id, name: 'Bruno Operador' },
        },
        {
          id: ids.pagamentoPix,
          conta_id: ids.parcela1,
          valor: 255,
          principal: 255,
          multa: 0,
          juros: 0,
          data: dia(-1),
          forma: 'pix',
          observacao: null,
          created_at: '2026-03-04T13:11:13.500Z',
          operador: null,
        },
        {
          id: ids.pagamentoBoleto,
          conta_id: ids.paga,
          valor: 70,
          principal: 70,
          multa: 0,
          juros: 0,
          data: dia(-55),
          forma: 'boleto',
          observacao: 'Boleto compensado',
          created_at: '2026-01-02T06:04:05.999Z',
          operador: { id: ana.id, name: 'Ana Operadora' },
        },
      ],
      promessas: [
        {
          id: ids.promessa1,
          data: dia(3),
          valor: 100.5,
          status: 'pendente',
          created_at: '2026-03-01T15:00:00.123Z',
        },
        {
          id: ids.promessa2,
          data: dia(-20),
          valor: 50,
          status: 'cumprida',
          created_at: '2026-02-01T15:00:00.000Z',
        },
      ],
      chamadas: [
        {
          id: ids.chamadaBruno,
          resultado: 'nao_atendida',
          observacao: null,
          created_at: '2026-03-03T12:30:00.000Z',
          operador: { id: bruno.id, name: 'Bruno Operador' },
        },
        {
          id: ids.chamadaAna,
          resultado: 'atendida',
          observacao: 'Prometeu pagar',
          created_at: '2026-03-02T12:30:00.500Z',
          operador: { id: ana.id, name: 'Ana Operadora' },
        },
        {
          id: ids.chamadaSemOperador,
          resultado: 'nao_atendida',
          observacao: null,
          created_at: '2026-03-01T12:30:00.000Z',
          operador: null,
        },
      ],
      pix_recebidos: [
        {
          end_to_end_id: 'E2E-DETALHE-2',
          valor: 19.99,
          valor_liquidado: 15,
          credito: 4.99,
          horario: '2026-03-05T13:11:12.000Z',
        },
        {
          end_to_end_id: 'E2E-DETALHE-1',
          valor: 255,
          valor_liquidado: 255,
          credito: 0,
          horario: '2026-03-04T13:11:12.345Z',
        },
      ],
    };
    expect(response.json()).toStrictEqual(esperado);
  });

  it('runs at most two statements besides the session lookup, for the workspace and for a customer out of scope (404)', async () => {
    const consultas = espiarConsultas(t.database);
    try {
      const response = await detalhe(tokenAna, ids.cliente);
      expect(response.statusCode, response.body).toBe(200);
      const feitas = consultas.semSessao();
      expect(feitas.length, feitas.join('\n\n')).toBeLessThanOrEqual(2);

      consultas.limpar();
      // Bruno's scope: the same statement finds no row, a 404 like a missing customer.
      const alheio = await detalhe(tokenBruno, ids.cliente);
      expect(alheio.statusCode).toBe(404);
      expect(alheio.json()).toEqual({ code: 'CLIENTE_NAO_ENCONTRADO', message: 'Cliente não encontrado.' });
      const alheias = consultas.semSessao();
      expect(alheias.length, alheias.join('\n\n')).toBeLessThanOrEqual(2);
    } finally {
      consultas.restaurar();
    }
  });

  it('updates its amounts with the settings of the moment: a change between two reads shows in the second', async () => {
    const atualizado = async () =>
      ((await detalhe(tokenAna, ids.cliente)).json() as { total_em_aberto: number }).total_em_aberto;
    const salvar = (juros: number) =>
      salvarSistemaSettings(
        t.database.db,
        sistemaSettings.parse({
          encargos: { multa_percentual: PERCENTUAIS.multaPercentual, juros_mensal_percentual: juros },
        }),
        null,
      );
    const antes = await atualizado();
    await salvar(PERCENTUAIS.jurosMensalPercentual + 5);
    try {
      expect(await atualizado()).toBeGreaterThan(antes);
    } finally {
      await salvar(PERCENTUAIS.jurosMensalPercentual);
    }
    expect(await atualizado()).toBe(antes);
  });
});
