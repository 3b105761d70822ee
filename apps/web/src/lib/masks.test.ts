import { IMask } from 'react-imask';
import { describe, expect, it, vi } from 'vitest';
import {
  applyMask,
  isNumericMask,
  MASKS,
  type MaskSpec,
  toImaskPattern,
  toMaskOptions,
  unmask,
} from './masks.ts';

describe('applyMask with the presets', () => {
  it('formats a CPF', () => {
    expect(applyMask('52998224725', 'cpf')).toBe('529.982.247-25');
    expect(applyMask('52998224725', MASKS.cpf)).toBe('529.982.247-25');
  });

  it('formats a partial CPF without trailing separators', () => {
    expect(applyMask('529982', 'cpf')).toBe('529.982');
  });

  it('reformats an already masked value unchanged', () => {
    expect(applyMask('529.982.247-25', 'cpf')).toBe('529.982.247-25');
  });

  it('drops characters beyond the mask', () => {
    expect(applyMask('5299822472599', 'cpf')).toBe('529.982.247-25');
  });

  it('formats a numeric CNPJ', () => {
    expect(applyMask('11222333000181', 'cnpj')).toBe('11.222.333/0001-81');
  });

  it('formats an alphanumeric CNPJ', () => {
    expect(applyMask('12ABC34501DE35', 'cnpj')).toBe('12.ABC.345/01DE-35');
  });

  it('upper-cases the letters of an alphanumeric CNPJ, by preset name or by its pattern', () => {
    expect(applyMask('12abc34501de35', 'cnpj')).toBe('12.ABC.345/01DE-35');
    expect(applyMask('12abc34501de35', MASKS.cnpj)).toBe('12.ABC.345/01DE-35');
  });

  it('rejects a letter in the check digits of a CNPJ', () => {
    expect(applyMask('12ABC34501DEX5', 'cnpj')).toBe('12.ABC.345/01DE-5');
  });

  it('formats a CEP', () => {
    expect(applyMask('01310100', 'cep')).toBe('01310-100');
  });

  it('formats a 10-digit landline number', () => {
    expect(applyMask('1134567890', 'telefone')).toBe('(11) 3456-7890');
  });

  it('formats an 11-digit mobile number', () => {
    expect(applyMask('11987654321', 'telefone')).toBe('(11) 98765-4321');
    expect(applyMask('11987654321', MASKS.telefone)).toBe('(11) 98765-4321');
  });

  it('reads up to 11 characters as a CPF and more as a CNPJ', () => {
    expect(applyMask('52998224725', 'cpfCnpj')).toBe('529.982.247-25');
    expect(applyMask('11222333000181', 'cpfCnpj')).toBe('11.222.333/0001-81');
  });

  it('switches to the CNPJ as soon as a letter is typed', () => {
    expect(applyMask('12abc34501de35', 'cpfCnpj')).toBe('12.ABC.345/01DE-35');
  });
});

describe('applyMask on complete values', () => {
  const complete: [string, MaskSpec][] = [
    ['52998224725', 'cpf'],
    ['12abc34501de35', 'cnpj'],
    ['1134567890', 'telefone'],
    ['11987654321', 'telefone'],
    ['11222333000181', 'cpfCnpj'],
    ['abc1234', 'AAA-####'],
    ['123', '#!##!A#'],
    ['123', '[#]{#}`#'],
  ];

  it('lays them into the pattern without imask, as imask would', () => {
    const pipe = vi.spyOn(IMask, 'pipe');
    const laid = complete.map(([value, spec]) => applyMask(value, spec));
    expect(pipe).not.toHaveBeenCalled();
    pipe.mockRestore();
    expect(laid).toEqual(complete.map(([value, spec]) => IMask.pipe(value, toMaskOptions(spec))));
  });
});

describe('applyMask tokens', () => {
  it('# accepts digits and skips a letter', () => {
    expect(applyMask('1a2b3', '###')).toBe('123');
  });

  it('X accepts letters and digits and keeps their case', () => {
    expect(applyMask('a1B2-c', 'XXXXX')).toBe('a1B2c');
  });

  it('S accepts letters only and keeps their case', () => {
    expect(applyMask('a1B', 'SS')).toBe('aB');
  });

  it('A upper-cases letters', () => {
    expect(applyMask('abc1234', 'AAA-####')).toBe('ABC-1234');
  });

  it('a lower-cases letters', () => {
    expect(applyMask('ABCD', 'aaa-a')).toBe('abc-d');
  });

  it('! makes the next character literal', () => {
    expect(applyMask('1234', '#!#!A#')).toBe('1#A2');
  });

  it('keeps characters imask treats as syntax literal', () => {
    expect(applyMask('12', '0#*#')).toBe('01*2');
    expect(applyMask('123', '[#]{#}`#')).toBe('[1]{2}`3');
  });
});

describe('unmask', () => {
  it('keeps only letters and digits', () => {
    expect(unmask('529.982.247-25')).toBe('52998224725');
    expect(unmask('12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
    expect(unmask('(11) 98765-4321')).toBe('11987654321');
    expect(unmask('01310-100')).toBe('01310100');
    expect(unmask('')).toBe('');
  });
});

describe('toImaskPattern', () => {
  it('keeps tokens and escapes every literal', () => {
    expect(toImaskPattern('###.###-##')).toBe('###\\.###\\-##');
    expect(toImaskPattern('!#0a')).toBe('\\#\\0a');
  });

  it('ignores a trailing escape', () => {
    expect(toImaskPattern('##!')).toBe('##');
  });
});

describe('toMaskOptions', () => {
  it('builds a dynamic mask for a list of patterns', () => {
    const options = toMaskOptions(['##', '###']);
    expect(Array.isArray(options.mask)).toBe(true);
  });

  it('returns the same object for a preset on every call', () => {
    expect(toMaskOptions('cpf')).toBe(toMaskOptions('cpf'));
  });
});

describe('isNumericMask', () => {
  it('is true for digit-only presets', () => {
    expect(isNumericMask('cpf')).toBe(true);
    expect(isNumericMask('cep')).toBe(true);
    expect(isNumericMask('telefone')).toBe(true);
  });

  it('is false when a letter may be typed', () => {
    expect(isNumericMask('cnpj')).toBe(false);
    expect(isNumericMask('cpfCnpj')).toBe(false);
    expect(isNumericMask('AAA-####')).toBe(false);
  });

  it('treats an escaped token as a literal', () => {
    expect(isNumericMask('##!A')).toBe(true);
  });
});
