import { describe, expect, it } from 'vitest';
import {
  chaveEndereco,
  criarLimitesLogin,
  type LoginRateLimit,
  mensagemEspera,
  type Tentativa,
} from './limites-login.ts';

const MINUTO = 60_000;

const montar = () => {
  let agora = 5_000_000;
  const limites: LoginRateLimit = {
    perIp: { max: 60, windowMs: MINUTO },
    failuresPerEmailAndIp: { max: 3, windowMs: 15 * MINUTO },
    failuresPerIp: { max: 5, windowMs: 15 * MINUTO },
    failuresPerEmail: { max: 8, windowMs: 60 * MINUTO },
    now: () => agora,
  };
  const l = criarLimitesLogin(limites);
  const iniciar = (email: string, ip: string): Tentativa => {
    const tentativa = l.iniciar(email, ip);
    if ('esperaSegundos' in tentativa) throw new Error(`recusada: ${tentativa.esperaSegundos} s`);
    return tentativa;
  };
  const espera = (email: string, ip: string) => {
    const tentativa = l.iniciar(email, ip);
    if ('esperaSegundos' in tentativa) return tentativa.esperaSegundos;
    tentativa.anular();
    return 0;
  };
  const falhar = (email: string, ip: string, vezes = 1) => {
    for (let i = 0; i < vezes; i++) iniciar(email, ip);
  };
  return { iniciar, espera, falhar, avancar: (ms: number) => (agora += ms) };
};

describe('criarLimitesLogin', () => {
  it('locks the (e-mail, address) pair, not the e-mail: the owner gets in from another address', () => {
    const l = montar();
    l.falhar('dono@x.com', '192.0.2.1', 3);
    expect(l.espera('dono@x.com', '192.0.2.1')).toBe(900);
    expect(l.espera('dono@x.com', '198.51.100.7')).toBe(0);
    expect(l.espera('outro@x.com', '192.0.2.1')).toBe(0);
  });

  it('limits one address across e-mails', () => {
    const l = montar();
    for (let i = 0; i < 5; i++) l.falhar(`alvo${i}@x.com`, '192.0.2.2');
    expect(l.espera('novo@x.com', '192.0.2.2')).toBe(900);
    expect(l.espera('novo@x.com', '192.0.2.3')).toBe(0);
  });

  it('refuses every new address once an e-mail reaches its ceiling, but not the owner’s known one', () => {
    const l = montar();
    l.iniciar('dono@x.com', '203.0.113.5').sucesso();
    l.avancar(MINUTO); // a success starts no window: the hour runs from the first failure
    for (let i = 0; i < 8; i++) l.falhar('dono@x.com', `192.0.2.${10 + i}`);
    expect(l.espera('dono@x.com', '198.51.100.200')).toBe(3600);
    expect(l.espera('dono@x.com', '203.0.113.5')).toBe(0);
    l.avancar(60 * MINUTO);
    expect(l.espera('dono@x.com', '198.51.100.200')).toBe(0);
  });

  it('counts only failures, and a success does not give a guesser a fresh budget', () => {
    const l = montar();
    for (let i = 0; i < 20; i++) l.iniciar('dono@x.com', '192.0.2.1').sucesso();
    l.falhar('dono@x.com', '192.0.2.1', 2);
    l.iniciar('dono@x.com', '192.0.2.1').sucesso();
    l.falhar('dono@x.com', '192.0.2.1');
    expect(l.espera('dono@x.com', '192.0.2.1')).toBe(900);
  });

  it('counts an attempt as it starts, so parallel guesses cannot all pass the check', () => {
    const l = montar();
    const emCurso = [l.iniciar('dono@x.com', '192.0.2.1'), l.iniciar('dono@x.com', '192.0.2.1')];
    l.iniciar('dono@x.com', '192.0.2.1');
    expect(l.espera('dono@x.com', '192.0.2.1')).toBe(900);
    for (const tentativa of emCurso) tentativa.anular();
    expect(l.espera('dono@x.com', '192.0.2.1')).toBe(0);
  });

  it('counts IPv6 per /64, so one host cannot rotate addresses for fresh budgets', () => {
    const l = montar();
    for (let i = 1; i <= 3; i++) l.falhar('dono@x.com', `2001:db8:0:1::${i}`);
    expect(l.espera('dono@x.com', '2001:db8:0:1:ffff::9')).toBe(900);
    expect(l.espera('dono@x.com', '2001:db8:0:2::1')).toBe(0);
  });
});

describe('chaveEndereco', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0000:0000:abcd::1', '2001:db8:0:0::/64'],
    ['2001:db8:a:b:c:d:e:f', '2001:db8:a:b::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::192.0.2.1', '0:0:0:0::/64'],
  ])('%s counts as %s', (ip, chave) => {
    expect(chaveEndereco(ip)).toBe(chave);
  });
});

describe('mensagemEspera', () => {
  it.each([
    [0.2, 'em 1 segundo'],
    [1, 'em 1 segundo'],
    [45, 'em 45 segundos'],
    [59.5, 'em 1 minuto'],
    [60, 'em 1 minuto'],
    [61, 'em 2 minutos'],
    [900, 'em 15 minutos'],
    [3600, 'em 60 minutos'],
  ])('%s s → "%s"', (segundos, quando) => {
    expect(mensagemEspera(segundos)).toBe(`Muitas tentativas de login. Tente novamente ${quando}.`);
  });
});
