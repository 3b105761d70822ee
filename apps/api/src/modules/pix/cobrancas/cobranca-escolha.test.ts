import { ENCARGOS_PADRAO, instanteNoFuso } from '@cobranca/dominio';
import { describe, expect, it } from 'vitest';
import { escolherCobranca, fimDaValidadeCobv, gerarTxid } from './cobranca-escolha.ts';

// Calendar 2026: 03-06 Fri, 03-07 Sat, 03-09 Mon; 11-20 Fri Consciência Negra, 11-23 Mon.
const SP = 'America/Sao_Paulo';
const as10 = (data: string) => instanteNoFuso(data, 10 * 60, SP);
const conta = (principalCentavos: number, vencimento: string) => ({
  principalCentavos,
  vencimento,
  pendentes: null,
});
const escolher = (contas: ReturnType<typeof conta>[], data: string, temDocumento = true) =>
  escolherCobranca({ contas, agora: as10(data), fuso: SP, percentuais: ENCARGOS_PADRAO, temDocumento });

describe('escolherCobranca', () => {
  it('one receivable not yet due, with a CPF/CNPJ: a cobv on its principal and due date', () => {
    expect(escolher([conta(100_000, '2026-03-20')], '2026-03-09')).toEqual({
      tipo: 'cobv',
      valorCentavos: 100_000,
      vencimento: '2026-03-20',
      expiracaoSegundos: null,
    });
  });

  it('due on a Saturday and asked on Monday: still not overdue, still a cobv', () => {
    expect(escolher([conta(100_000, '2026-03-07')], '2026-03-09').tipo).toBe('cobv');
  });

  it('overdue: a cob for today’s updated amount that expires at the next midnight in São Paulo', () => {
    // R$ 1.000,00 due 09/03, 12 days late on 21/03: 1.024,00.
    const escolha = escolher([conta(100_000, '2026-03-09')], '2026-03-21');
    expect(escolha).toMatchObject({ tipo: 'cob', valorCentavos: 102_400, vencimento: null });
    if (escolha.tipo !== 'cob') throw new Error('cob esperada');
    expect(escolha.expiraEm).toEqual(instanteNoFuso('2026-03-22', 0, SP));
    expect(escolha.expiracaoSegundos).toBe(14 * 3600);
  });

  it('several receivables not yet due: a cob for the sum, expiring when the earliest starts owing encargos', () => {
    // The earliest is due Friday 20/11 (a holiday), so Monday 23/11: encargos from Tuesday 24/11.
    const escolha = escolher([conta(5_000, '2026-11-20'), conta(7_000, '2026-12-10')], '2026-11-18');
    expect(escolha).toMatchObject({ tipo: 'cob', valorCentavos: 12_000 });
    if (escolha.tipo !== 'cob') throw new Error('cob esperada');
    expect(escolha.expiraEm).toEqual(instanteNoFuso('2026-11-24', 0, SP));
  });

  it('no CPF/CNPJ (a foreign customer): a cob even for one receivable not yet due', () => {
    expect(escolher([conta(100_000, '2026-03-20')], '2026-03-09', false).tipo).toBe('cob');
  });

  it('encargos pending from a partial payment: a cob, since a PSP cannot reproduce them', () => {
    const escolha = escolherCobranca({
      contas: [
        {
          principalCentavos: 1_000,
          vencimento: '2026-03-20',
          pendentes: { multaCentavos: 20, jurosCentavos: 3, ate: '2026-03-25' },
        },
      ],
      agora: as10('2026-03-25'),
      fuso: SP,
      percentuais: ENCARGOS_PADRAO,
      temDocumento: true,
    });
    expect(escolha).toMatchObject({ tipo: 'cob', valorCentavos: 1_023 });
  });
});

describe('gerarTxid and fimDaValidadeCobv', () => {
  it('makes 32-character txids of letters and digits, all different', () => {
    const txids = new Set(Array.from({ length: 1_000 }, gerarTxid));
    expect(txids.size).toBe(1_000);
    for (const txid of txids) expect(txid).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('a cobv due 20/03 with 30 days of validity is payable until the end of 19/04', () => {
    expect(fimDaValidadeCobv('2026-03-20', 30, SP)).toEqual(instanteNoFuso('2026-04-20', 0, SP));
  });
});
