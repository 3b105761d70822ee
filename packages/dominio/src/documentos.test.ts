import { describe, expect, it } from 'vitest';
import {
  completarCpf,
  formatarDocumento,
  gerarCnpj,
  gerarCpf,
  identificarDocumento,
  normalizarDocumento,
  validarCnpj,
  validarCpf,
} from './documentos.ts';

// Every vector below was checked by hand-computing the check digits (mod 11) before asserting.

// Small LCG so the round-trip test is reproducible without depending on the demo module.
const lcg = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
};

describe('normalizarDocumento', () => {
  it('strips dots, dashes, slashes and whitespace', () => {
    expect(normalizarDocumento(' 529.982.247-25 ')).toBe('52998224725');
    expect(normalizarDocumento('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizarDocumento('11 222\t333')).toBe('11222333');
  });

  it('upper-cases the letters of an alphanumeric CNPJ', () => {
    expect(normalizarDocumento('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
});

describe('validarCpf', () => {
  it.each(['52998224725', '11144477735', '12345678909', '93541134780'])('accepts the valid CPF %s', (cpf) => {
    expect(validarCpf(cpf)).toBe(true);
  });

  it('rejects a wrong second check digit', () => {
    expect(validarCpf('52998224724')).toBe(false);
  });

  it('rejects a wrong first check digit', () => {
    expect(validarCpf('52998224715')).toBe(false);
  });

  it('rejects repeated digits even though their check digits add up', () => {
    expect(validarCpf('11111111111')).toBe(false);
    expect(validarCpf('00000000000')).toBe(false);
  });

  it('rejects the wrong length', () => {
    expect(validarCpf('5299822472')).toBe(false);
    expect(validarCpf('529982247250')).toBe(false);
    expect(validarCpf('')).toBe(false);
  });

  it('rejects letters and punctuation', () => {
    expect(validarCpf('5299822472A')).toBe(false);
    expect(validarCpf('529.982.247-25')).toBe(false);
  });
});

describe('validarCnpj', () => {
  it.each(['11222333000181', '12345678000195', '00000000000191'])('accepts the numeric CNPJ %s', (cnpj) => {
    expect(validarCnpj(cnpj)).toBe(true);
  });

  it('accepts the Receita Federal alphanumeric example 12.ABC.345/01DE-35', () => {
    expect(validarCnpj('12ABC34501DE35')).toBe(true);
  });

  it('rejects wrong check digits', () => {
    expect(validarCnpj('11222333000182')).toBe(false);
    expect(validarCnpj('11222333000191')).toBe(false);
    expect(validarCnpj('12ABC34501DE36')).toBe(false);
  });

  it('rejects letters in the check-digit positions', () => {
    expect(validarCnpj('12ABC34501DE3A')).toBe(false);
    expect(validarCnpj('12ABC34501DEA5')).toBe(false);
  });

  it('rejects repeated characters even though their check digits add up', () => {
    expect(validarCnpj('00000000000000')).toBe(false);
    expect(validarCnpj('11111111111111')).toBe(false);
  });

  it('rejects the wrong length', () => {
    expect(validarCnpj('1122233300018')).toBe(false);
    expect(validarCnpj('112223330001811')).toBe(false);
  });

  it('expects the normalised form (upper case, no punctuation)', () => {
    expect(validarCnpj('12abc34501de35')).toBe(false);
    expect(validarCnpj('11.222.333/0001-81')).toBe(false);
  });
});

describe('identificarDocumento', () => {
  it('classifies a formatted CPF', () => {
    expect(identificarDocumento('529.982.247-25')).toEqual({ tipo: 'cpf', documento: '52998224725' });
  });

  it('classifies a formatted numeric CNPJ', () => {
    expect(identificarDocumento('11.222.333/0001-81')).toEqual({ tipo: 'cnpj', documento: '11222333000181' });
  });

  it('classifies a lower-case alphanumeric CNPJ', () => {
    expect(identificarDocumento('12.abc.345/01de-35')).toEqual({ tipo: 'cnpj', documento: '12ABC34501DE35' });
  });

  it('answers null for invalid documents', () => {
    expect(identificarDocumento('529.982.247-24')).toBeNull();
    expect(identificarDocumento('111.111.111-11')).toBeNull();
    expect(identificarDocumento('11.222.333/0001-82')).toBeNull();
    expect(identificarDocumento('12345')).toBeNull();
    expect(identificarDocumento('')).toBeNull();
    expect(identificarDocumento('5299822472A')).toBeNull();
  });
});

describe('formatarDocumento', () => {
  it('formats a CPF', () => {
    expect(formatarDocumento('12345678909')).toBe('123.456.789-09');
  });

  it('formats a numeric CNPJ', () => {
    expect(formatarDocumento('12345678000195')).toBe('12.345.678/0001-95');
  });

  it('formats an alphanumeric CNPJ', () => {
    expect(formatarDocumento('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('is idempotent on an already formatted value', () => {
    expect(formatarDocumento('529.982.247-25')).toBe('529.982.247-25');
  });

  it('formats a lower-case alphanumeric CNPJ in upper case', () => {
    expect(formatarDocumento('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('leaves anything not shaped like a CPF or a CNPJ as given (foreign documents)', () => {
    expect(formatarDocumento('12.345')).toBe('12.345');
    expect(formatarDocumento('P1234567')).toBe('P1234567');
    expect(formatarDocumento('AB-123.456')).toBe('AB-123.456');
  });
});

describe('completarCpf', () => {
  it('appends the two check digits to the nine base digits', () => {
    expect(completarCpf('529982247')).toBe('52998224725');
    expect(completarCpf('123456789')).toBe('12345678909');
    expect(validarCpf(completarCpf('100000042'))).toBe(true);
  });
});

describe('gerarCpf and gerarCnpj', () => {
  it('generate documents that always validate', () => {
    const random = lcg(2026);
    for (let i = 0; i < 500; i++) {
      const cpf = gerarCpf(random);
      const cnpj = gerarCnpj(random);
      expect(cpf).toMatch(/^\d{11}$/);
      expect(cnpj).toMatch(/^\d{12}\d{2}$/);
      expect(validarCpf(cpf)).toBe(true);
      expect(validarCnpj(cnpj)).toBe(true);
      expect(identificarDocumento(cpf)?.tipo).toBe('cpf');
      expect(identificarDocumento(cnpj)?.tipo).toBe('cnpj');
    }
  });

  it('are deterministic for the same PRNG seed', () => {
    const a = lcg(7);
    const b = lcg(7);
    expect([gerarCpf(a), gerarCnpj(a)]).toEqual([gerarCpf(b), gerarCnpj(b)]);
  });

  it('still produce a valid document from a degenerate constant PRNG', () => {
    expect(gerarCpf(() => 0)).toBe('00000000191');
    expect(validarCpf(gerarCpf(() => 0.99))).toBe(true);
    expect(validarCnpj(gerarCnpj(() => 0))).toBe(true);
    expect(validarCnpj(gerarCnpj(() => 0.99))).toBe(true);
  });
});
