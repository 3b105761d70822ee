import { describe, expect, it } from 'vitest';
import { motivoCancelamento } from './enviador.ts';

const HOJE = '2026-03-20';
const SETTINGS = { tentativas_com_falhas: 3 };
type Situacao = Parameters<typeof motivoCancelamento>[0];
const EM_DIA: Situacao = {
  status: 'ativo',
  opt_out: false,
  soneca_ate: null,
  numero_chamadas: 0,
  conta_fechada: false,
  em_debito: false,
  termos_hoje: false,
  dia_passou: false,
  canal_bloqueado: false,
};

const SAIU = 'O cliente saiu da cobrança automática antes do envio.';
const OPT_OUT = 'O cliente pediu para não receber mensagens.';
const PROMESSA = 'Há uma promessa de pagamento em curso.';
const LIMITE = 'O cliente atingiu o limite de tentativas sem resposta.';
const FECHADA = 'Uma das contas da mensagem foi paga ou negociada; a régua refaz o plano.';
const EM_DEBITO =
  'Uma das parcelas da mensagem passou ao débito automático; o cliente recebe só o aviso do débito.';
const TERMOS = 'O cliente recebeu hoje os termos de um acordo; a régua volta a partir de amanhã.';
const BLOQUEADO =
  'O cliente deixou de receber por este canal (descadastro ou e-mail devolvido); a mensagem segue pelo próximo canal da etapa, se houver.';
const DIA_PASSOU = 'O dia desta mensagem passou sem envio; a régua refaz o plano.';

describe('motivoCancelamento', () => {
  it.each([
    ['status pausado', { status: 'pausado' }, SAIU],
    ['status em_atendimento', { status: 'em_atendimento' }, SAIU],
    ['status concluido', { status: 'concluido' }, SAIU],
    ['no customer any more', { status: null }, SAIU],
    ['opted out', { opt_out: true }, OPT_OUT],
    ['snoozed until today', { soneca_ate: HOJE }, PROMESSA],
    ['snoozed until a later day', { soneca_ate: '2026-04-10' }, PROMESSA],
    ['attempts at the limit', { numero_chamadas: 3 }, LIMITE],
    ['attempts over the limit', { numero_chamadas: 7 }, LIMITE],
    ['a receivable closed', { conta_fechada: true }, FECHADA],
    ['an instalment went into automatic debit', { em_debito: true }, EM_DEBITO],
    ['an agreement’s terms went today', { termos_hoje: true }, TERMOS],
    ['the customer left the message’s channel', { canal_bloqueado: true }, BLOQUEADO],
    ['a fallback’s day passed', { dia_passou: true }, DIA_PASSOU],
  ])('cancels when %s', (_caso, mudanca, motivo) => {
    expect(motivoCancelamento({ ...EM_DIA, ...mudanca }, SETTINGS, HOJE)).toBe(motivo);
  });

  it.each([
    ['all is in order', {}],
    ['the snooze ended yesterday', { soneca_ate: '2026-03-19' }],
    ['attempts are one under the limit', { numero_chamadas: 2 }],
  ])('lets the message go when %s', (_caso, mudanca) => {
    expect(motivoCancelamento({ ...EM_DIA, ...mudanca }, SETTINGS, HOJE)).toBeNull();
  });

  it('gives the first reason when several apply', () => {
    const tudo: Situacao = {
      status: 'pausado',
      opt_out: true,
      soneca_ate: HOJE,
      numero_chamadas: 9,
      conta_fechada: true,
      em_debito: true,
      termos_hoje: true,
      dia_passou: true,
      canal_bloqueado: true,
    };
    expect(motivoCancelamento(tudo, SETTINGS, HOJE)).toBe(SAIU);
    expect(motivoCancelamento({ ...tudo, status: 'ativo' }, SETTINGS, HOJE)).toBe(OPT_OUT);
  });
});
