import { readFileSync } from 'node:fs';
import type { ItemRevisaoConciliacao, Paged, ResultadoArquivoBancario } from '@cobranca/contracts';
import {
  formatarLinhaDigitavel,
  hojeNoFuso,
  linhaDoCodigo,
  montarCodigoDeBarras,
  somarDias,
} from '@cobranca/dominio';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { espiarConsultas } from '../../../test/consultas-espiadas.ts';
import { multipart } from '../../../test/multipart.ts';
import {
  arquivosBancarios,
  auditLogs,
  clientes,
  contasReceber,
  lancamentosBancarios,
  mensagens,
  pagamentos,
} from '../../db/schema/index.ts';
import { inserirCliente, inserirConta } from '../clientes/clientes.test-fixtures.ts';
import { type ContaComEncargos, encargosDaConta } from '../clientes/valor-atualizado.ts';
import { abrirFluxo } from '../eventos/eventos.test-fixtures.ts';
import { registrarPixConfirmado } from '../pix/liquidacao/liquidacao.service.ts';
import { configurar } from '../regua/regua.test-fixtures.ts';
import { gerarCnab240, gerarOfx, type TituloRetorno } from './amostras/gerar-arquivos.ts';

// Bank reconciliation through the API (docs/conciliacao.md): retornos and statements settle what is
// certain through the payment path, recognise what was already recorded, never pay twice, refuse bad
// files whole, and leave the rest to an admin's review.

let t: TestApp;
const tokens = { admin: '', operador: '' };
let operadorId = 0;
const hoje = hojeNoFuso(new Date());
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  tokens.admin = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
  operadorId = (await createTestUser(t.database, 'operador')).id;
  tokens.operador = await issueToken(t.database, operadorId);
});
afterAll(() => t.close());

const enviar = (nome: string, conteudo: string | Buffer, token = tokens.admin) => {
  const { payload, headers } = multipart('arquivo', [{ nome, conteudo }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/conciliacao/arquivos',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
};
const importar = async (nome: string, conteudo: string | Buffer) => {
  const r = await enviar(nome, conteudo);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<ResultadoArquivoBancario>();
};

let sequencia = 0;
/** A customer with one open receivable carrying a boleto of bank 341, due in ten days. */
const devedorComBoleto = async (valorCentavos: number, documento?: string) => {
  sequencia += 1;
  const clienteId = await inserirCliente(db(), { nome: `Devedor ${sequencia}`, documento });
  const contaId = await inserirConta(db(), { clienteId, valorCentavos, vencimento: somarDias(hoje, 10) });
  const nossoNumero = String(7_000 + sequencia);
  await db().update(contasReceber).set({ banco: '341', nossoNumero }).where(eq(contasReceber.id, contaId));
  return { clienteId, contaId, nossoNumero };
};
const conta = async (id: number) =>
  (await db().select().from(contasReceber).where(eq(contasReceber.id, id)))[0];
const pagamentosDa = (contaId: number) =>
  db().select().from(pagamentos).where(eq(pagamentos.contaId, contaId));
const liquidacao = (
  nossoNumero: string,
  valor: number,
  extra: Partial<TituloRetorno> = {},
): TituloRetorno => ({
  nossoNumero,
  valorTituloCentavos: valor,
  valorPagoCentavos: valor,
  ocorrencia: hoje,
  credito: hoje,
  ...extra,
});
const retorno = (titulos: TituloRetorno[]) => gerarCnab240({ banco: '341', geradoEm: hoje, titulos });

describe('a boleto retorno (CNAB 240)', () => {
  it('settles the receivable by bank and nosso número, through the payment path (receipt, customer concluded)', async () => {
    const d = await devedorComBoleto(15_000);
    const r = await importar('retorno.ret', retorno([liquidacao(d.nossoNumero, 15_000)]));
    expect(r).toMatchObject({
      formato: 'cnab240',
      banco: '341',
      liquidados: 1,
      em_revisao: 0,
      repetido: false,
    });
    expect(r.linhas[0]).toMatchObject({ situacao: 'liquidado', regra: 'nosso_numero', conta_id: d.contaId });
    expect(await conta(d.contaId)).toMatchObject({ status: 'paga', valorPagoCentavos: 15_000, pagoEm: hoje });
    const [p] = await pagamentosDa(d.contaId);
    expect(p).toMatchObject({
      forma: 'boleto',
      valorCentavos: 15_000,
      lancamentoBancarioId: r.linhas[0]?.id,
    });
    const [c] = await db().select().from(clientes).where(eq(clientes.id, d.clienteId));
    expect(c?.status).toBe('concluido');
    const recibos = await db().select().from(mensagens).where(eq(mensagens.clienteId, d.clienteId));
    expect(recibos.length).toBeGreaterThan(0);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entidade, 'arquivo_bancario'), eq(auditLogs.entidadeId, String(r.id))));
    expect(audit?.acao).toBe('conciliacao.arquivo_importado');
  });

  it('a boleto paid late with juros: the whole amount paid, the excess as juros', async () => {
    const d = await devedorComBoleto(10_000);
    const r = await importar(
      'juros.ret',
      retorno([liquidacao(d.nossoNumero, 10_000, { valorPagoCentavos: 10_350, jurosMultaCentavos: 350 })]),
    );
    expect(r.liquidados).toBe(1);
    const [p] = await pagamentosDa(d.contaId);
    expect(p).toMatchObject({ valorCentavos: 10_350, principalCentavos: 10_000, jurosCentavos: 350 });
    expect((await conta(d.contaId))?.status).toBe('paga');
  });

  it('a partial payment leaves the rest open', async () => {
    const d = await devedorComBoleto(20_000);
    const r = await importar(
      'parcial.ret',
      retorno([liquidacao(d.nossoNumero, 20_000, { valorPagoCentavos: 12_000 })]),
    );
    expect(await conta(d.contaId)).toMatchObject({ status: 'aberta', valorPagoCentavos: 12_000 });
    expect(r.linhas[0]).toMatchObject({
      situacao: 'liquidado',
      motivo: `Pagamento parcial do boleto: R$ 120,00 pagos na conta nº ${d.contaId}; a conta continua em aberto com R$ 80,00.`,
    });
  });

  it('a liquidação repeated in the file, and the file imported again, pay once', async () => {
    const d = await devedorComBoleto(9_900);
    const arquivo = retorno([liquidacao(d.nossoNumero, 9_900), liquidacao(d.nossoNumero, 9_900)]);
    const r = await importar('duplo.ret', arquivo);
    expect(r).toMatchObject({ liquidados: 1, ja_liquidados: 1 });
    expect(r.linhas[1]).toMatchObject({ situacao: 'repetido' });
    expect(r.linhas[1]?.motivo).toMatch(/Repete a linha 3 deste arquivo/);
    const again = await importar('duplo-de-novo.ret', arquivo);
    expect(again).toMatchObject({ id: r.id, repetido: true, liquidados: 1 });
    expect(await pagamentosDa(d.contaId)).toHaveLength(1);
    const [{ n } = { n: 0 }] = await db()
      .select({ n: count() })
      .from(arquivosBancarios)
      .where(eq(arquivosBancarios.id, r.id));
    expect(n).toBe(1);
  });

  it('an unknown nosso número and a receivable already paid by hand go to review; entradas and baixas are recorded', async () => {
    const d = await devedorComBoleto(5_000);
    await db()
      .update(contasReceber)
      .set({ status: 'paga', pagoEm: hoje, valorPagoCentavos: 5_000 })
      .where(eq(contasReceber.id, d.contaId));
    const r = await importar(
      'revisao.ret',
      retorno([
        liquidacao('999999', 4_000),
        liquidacao(d.nossoNumero, 5_000),
        liquidacao(d.nossoNumero, 5_000, { movimento: '02', valorPagoCentavos: 0 }),
      ]),
    );
    expect(r.linhas.map((l) => l.situacao)).toEqual(['em_revisao', 'em_revisao', 'ignorado']);
    expect(r.linhas[0]?.motivo).toBe('Nenhuma conta a receber tem o nosso número 999999 do banco 341.');
    expect(r.linhas[1]?.motivo).toMatch(/já estava paga por outro meio/);
    expect(r.linhas[2]).toMatchObject({
      conta_id: d.contaId,
      motivo: `Entrada confirmada: registrado na conta nº ${d.contaId}.`,
    });
    // The movement shows on the customer's timeline; a bank settlement shows as a payment "do arquivo do banco".
    const linha = await t.app.inject({
      method: 'GET',
      url: `/api/admin/clientes/${d.clienteId}/linha-do-tempo`,
      headers: bearer(tokens.admin),
    });
    expect(linha.json().itens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          tipo: 'movimento_bancario',
          descricao: 'Entrada confirmada',
          nosso_numero: d.nossoNumero,
          conta_id: d.contaId,
        }),
      ]),
    );
  });

  it('a bad file is refused with its line and writes nothing', async () => {
    const antes = await db().select({ n: count() }).from(lancamentosBancarios);
    const linhas = retorno([liquidacao('1', 100)]).split('\r\n');
    linhas[2] = (linhas[2] ?? '').slice(0, 239);
    const r = await enviar('cortado.ret', linhas.join('\r\n'));
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(
      'Arquivo recusado, nada foi gravado. Linha 3: tem 239 caracteres; um arquivo CNAB 240 tem 240 por linha.',
    );
    expect(await db().select({ n: count() }).from(lancamentosBancarios)).toEqual(antes);
  });
});

describe('a real Itaú CNAB 400 retorno', () => {
  it('settles the receivables whose boletos it names', async () => {
    const arquivo = readFileSync(
      new URL('../../../test/fixtures/cnab/cnab400-341-itau-retorno.ret', import.meta.url),
    );
    const clienteId = await inserirCliente(db(), { nome: 'Cliente Itaú' });
    const contaId = await inserirConta(db(), { clienteId, valorCentavos: 20_997, vencimento: '2013-07-01' });
    await db()
      .update(contasReceber)
      .set({ banco: '341', nossoNumero: '231327' })
      .where(eq(contasReceber.id, contaId));
    const r = await importar('itau.ret', arquivo);
    expect(r).toMatchObject({
      formato: 'cnab400',
      banco: '341',
      lancamentos: 4,
      liquidados: 1,
      em_revisao: 2,
      ignorados: 1,
    });
    // Paid on 20/06 (the ocorrência), credited on 21/06.
    expect(await conta(contaId)).toMatchObject({ status: 'paga', pagoEm: '2013-06-20' });
  });
});

describe('a bank statement (OFX)', () => {
  const extrato = (transacoes: Parameters<typeof gerarOfx>[0]['transacoes']) =>
    gerarOfx({ banco: '0341', conta: '4321-0', de: somarDias(hoje, -5), ate: hoje, transacoes });

  it("a PIX naming the payer's CPF for exactly one open receivable's amount settles it", async () => {
    const d = await devedorComBoleto(32_150, '52998224725');
    const r = await importar(
      'extrato.ofx',
      extrato([
        { fitid: 'F-1', data: hoje, valorCentavos: 32_150, memo: 'PIX RECEBIDO - 529.982.247-25 MARIA' },
      ]),
    );
    expect(r.linhas[0]).toMatchObject({
      situacao: 'liquidado',
      regra: 'documento_valor',
      conta_id: d.contaId,
    });
    const [p] = await pagamentosDa(d.contaId);
    expect(p?.forma).toBe('pix');
  });

  it('two credits of the same amount from the same CPF on the same day go to review, not a guess', async () => {
    const d = await devedorComBoleto(4_500, '11144477735');
    await inserirConta(db(), {
      clienteId: d.clienteId,
      valorCentavos: 4_500,
      vencimento: somarDias(hoje, 40),
    });
    const r = await importar(
      'dois.ofx',
      extrato([
        { fitid: 'G-1', data: hoje, valorCentavos: 4_500, memo: 'PIX RECEBIDO - 111.444.777-35' },
        { fitid: 'G-2', data: hoje, valorCentavos: 4_500, memo: 'PIX RECEBIDO - 111.444.777-35' },
      ]),
    );
    expect(r.linhas.map((l) => l.situacao)).toEqual(['em_revisao', 'em_revisao']);
    expect(r.linhas[0]?.motivo).toMatch(/mais de um crédito/);
    expect(await pagamentosDa(d.contaId)).toHaveLength(0);
  });

  it('a PIX we already confirmed at the PSP is recognised and never settles twice; an overlapping statement adds nothing', async () => {
    const d = await devedorComBoleto(7_700, '39053344705');
    const e2e = 'E00000000202611251200ABCDEFGHIJK';
    await registrarPixConfirmado(
      db(),
      t.app.appKey,
      {
        endToEndId: e2e,
        txid: null,
        valorCentavos: 7_700,
        horario: new Date(),
        pagador: { nome: 'X', documento: '39053344705' },
      },
      'webhook',
    );
    const primeiro = await importar(
      'a.ofx',
      extrato([{ fitid: 'H-1', data: hoje, valorCentavos: 7_700, memo: `PIX RECEBIDO ${e2e}` }]),
    );
    expect(primeiro.linhas[0]).toMatchObject({ situacao: 'ja_liquidado', regra: 'pix_confirmado' });
    const sobreposto = await importar(
      'b.ofx',
      extrato([
        { fitid: 'H-1', data: hoje, valorCentavos: 7_700, memo: `PIX RECEBIDO ${e2e}` },
        { fitid: 'H-2', data: hoje, valorCentavos: -1_000, memo: 'TARIFA' },
      ]),
    );
    expect(sobreposto.linhas.map((l) => l.situacao)).toEqual(['repetido', 'ignorado']);
    expect(await pagamentosDa(d.contaId)).toHaveLength(0);
  });
});

describe('the review queue', () => {
  let item: ItemRevisaoConciliacao;
  const revisao = async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/admin/conciliacao/revisao',
      headers: bearer(tokens.admin),
    });
    expect(r.statusCode).toBe(200);
    return r.json<Paged<ItemRevisaoConciliacao>>();
  };
  const decidir = (id: number, acao: 'atribuir' | 'descartar', payload: object, token = tokens.admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/conciliacao/revisao/${id}/${acao}`,
      headers: { ...bearer(token), 'idempotency-key': `k-${id}-${acao}-${Math.random()}` },
      payload,
    });

  it('lists an unidentified credit with its candidates; an admin splits it over two receivables', async () => {
    const a = await devedorComBoleto(6_000);
    const b = await devedorComBoleto(4_000);
    await importar(
      'solto.ofx',
      gerarOfx({
        banco: '341',
        conta: '1',
        de: hoje,
        ate: hoje,
        transacoes: [
          { fitid: 'S-1', data: hoje, valorCentavos: 10_000, memo: 'TED RECEBIDA' },
          { fitid: 'S-1B', data: hoje, valorCentavos: 5_990, memo: 'DOC RECEBIDO' },
          { fitid: 'S-1C', data: hoje, valorCentavos: 4_010, memo: 'DEPOSITO' },
        ],
      }),
    );
    const consultas = espiarConsultas(t.database);
    let fila: Paged<ItemRevisaoConciliacao>;
    try {
      fila = await revisao();
      // The settings, the page, its count, its entries and all their candidates: not one per entry.
      expect(fila.data.length).toBeGreaterThan(2);
      expect(consultas.semSessao().length, consultas.semSessao().join('\n')).toBeLessThanOrEqual(5);
    } finally {
      consultas.restaurar();
    }
    const achado = fila.data.find((i) => i.fitid === 'S-1');
    if (!achado) throw new Error('crédito fora da fila');
    item = achado;
    expect(item).toMatchObject({
      valor: 100,
      restante: 100,
      motivo: 'O crédito não identifica cobrança, boleto nem CPF/CNPJ do pagador.',
    });
    const primeira = await decidir(item.id, 'atribuir', { conta_id: a.contaId, valor: 60 });
    expect(primeira.statusCode, primeira.body).toBe(200);
    expect(primeira.json()).toMatchObject({
      aplicado: 60,
      lancamento: { situacao: 'em_revisao', restante: 40 },
    });
    const segunda = await decidir(item.id, 'atribuir', { cliente_id: b.clienteId, valor: 40 });
    expect(segunda.json()).toMatchObject({
      aplicado: 40,
      lancamento: { situacao: 'atribuido', restante: 0 },
    });
    expect((await conta(a.contaId))?.status).toBe('paga');
    expect((await conta(b.contaId))?.status).toBe('paga');
    expect((await pagamentosDa(a.contaId))[0]).toMatchObject({
      forma: 'transferencia',
      lancamentoBancarioId: item.id,
    });
  });

  it('refuses a decided entry, more than what is left, a wrong role; discards with an audit entry', async () => {
    expect((await decidir(item.id, 'atribuir', { cliente_id: 1, valor: 1 })).statusCode).toBe(409);
    await importar(
      'outro.ofx',
      gerarOfx({
        banco: '341',
        conta: '1',
        de: hoje,
        ate: hoje,
        transacoes: [{ fitid: 'S-2', data: hoje, valorCentavos: 2_000, memo: 'DEPOSITO' }],
      }),
    );
    const novo = (await revisao()).data.find((i) => i.fitid === 'S-2');
    if (!novo) throw new Error('crédito fora da fila');
    const demais = await decidir(novo.id, 'atribuir', { cliente_id: 1, valor: 20.01 });
    expect(demais.statusCode).toBe(422);
    expect(demais.json().errors.valor[0]).toMatch(/passa do que resta/);
    expect((await decidir(novo.id, 'atribuir', { valor: 5 })).statusCode).toBe(422);
    expect((await decidir(novo.id, 'descartar', {}, tokens.operador)).statusCode).toBe(403);
    expect((await enviar('x.ofx', 'x', tokens.operador)).statusCode).toBe(403);
    const descartado = await decidir(novo.id, 'descartar', { motivo: 'aporte do sócio' });
    expect(descartado.json()).toMatchObject({
      aplicado: 0,
      lancamento: { situacao: 'descartado', motivo: 'Não é cobrança: aporte do sócio' },
    });
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entidadeId, String(novo.id)));
    expect(audit?.acao).toBe('conciliacao.lancamento_descartado');
    expect((await revisao()).data.some((i) => i.id === novo.id)).toBe(false);
  });

  it('exports the queue as CSV (Excel pt-BR) with each entry and its best candidate; an operator may not', async () => {
    await importar(
      'exportar.ofx',
      gerarOfx({
        banco: '341',
        conta: '1',
        de: hoje,
        ate: hoje,
        transacoes: [{ fitid: 'X-1', data: hoje, valorCentavos: 1_234, memo: '=CMD() DEPOSITO' }],
      }),
    );
    const url = '/api/admin/conciliacao/revisao/exportar?formato=csv';
    const r = await t.app.inject({ method: 'GET', url, headers: bearer(tokens.admin) });
    expect(r.statusCode, r.body).toBe(200);
    const [cabecalho, ...linhas] = r.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(cabecalho).toBe(
      'Data;Arquivo;Linha;Lançamento;Nosso número;Histórico;Valor;A atribuir;Motivo;Melhor candidato;Conta do candidato;Valor atualizado;Diferença',
    );
    const linha = linhas.find((l) => l.includes('exportar.ofx'));
    expect(linha).toContain("'=CMD() DEPOSITO");
    expect(linha).toContain('12,34');
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(tokens.operador) })).statusCode).toBe(
      403,
    );
  });
});

describe('a whole file settles at once', () => {
  it('a later line sees what an earlier one paid; the customer gets one receipt per day paid', async () => {
    const clienteId = await inserirCliente(db(), { nome: 'Cliente de dois boletos' });
    const boleto = async (valorCentavos: number, nossoNumero: string) => {
      const contaId = await inserirConta(db(), { clienteId, valorCentavos, vencimento: somarDias(hoje, 5) });
      await db()
        .update(contasReceber)
        .set({ banco: '341', nossoNumero })
        .where(eq(contasReceber.id, contaId));
      return contaId;
    };
    const a = await boleto(10_000, '88001');
    const b = await boleto(4_000, '88002');
    const ontem = somarDias(hoje, -1);
    const r = await importar(
      'dois-boletos.ret',
      retorno([
        liquidacao('88001', 10_000, { valorPagoCentavos: 6_000, ocorrencia: ontem }),
        liquidacao('88002', 4_000),
        // The rest of the first boleto, on another day: it finds 4 000 open, not 10 000.
        liquidacao('88001', 10_000, { valorPagoCentavos: 4_000 }),
      ]),
    );
    expect(r).toMatchObject({ liquidados: 3, em_revisao: 0 });
    expect(await conta(a)).toMatchObject({ status: 'paga', valorPagoCentavos: 10_000 });
    expect(await conta(b)).toMatchObject({ status: 'paga', valorPagoCentavos: 4_000 });
    expect((await pagamentosDa(a)).map((p) => [p.data, p.valorCentavos]).sort()).toEqual([
      [ontem, 6_000],
      [hoje, 4_000],
    ]);
    const [c] = await db().select().from(clientes).where(eq(clientes.id, clienteId));
    expect(c?.status).toBe('concluido');
    const recibos = await db()
      .select()
      .from(mensagens)
      .where(and(eq(mensagens.clienteId, clienteId), eq(mensagens.templateTipo, 'agradecimento')));
    // Yesterday's 60,00 and today's two boletos (40,00 + 40,00): one receipt each day, not one per line.
    expect(recibos.map((m) => m.valorCentavos).sort()).toEqual([6_000, 8_000]);
  });

  it('dates the payment on the day the debtor paid (ocorrência), not the day the bank credits', async () => {
    const d = await devedorComBoleto(15_000);
    const ontem = somarDias(hoje, -1);
    const amanha = somarDias(hoje, 1);
    const r = await importar(
      'credito-amanha.ret',
      retorno([liquidacao(d.nossoNumero, 15_000, { ocorrencia: ontem, credito: amanha })]),
    );
    expect(r.linhas[0]).toMatchObject({ situacao: 'liquidado', data: ontem, data_credito: amanha });
    expect(await conta(d.contaId)).toMatchObject({ status: 'paga', pagoEm: ontem });
    expect((await pagamentosDa(d.contaId))[0]?.data).toBe(ontem);
  });

  it('an overdue boleto paid at its updated amount on the day paid settles whole, though credited days later', async () => {
    const d = await devedorComBoleto(10_000);
    await db()
      .update(contasReceber)
      .set({ vencimento: somarDias(hoje, -40) })
      .where(eq(contasReceber.id, d.contaId));
    const ontem = somarDias(hoje, -1);
    const devido = encargosDaConta((await conta(d.contaId)) as ContaComEncargos, {
      hoje: ontem,
      percentuais: { multaPercentual: 2, jurosMensalPercentual: 1 },
    }).totalCentavos;
    const r = await importar(
      'vencido.ret',
      retorno([
        liquidacao(d.nossoNumero, 10_000, {
          valorPagoCentavos: devido,
          jurosMultaCentavos: devido - 10_000,
          ocorrencia: ontem,
          credito: somarDias(hoje, 2),
        }),
      ]),
    );
    expect(r).toMatchObject({ liquidados: 1, em_revisao: 0 });
    expect(await conta(d.contaId)).toMatchObject({ status: 'paga', valorPagoCentavos: 10_000 });
    const [c] = await db().select().from(clientes).where(eq(clientes.id, d.clienteId));
    expect(c?.status).toBe('concluido');
  });

  it("reaches the customer's operator's open screens, as a PIX does", async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const clienteId = await inserirCliente(db(), { nome: 'Cliente ao vivo', operadorId });
    const contaId = await inserirConta(db(), {
      clienteId,
      valorCentavos: 7_700,
      vencimento: somarDias(hoje, 5),
    });
    await db()
      .update(contasReceber)
      .set({ banco: '341', nossoNumero: '88100' })
      .where(eq(contasReceber.id, contaId));
    const fluxo = await abrirFluxo(base, tokens.operador);
    try {
      await fluxo.proximo((e) => e.evento === 'pronto');
      expect((await importar('ao-vivo.ret', retorno([liquidacao('88100', 7_700)]))).liquidados).toBe(1);
      await fluxo.proximo(
        (e) =>
          e.evento === 'clientes' &&
          ((e.dados as { clientes?: number[] }).clientes ?? []).includes(clienteId),
      );
    } finally {
      await fluxo.fechar();
    }
  });

  it('costs the same statements for twenty lines as for two', async () => {
    const arquivo = async (n: number, dia: string) => {
      const titulos: TituloRetorno[] = [];
      for (let i = 0; i < n; i += 1) {
        sequencia += 1;
        // No phone: no receipt to send, whose message is one statement per customer.
        const clienteId = await inserirCliente(db(), { nome: `Lote ${sequencia}`, telefone: null });
        const contaId = await inserirConta(db(), { clienteId, valorCentavos: 5_000, vencimento: dia });
        const nossoNumero = String(90_000 + sequencia);
        await db()
          .update(contasReceber)
          .set({ banco: '341', nossoNumero })
          .where(eq(contasReceber.id, contaId));
        titulos.push(liquidacao(nossoNumero, 5_000));
      }
      return retorno(titulos);
    };
    const doisTitulos = await arquivo(2, somarDias(hoje, 3));
    const vinteTitulos = await arquivo(20, somarDias(hoje, 4));
    const consultas = espiarConsultas(t.database);
    try {
      expect((await importar('dois.ret', doisTitulos)).liquidados).toBe(2);
      const dois = consultas.semSessao().length;
      consultas.limpar();
      expect((await importar('vinte.ret', vinteTitulos)).liquidados).toBe(20);
      expect(consultas.semSessao().length).toBe(dois);
    } finally {
      consultas.restaurar();
    }
  });
});

describe('two imports of one file at once', () => {
  it('write one file and pay once', async () => {
    const d = await devedorComBoleto(8_800);
    const arquivo = retorno([liquidacao(d.nossoNumero, 8_800, { ocorrencia: somarDias(hoje, -1) })]);
    const [a, b] = await Promise.all([enviar('p1.ret', arquivo), enviar('p2.ret', arquivo)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().repetido, b.json().repetido].sort()).toEqual([false, true]);
    expect(await pagamentosDa(d.contaId)).toHaveLength(1);
  });
});

describe("a receivable's boleto typed by its operator", () => {
  const informar = (contaId: number, payload: object, token = tokens.operador) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/operador/contas-receber/${contaId}/boleto`,
      headers: bearer(token),
      payload,
    });

  it('is checked like the CSV, unique per bank, audited; empty removes it; another operator sees a 404', async () => {
    const clienteId = await inserirCliente(db(), { nome: 'Cliente do Operador', operadorId });
    const vencimento = somarDias(hoje, 15);
    const contaId = await inserirConta(db(), { clienteId, valorCentavos: 35_000, vencimento });
    const codigo = montarCodigoDeBarras({
      banco: '341',
      vencimento,
      valorCentavos: 35_000,
      campoLivre: '1091234567812340123456000',
    });
    const linha = formatarLinhaDigitavel(linhaDoCodigo(codigo));
    const ok = await informar(contaId, { nosso_numero: '00123-4', linha_digitavel: linha });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ banco: '341', nosso_numero: '1234', codigo_barras: codigo });
    const digitos = linhaDoCodigo(codigo);
    const campo1 = `${digitos.slice(0, 9)}${(Number(digitos[9]) + 1) % 10}${digitos.slice(10)}`;
    const errado = await informar(contaId, { linha_digitavel: campo1 });
    expect(errado.statusCode).toBe(422);
    expect(errado.json().errors.linha_digitavel[0]).toMatch(/^Linha digitável inválida/);
    const outraConta = await inserirConta(db(), { clienteId, valorCentavos: 100, vencimento });
    const repetido = await informar(outraConta, { banco: '341', nosso_numero: '1234' });
    expect(repetido.json().errors.nosso_numero).toEqual([
      `O nosso número 1234 do banco 341 já é da conta nº ${contaId}.`,
    ]);
    expect((await informar(contaId, {}, tokens.admin)).statusCode).toBe(403);
    const alheia = await inserirConta(db(), {
      clienteId: await inserirCliente(db(), { nome: 'De Ninguém Aqui', operadorId: null }),
      valorCentavos: 100,
      vencimento,
    });
    expect((await informar(alheia, { banco: '001' })).statusCode).toBe(404);
    const removido = await informar(contaId, {});
    expect(removido.json()).toMatchObject({ banco: null, nosso_numero: null, linha_digitavel: null });
    const acoes = await db()
      .select({ acao: auditLogs.acao })
      .from(auditLogs)
      .where(and(eq(auditLogs.entidade, 'conta_receber'), eq(auditLogs.entidadeId, String(contaId))))
      .orderBy(auditLogs.id);
    expect(acoes.map((a) => a.acao)).toEqual(['conta.boleto_informado', 'conta.boleto_removido']);
  });
});

describe('operators import when the admin allows it', () => {
  it('403 with the reason by default; once allowed, the same import through their own route', async () => {
    const d = await devedorComBoleto(7_000);
    const arquivo = retorno([liquidacao(d.nossoNumero, 7_000, { ocorrencia: somarDias(hoje, -2) })]);
    const enviarComoOperador = () => {
      const { payload, headers } = multipart('arquivo', [{ nome: 'op.ret', conteudo: arquivo }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/operador/conciliacao/arquivos',
        headers: { ...headers, ...bearer(tokens.operador) },
        payload,
      });
    };
    const negado = await enviarComoOperador();
    expect(negado.statusCode).toBe(403);
    expect(negado.json().message).toMatch(/não liberou a importação de arquivos do banco para operadores/);
    const permissao = () =>
      t.app.inject({ method: 'GET', url: '/api/operador/conciliacao', headers: bearer(tokens.operador) });
    expect((await permissao()).json()).toEqual({ permitido: false });
    await configurar(db(), { conciliacao_operadores: true });
    expect((await permissao()).json()).toEqual({ permitido: true });
    const r = await enviarComoOperador();
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ liquidados: 1 });
    expect((await conta(d.contaId))?.status).toBe('paga');
    await configurar(db(), { conciliacao_operadores: false });
  });
});
