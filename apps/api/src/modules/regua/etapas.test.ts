import { sistemaSettings } from '@cobranca/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ContaAberta,
  decidirEtapa,
  type Etapa,
  ordenarEtapas,
  planejarCliente,
  proximaVisita,
} from './etapas.ts';

const { regua: REGUA, janela_envio: JANELA } = sistemaSettings.parse({});

/** The default step with this offset (−3 lembrete, 0 vencimento, +3/+7/+15 atraso). */
const etapa = (dias: number): Etapa => {
  const achada = REGUA.find((e) => e.dias === dias);
  if (!achada) throw new Error(`no default step ${dias}`);
  return achada;
};
const etapas = (...dias: number[]): Etapa[] => dias.map(etapa);

// Due on Friday 2026-03-13: every default step lands on a sending day, so none moves.
// −3 → Tue 03-10, 0 → Fri 03-13, +3 → Mon 03-16, +7 → Fri 03-20, +15 → Sat 03-28.
const VENCIMENTO = '2026-03-13';

const decidir = (hoje: string, registradas: number[] = []) =>
  decidirEtapa({ vencimento: VENCIMENTO, registradas }, REGUA, hoje, JANELA);

describe('ordenarEtapas', () => {
  it('sorts the steps by offset', () => {
    expect(ordenarEtapas([etapa(15), etapa(-3), etapa(7), etapa(0), etapa(3)])).toEqual(REGUA);
  });

  it('keeps the first step of a repeated offset', () => {
    const repetidas: Etapa[] = [
      { dias: 7, tipo: 'atraso', canais: ['whatsapp'] },
      { dias: 0, tipo: 'vencimento', canais: ['whatsapp'] },
      { dias: -3, tipo: 'lembrete', canais: ['whatsapp'] },
      { dias: 0, tipo: 'atraso', canais: ['whatsapp'] },
      { dias: 7, tipo: 'lembrete', canais: ['whatsapp'] },
    ];
    expect(ordenarEtapas(repetidas)).toEqual([
      { dias: -3, tipo: 'lembrete', canais: ['whatsapp'] },
      { dias: 0, tipo: 'vencimento', canais: ['whatsapp'] },
      { dias: 7, tipo: 'atraso', canais: ['whatsapp'] },
    ]);
  });

  it('leaves its input as it was', () => {
    const entrada = [etapa(7), etapa(-3)];
    ordenarEtapas(entrada);
    expect(entrada).toEqual([etapa(7), etapa(-3)]);
  });
});

describe('decidirEtapa', () => {
  it.each([
    [-3, '2026-03-10', []],
    [0, '2026-03-13', [-3]],
    [3, '2026-03-16', [-3, 0]],
    [7, '2026-03-20', [-3, 0, 3]],
    [15, '2026-03-28', [-3, 0, 3, 7]],
  ])('sends step %i on its date %s', (dias, hoje, registradas) => {
    expect(decidir(hoje, registradas)).toEqual({ enviar: etapa(dias), pular: [] });
  });

  it.each([
    [-3, '2026-03-09', []],
    [0, '2026-03-12', [-3]],
    [3, '2026-03-15', [-3, 0]],
    [7, '2026-03-19', [-3, 0, 3]],
    [15, '2026-03-27', [-3, 0, 3, 7]],
  ])('has nothing new the day before step %i (%s)', (_dias, hoje, registradas) => {
    expect(decidir(hoje, registradas)).toEqual({ enviar: null, pular: [] });
  });

  it.each([
    ['on the reminder date', '2026-03-10', [-3]],
    ['on the due date', '2026-03-13', [-3, 0]],
    ['between steps', '2026-03-18', [-3, 0, 3]],
    ['after the last step', '2026-04-30', [-3, 0, 3, 7, 15]],
  ])('never repeats a recorded step (%s)', (_caso, hoje, registradas) => {
    expect(decidir(hoje, registradas)).toEqual({ enviar: null, pular: [] });
  });

  it.each([
    ['a month before', '2026-02-13'],
    ['the day before the reminder', '2026-03-09'],
  ])('has nothing due before the first step (%s)', (_caso, hoje) => {
    expect(decidir(hoje)).toEqual({ enviar: null, pular: [] });
  });

  it.each([
    ['day +10, nothing recorded', '2026-03-23', [], 7, [-3, 0, 3]],
    ['day +20, nothing recorded', '2026-04-02', [], 15, [-3, 0, 3, 7]],
    ['day +10, reminder recorded', '2026-03-23', [-3], 7, [0, 3]],
    ['day +20, up to +3 recorded', '2026-04-02', [-3, 0, 3], 15, [7]],
  ])(
    'catches up after downtime (%s): sends the most advanced step, skips the rest',
    (_caso, hoje, registradas, enviar, pular) => {
      expect(decidir(hoje, registradas)).toEqual({ enviar: etapa(enviar), pular: etapas(...pular) });
    },
  );

  it.each([
    ['day +10, +7 recorded', '2026-03-23', [7], [-3, 0, 3]],
    ['day +20, +15 recorded', '2026-04-02', [15], [-3, 0, 3, 7]],
    ['day +20, +7 and +15 recorded', '2026-04-02', [7, 15], [-3, 0, 3]],
  ])('only skips the steps behind a recorded one (%s)', (_caso, hoje, registradas, pular) => {
    expect(decidir(hoje, registradas)).toEqual({ enviar: null, pular: etapas(...pular) });
  });

  it('fires a reminder moved off a Sunday on the Saturday before', () => {
    // Due Wed 2026-03-11: −3 is Sunday 03-08, so the reminder goes on Saturday 03-07.
    const conta = { vencimento: '2026-03-11', registradas: [] };
    expect(decidirEtapa(conta, REGUA, '2026-03-06', JANELA)).toEqual({ enviar: null, pular: [] });
    expect(decidirEtapa(conta, REGUA, '2026-03-07', JANELA)).toEqual({ enviar: etapa(-3), pular: [] });
  });

  it('fires the due-day step of a holiday on the next sending day', () => {
    // Due on Consciência Negra (Fri 2026-11-20): the due-day message goes on Saturday 11-21.
    const conta = { vencimento: '2026-11-20', registradas: [-3] };
    expect(decidirEtapa(conta, REGUA, '2026-11-20', JANELA)).toEqual({ enviar: null, pular: [] });
    expect(decidirEtapa(conta, REGUA, '2026-11-21', JANELA)).toEqual({ enviar: etapa(0), pular: [] });
  });
});

describe('planejarCliente', () => {
  const HOJE = '2026-03-20';
  // On 2026-03-20: 03-13 is at +7, 03-20 at its due date, 04-10 not due for anything yet.
  const aMaisAntiga: ContaAberta = {
    id: 7,
    vencimento: '2026-03-13',
    saldoCentavos: 1001,
    registradas: [-3, 0, 3],
  };
  const aDeHoje: ContaAberta = { id: 3, vencimento: '2026-03-20', saldoCentavos: 2002, registradas: [-3] };
  const aFutura: ContaAberta = { id: 1, vencimento: '2026-04-10', saldoCentavos: 50_000, registradas: [] };

  it('puts every receivable due a step today into one message, oldest due date first', () => {
    const { plano, pulos } = planejarCliente([aFutura, aDeHoje, aMaisAntiga], REGUA, HOJE, JANELA);
    expect(plano).toEqual({
      etapa: etapa(7),
      contas: [
        { id: 7, vencimento: '2026-03-13', saldoCentavos: 1001, etapa: etapa(7) },
        { id: 3, vencimento: '2026-03-20', saldoCentavos: 2002, etapa: etapa(0) },
      ],
      totalCentavos: 3003,
    });
    expect(pulos).toEqual([]);
  });

  it('orders receivables with the same due date by id', () => {
    const outra: ContaAberta = { ...aDeHoje, id: 2, saldoCentavos: 1 };
    const { plano } = planejarCliente([aDeHoje, outra], REGUA, HOJE, JANELA);
    expect(plano?.contas.map((c) => c.id)).toEqual([2, 3]);
    expect(plano?.totalCentavos).toBe(2003);
  });

  it('sorts the steps itself and sends the most advanced one when steps come unordered', () => {
    const desordenadas = [etapa(15), etapa(0), etapa(7), etapa(-3), etapa(3)];
    const atrasada: ContaAberta = { ...aMaisAntiga, registradas: [] };
    const { plano, pulos } = planejarCliente([atrasada], desordenadas, HOJE, JANELA);
    expect(plano?.etapa).toEqual(etapa(7));
    expect(pulos).toEqual(etapas(-3, 0, 3).map((e) => ({ contaId: 7, etapa: e })));
  });

  it('records the catch-up skips of every receivable beside the plan', () => {
    const semRegistro: ContaAberta = { ...aMaisAntiga, registradas: [] };
    const { plano, pulos } = planejarCliente([semRegistro, aDeHoje], REGUA, HOJE, JANELA);
    expect(plano?.contas.map((c) => [c.id, c.etapa.dias])).toEqual([
      [7, 7],
      [3, 0],
    ]);
    expect(pulos).toEqual([
      { contaId: 7, etapa: etapa(-3) },
      { contaId: 7, etapa: etapa(0) },
      { contaId: 7, etapa: etapa(3) },
    ]);
  });

  it.each([
    ['nothing due', [aFutura], []],
    ['no receivables', [], []],
    [
      'only steps behind a recorded one',
      [{ ...aMaisAntiga, registradas: [7] }],
      etapas(-3, 0, 3).map((e) => ({ contaId: 7, etapa: e })),
    ],
  ])('plans no message with %s', (_caso, contas, pulos) => {
    expect(planejarCliente(contas, REGUA, HOJE, JANELA)).toEqual({ plano: null, pulos });
  });
});

describe('proximaVisita', () => {
  const visita = (registradas: number[]) => proximaVisita(VENCIMENTO, registradas, REGUA, JANELA);

  it('is the first step after the last one recorded, on its sending day', () => {
    expect(visita([])).toBe('2026-03-10');
    expect(visita([-3])).toBe('2026-03-13');
    // −3 skipped and 0 sent in one catch-up: the next one is +3.
    expect(visita([-3, 0])).toBe('2026-03-16');
    // A step behind the last recorded one is never sent, so it needs no visit.
    expect(visita([7])).toBe('2026-03-28');
  });

  it('is never once the last step is recorded', () => {
    expect(visita([15])).toBe('infinity');
    expect(visita([-3, 0, 3, 7, 15])).toBe('infinity');
  });
});
