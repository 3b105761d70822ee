import { readFileSync } from 'node:fs';
import { hojeNoFuso, instanteNoFuso, somarDias, somarMeses } from '@cobranca/dominio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClienteApiPix } from './api-pix-cliente.ts';
import { ErroApiPix } from './api-pix-erros.ts';
import {
  type CorpoCobr,
  type CorpoRec,
  cobrancaRecorrentePsp,
  RecorrenciasApiPix,
  recorrenciaPsp,
} from './api-pix-recorrencias.ts';
import { brCodeValido } from './br-code.ts';
import { certificadosDeTeste } from './certificados.test-fixtures.ts';
import { iniciarPspFalso, type OpcoesPspFalso, type PspFalso } from './psp-falso.test-fixtures.ts';

const exemplo = (nome: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../../../../test/fixtures/pix/automatico/${nome}.json`, import.meta.url), 'utf8'),
  );

describe("the Banco Central's PIX Automático examples", () => {
  it('read as recurrences, their known mistakes (nome for status in atualizacao) notwithstanding', () => {
    for (const nome of ['recResponse1', 'recResponse3', 'recResponse4', 'recResponse5']) {
      const lida = recorrenciaPsp.safeParse(exemplo(nome));
      expect(lida.success, `${nome}: ${lida.error?.message}`).toBe(true);
    }
    expect(recorrenciaPsp.parse(exemplo('recResponse3')).dadosQR?.pixCopiaECola).toMatch(/^000201/);
    expect(recorrenciaPsp.parse(exemplo('recResponse5')).encerramento?.cancelamento?.solicitante).toBe(
      'USUARIO_RECEBEDOR',
    );
  });

  it('read as recurring charges with their attempts', () => {
    const lida = cobrancaRecorrentePsp.parse(exemplo('cobRResponse3'));
    expect(lida.tentativas.map((t) => [t.tipo, t.status])).toEqual([
      ['AGND', 'EXPIRADA'],
      ['NTAG', 'AGENDADA'],
    ]);
    expect(cobrancaRecorrentePsp.parse(exemplo('cobRResponse4')).status).toBe('CANCELADA');
    const [daLista] = (exemplo('getCobR1') as { cobsr: unknown[] }).cobsr;
    expect(cobrancaRecorrentePsp.parse(daLista).tentativas[0]?.status).toBe('AGENDADA');
  });
});

let psp: PspFalso;
let api: ClienteApiPix;
let rec: RecorrenciasApiPix;

const iniciar = async (opcoes?: OpcoesPspFalso) => {
  psp = await iniciarPspFalso(opcoes);
  const { cliente } = certificadosDeTeste();
  api = new ClienteApiPix({
    baseUrl: psp.url,
    tokenUrl: psp.tokenUrl,
    clientId: psp.clientId,
    clientSecret: psp.clientSecret,
    certificado: {
      tipo: 'pem',
      certificadoPem: cliente.certificadoPem,
      chavePrivadaPem: cliente.chavePrivadaPem,
    },
  });
  rec = new RecorrenciasApiPix(api);
};

beforeEach(() => iniciar());
afterEach(async () => {
  api.fechar();
  await psp.fechar();
});

const hoje = hojeNoFuso(new Date());
const txidCob = 'primeiraParcelaDoAcordo000000001';
const corpoRec = (loc: number, extra: Partial<CorpoRec> = {}): CorpoRec => ({
  vinculo: {
    objeto: 'Acordo nº 12',
    contrato: 'ACORDO-12',
    devedor: { cpf: '12345678909', nome: 'Maria Ramos' },
  },
  calendario: { dataInicial: somarDias(hoje, 30), dataFinal: somarDias(hoje, 150), periodicidade: 'MENSAL' },
  valor: { valorRec: '150.00' },
  politicaRetentativa: 'PERMITE_3R_7D',
  loc,
  ativacao: { dadosJornada: { txid: txidCob } },
  ...extra,
});
const corpoCobr = (idRec: string, dataDeVencimento: string, original = '150.00'): CorpoCobr => ({
  idRec,
  calendario: { dataDeVencimento },
  valor: { original },
  ajusteDiaUtil: true,
  recebedor: { agencia: '0001', conta: '123456', tipoConta: 'CORRENTE' },
});

/** A journey-3 recurrence: the first instalment's cob, the location, the recurrence. */
const criarJornada3 = async () => {
  await api.criarCobranca('cob', txidCob, {
    calendario: {},
    valor: { original: '150.00' },
    chave: psp.chave,
  });
  const location = await rec.criarLocation();
  const criada = await rec.criarRecorrencia(corpoRec(location.id));
  return { location, criada };
};

const aprovada = async () => {
  const { criada } = await criarJornada3();
  await psp.recorrencias.aprovar(criada.idRec);
  return criada.idRec;
};

/** Moves the PSP's clock to noon of `dias` from today. */
const moverRelogio = (dias: number) => {
  const instante = instanteNoFuso(somarDias(hoje, dias), 12 * 60);
  psp.relogio = () => instante;
};

describe('journey 3 at the PSP', () => {
  it('creates the location and the recurrence, then answers the composite QR for the first instalment', async () => {
    const { location, criada } = await criarJornada3();
    expect(criada).toMatchObject({ status: 'CRIADA', politicaRetentativa: 'PERMITE_3R_7D' });
    expect(criada.idRec).toMatch(/^RR60701190\d{8}[a-zA-Z0-9]{11}$/);
    expect((await rec.consultarLocation(location.id))?.idRec).toBe(criada.idRec);
    const comQr = await rec.consultarRecorrencia(criada.idRec, txidCob);
    expect(comQr?.dadosQR?.jornada).toBe('JORNADA_3');
    expect(brCodeValido(comQr?.dadosQR?.pixCopiaECola ?? '')).toBe(true);
    expect(comQr?.dadosQR?.pixCopiaECola).toContain(location.location);
    expect((await rec.consultarRecorrencia(criada.idRec))?.dadosQR).toBeUndefined();
  });

  it('a location already bound is refused, so a second recurrence for it cannot be made', async () => {
    const { location } = await criarJornada3();
    const erro = await rec.criarRecorrencia(corpoRec(location.id)).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ErroApiPix);
    expect((erro as ErroApiPix).message).toContain('já está vinculada');
    expect(psp.recorrencias.recs.size).toBe(1);
  });

  it('refuses a body the standard forbids: a long contract, no debtor, a past start, both amounts', async () => {
    const location = await rec.criarLocation();
    const erro = (await rec
      .criarRecorrencia({
        ...corpoRec(location.id),
        vinculo: { contrato: 'X'.repeat(36), devedor: { cpf: '123', nome: '' } },
        calendario: { dataInicial: somarDias(hoje, -1), periodicidade: 'MENSAL' },
        valor: { valorRec: '10.00', valorMinimoRecebedor: '5.00' } as CorpoRec['valor'],
      })
      .catch((e: unknown) => e)) as ErroApiPix;
    expect(erro.message).toMatch(/contrato|cpf|data inicial|valorRec/);
    expect(psp.recorrencias.recs.size).toBe(0);
  });

  it('a journey needs an active immediate charge', async () => {
    const location = await rec.criarLocation();
    const erro = (await rec.criarRecorrencia(corpoRec(location.id)).catch((e: unknown) => e)) as ErroApiPix;
    expect(erro.message).toContain('cobrança imediata ativa');
  });

  it('a POST is never sent twice by the client when the connection drops under it', async () => {
    await rec.criarLocation();
    psp.fecharProximaConexaoReaproveitada();
    await expect(rec.criarLocation()).rejects.toBeInstanceOf(ErroApiPix);
    expect(psp.chamadas.filter((c) => c.caminho === '/v2/locrec')).toHaveLength(1);
  });

  it('the payer approves: the first instalment paid and the recurrence APROVADA', async () => {
    const idRec = await aprovada();
    expect((await rec.consultarRecorrencia(idRec))?.status).toBe('APROVADA');
    expect(psp.pix.map((p) => p.txid)).toEqual([txidCob]);
  });

  it('the receiver cancels (PATCH), once', async () => {
    const idRec = await aprovada();
    expect((await rec.cancelarRecorrencia(idRec)).status).toBe('CANCELADA');
    await expect(rec.cancelarRecorrencia(idRec)).rejects.toBeInstanceOf(ErroApiPix);
  });

  it('lists recurrences (what verificar asks), and a PSP without them answers 404', async () => {
    await criarJornada3();
    expect(await rec.listarRecorrencias(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000))).toBe(
      1,
    );
    api.fechar();
    await psp.fechar();
    await iniciar({ recorrencias: false });
    const erro = (await rec
      .listarRecorrencias(new Date(), new Date())
      .catch((e: unknown) => e)) as ErroApiPix;
    expect(erro).toBeInstanceOf(ErroApiPix);
    expect(erro.status).toBe(404);
  });
});

describe('recurring charges at the PSP', () => {
  const txidCobr = (n: number) => `parcelaRecorrente${String(n).padStart(15, '0')}`;

  it('only from 10 to 2 days before the due date', async () => {
    const idRec = await aprovada();
    const vencimento = somarDias(hoje, 30);
    for (const dias of [19, 29]) {
      moverRelogio(dias);
      const erro = (await rec
        .criarCobranca(txidCobr(dias), corpoCobr(idRec, vencimento))
        .catch((e: unknown) => e)) as ErroApiPix;
      expect(erro.message).toContain('de 10 a 2 dias antes');
    }
    moverRelogio(20);
    expect((await rec.criarCobranca(txidCobr(1), corpoCobr(idRec, vencimento))).status).toBe('ATIVA');
  });

  it('one per recurrence and cycle; a second txid for the same month is refused; the same txid too', async () => {
    const idRec = await aprovada();
    // Two due dates of one month, both inside D-10…D-2 on the 3rd.
    const mes = somarMeses(hoje, 2).slice(0, 7);
    const instante = instanteNoFuso(`${mes}-03`, 12 * 60);
    psp.relogio = () => instante;
    await rec.criarCobranca(txidCobr(1), corpoCobr(idRec, `${mes}-05`));
    const outra = (await rec
      .criarCobranca(txidCobr(2), corpoCobr(idRec, `${mes}-12`))
      .catch((e: unknown) => e)) as ErroApiPix;
    expect(outra.message).toContain(`no ciclo ${mes}`);
    const repetida = (await rec
      .criarCobranca(txidCobr(1), corpoCobr(idRec, `${mes}-05`))
      .catch((e: unknown) => e)) as ErroApiPix;
    expect(repetida.message).toContain('Já existe');
  });

  it('refuses a charge of a recurrence not approved, or of another amount than the fixed one', async () => {
    const { criada } = await criarJornada3();
    moverRelogio(22);
    const naoAprovada = (await rec
      .criarCobranca(txidCobr(1), corpoCobr(criada.idRec, somarDias(hoje, 30)))
      .catch((e: unknown) => e)) as ErroApiPix;
    expect(naoAprovada.message).toContain('não APROVADA');
    psp.relogio = () => new Date();
    await psp.recorrencias.aprovar(criada.idRec);
    moverRelogio(22);
    const outroValor = (await rec
      .criarCobranca(txidCobr(1), corpoCobr(criada.idRec, somarDias(hoje, 30), '149.99'))
      .catch((e: unknown) => e)) as ErroApiPix;
    expect(outroValor.message).toContain('valor fixo');
  });

  it('a rejected attempt is retried inside the policy, never while one is open; a paid one carries its PIX', async () => {
    const idRec = await aprovada();
    moverRelogio(22);
    await rec.criarCobranca(txidCobr(1), corpoCobr(idRec, somarDias(hoje, 30)));
    const aberta = (await rec
      .retentar(txidCobr(1), somarDias(hoje, 31))
      .catch((e: unknown) => e)) as ErroApiPix;
    expect(aberta.message).toContain('tentativa em aberto');
    psp.recorrencias.roteiros.set(idRec, ['REJEITADA', 'REJEITADA']);
    moverRelogio(30);
    await psp.recorrencias.processarVencimentos();
    expect((await rec.consultarCobranca(txidCobr(1)))?.tentativas.map((t) => t.status)).toEqual([
      'REJEITADA',
    ]);
    const foraDoPrazo = (await rec
      .retentar(txidCobr(1), somarDias(hoje, 38))
      .catch((e: unknown) => e)) as ErroApiPix;
    expect(foraDoPrazo.message).toContain('até 7 dias');
    expect((await rec.retentar(txidCobr(1), somarDias(hoje, 31))).tentativas).toHaveLength(2);
    moverRelogio(31);
    await psp.recorrencias.processarVencimentos();
    await rec.retentar(txidCobr(1), somarDias(hoje, 32));
    moverRelogio(32);
    await psp.recorrencias.processarVencimentos();
    const paga = await rec.consultarCobranca(txidCobr(1));
    expect(paga?.status).toBe('CONCLUIDA');
    expect(paga?.tentativas.map((t) => t.status)).toEqual(['REJEITADA', 'REJEITADA', 'PAGA']);
    expect(paga?.pix).toEqual([expect.objectContaining({ txid: txidCobr(1), valor: '150.00' })]);
  });

  it('the receiver cancels a charge; the webhooks are registered for both', async () => {
    const idRec = await aprovada();
    moverRelogio(22);
    await rec.criarCobranca(txidCobr(1), corpoCobr(idRec, somarDias(hoje, 30)));
    expect((await rec.cancelarCobranca(txidCobr(1))).status).toBe('CANCELADA');
    await rec.registrarWebhooks('https://cobranca.example.com.br/api/webhooks/pix/segredo');
    expect(psp.recorrencias.webhookRec).toBe('https://cobranca.example.com.br/api/webhooks/pix/segredo');
    expect(psp.recorrencias.webhookCobr).toBe('https://cobranca.example.com.br/api/webhooks/pix/segredo');
    expect(await rec.consultarCobranca(txidCobr(99))).toBeNull();
  });
});
