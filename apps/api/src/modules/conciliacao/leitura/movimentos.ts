import type { TipoLancamento } from '@cobranca/contracts';

// What the retorno's movement codes mean (docs/conciliacao.md §3). CNAB 240 is FEBRABAN's table; each
// CNAB 400 bank has its own. A code not listed is recorded as "outro" with its number.

type Movimento = { tipo: TipoLancamento; descricao: string };

const m = (tipo: TipoLancamento, descricao: string): Movimento => ({ tipo, descricao });

const FEBRABAN: Record<string, Movimento> = {
  '02': m('entrada_confirmada', 'Entrada confirmada'),
  '03': m('entrada_rejeitada', 'Entrada rejeitada'),
  '06': m('liquidacao', 'Liquidação'),
  '09': m('baixa', 'Baixa'),
  '17': m('liquidacao', 'Liquidação após baixa'),
  '19': m('outro', 'Confirmação de instrução de protesto'),
  '25': m('outro', 'Protestado e baixado'),
  '28': m('outro', 'Débito de tarifas ou custas'),
};

const CNAB400: Record<string, Record<string, Movimento>> = {
  // Banco do Brasil CBR643 ("comandos").
  '001': {
    '02': FEBRABAN['02'] as Movimento,
    '03': FEBRABAN['03'] as Movimento,
    '05': m('liquidacao', 'Liquidação sem registro'),
    '06': m('liquidacao', 'Liquidação normal'),
    '07': m('liquidacao', 'Liquidação por conta'),
    '08': m('liquidacao', 'Liquidação por saldo'),
    '09': m('baixa', 'Baixa de título'),
    '10': m('baixa', 'Baixa solicitada'),
    '15': m('liquidacao', 'Liquidação em cartório'),
  },
  '237': {
    '02': FEBRABAN['02'] as Movimento,
    '03': FEBRABAN['03'] as Movimento,
    '06': m('liquidacao', 'Liquidação normal'),
    '09': m('baixa', 'Baixado automaticamente'),
    '10': m('baixa', 'Baixado conforme instruções'),
    '15': m('liquidacao', 'Liquidação em cartório'),
    '17': m('liquidacao', 'Liquidação após baixa'),
  },
  '341': {
    '02': FEBRABAN['02'] as Movimento,
    '03': FEBRABAN['03'] as Movimento,
    '06': m('liquidacao', 'Liquidação normal'),
    '08': m('liquidacao', 'Liquidação em cartório'),
    '09': m('baixa', 'Baixa simples'),
    '10': m('baixa', 'Baixa por ter sido liquidado'),
    '25': m('outro', 'Protestado e baixado'),
  },
  '756': {
    '02': FEBRABAN['02'] as Movimento,
    '03': FEBRABAN['03'] as Movimento,
    '05': m('liquidacao', 'Liquidação sem registro'),
    '06': m('liquidacao', 'Liquidação normal'),
    '09': m('baixa', 'Baixa'),
    '10': m('baixa', 'Baixa por liquidação'),
    '15': m('liquidacao', 'Liquidação em cartório'),
  },
};

const outro = (codigo: string): Movimento => m('outro', `Movimento ${codigo}`);

export const movimentoCnab240 = (codigo: string): Movimento => FEBRABAN[codigo] ?? outro(codigo);

export const movimentoCnab400 = (banco: string, codigo: string): Movimento =>
  CNAB400[banco]?.[codigo] ?? outro(codigo);

export const BANCOS_CNAB400 = Object.keys(CNAB400);
