import { type SistemaSettings, sistemaSettings } from '@cobranca/contracts';
import { describe, expect, it } from 'vitest';
import {
  chavesAlteradas,
  fusoHorarioCanonico,
  normalizarChavePix,
  sistemaSettingsBody,
  tipoChavePix,
  validarSistema,
} from './sistema-validacao.ts';

const PADRAO = sistemaSettings.parse({});
const PIX_OK = { chave: '', nome_recebedor: 'EMPRESA DEMO', cidade: 'SAO PAULO' };

describe('tipoChavePix', () => {
  it.each([
    ['529.982.247-25', 'cpf'],
    ['52998224725', 'cpf'],
    ['11.222.333/0001-81', 'cnpj'],
    ['cobranca@empresa.com.br', 'email'],
    ['+5511987654321', 'telefone'],
    ['+551140028922', 'telefone'],
    ['123e4567-e89b-12d3-a456-426614174000', 'aleatoria'],
  ])('recognises %s as %s', (chave, tipo) => {
    expect(tipoChavePix(chave)).toBe(tipo);
  });

  it.each([
    '529.982.247-24', // wrong check digit
    '11111111111',
    '+1 415 555 0100',
    '+14155550100', // not Brazilian
    '11987654321', // phone without +55
    'nao-e-email@',
    '123e4567-e89b-12d3-a456-42661417400', // uuid one char short
    'qualquer coisa',
  ])('refuses %s', (chave) => {
    expect(tipoChavePix(chave)).toBeNull();
  });
});

describe('normalizarChavePix', () => {
  it('keeps CPF/CNPJ digits only and lower-cases e-mail and random keys', () => {
    expect(normalizarChavePix('529.982.247-25', 'cpf')).toBe('52998224725');
    expect(normalizarChavePix('11.222.333/0001-81', 'cnpj')).toBe('11222333000181');
    expect(normalizarChavePix('Cobranca@Empresa.COM.br', 'email')).toBe('cobranca@empresa.com.br');
    expect(normalizarChavePix('123E4567-E89B-12D3-A456-426614174000', 'aleatoria')).toBe(
      '123e4567-e89b-12d3-a456-426614174000',
    );
    expect(normalizarChavePix('+5511987654321', 'telefone')).toBe('+5511987654321');
  });
});

describe('fusoHorarioCanonico', () => {
  it('accepts IANA names and returns the canonical spelling', () => {
    expect(fusoHorarioCanonico('America/Sao_Paulo')).toBe('America/Sao_Paulo');
    expect(fusoHorarioCanonico('america/sao_paulo')).toBe('America/Sao_Paulo');
    expect(fusoHorarioCanonico('America/Manaus')).toBe('America/Manaus');
    expect(fusoHorarioCanonico('UTC')).toBe('UTC');
  });

  it.each(['Mars/Olympus_Mons', '', 'Sao Paulo', '+03:00', '-03:00'])('refuses %j', (fuso) => {
    expect(fusoHorarioCanonico(fuso)).toBeNull();
  });
});

describe('validarSistema', () => {
  it('accepts the defaults as they are', () => {
    expect(validarSistema(PADRAO)).toEqual({ settings: PADRAO, errors: {} });
  });

  it('names the path of every repeated régua day after the first', () => {
    const regua: SistemaSettings['regua'] = [
      { dias: -3, tipo: 'lembrete', canais: ['whatsapp'] },
      { dias: 0, tipo: 'vencimento', canais: ['whatsapp'] },
      { dias: -3, tipo: 'atraso', canais: ['whatsapp'] },
      { dias: 0, tipo: 'atraso', canais: ['whatsapp'] },
    ];
    const { errors } = validarSistema({ ...PADRAO, regua });
    expect(Object.keys(errors).sort()).toEqual(['regua.2.dias', 'regua.3.dias']);
  });

  it('requires receiver name and city once a PIX key is set', () => {
    const { errors } = validarSistema({
      ...PADRAO,
      pix: { chave: '52998224725', nome_recebedor: '', cidade: '' },
    });
    expect(Object.keys(errors).sort()).toEqual(['pix.cidade', 'pix.nome_recebedor']);
  });

  it('refuses an invalid PIX key and an unknown time zone', () => {
    const { errors } = validarSistema({
      ...PADRAO,
      pix: { ...PIX_OK, chave: '123.456.789-00' },
      fuso_horario: 'Brasil/Brasilia',
    });
    expect(Object.keys(errors).sort()).toEqual(['fuso_horario', 'pix.chave']);
  });

  it('returns the normalised key and zone', () => {
    const { settings, errors } = validarSistema({
      ...PADRAO,
      pix: { ...PIX_OK, chave: '11.222.333/0001-81' },
      fuso_horario: 'america/recife',
    });
    expect(errors).toEqual({});
    expect(settings.pix.chave).toBe('11222333000181');
    expect(settings.fuso_horario).toBe('America/Recife');
  });
});

describe('sistemaSettingsBody', () => {
  it('refuses unknown keys at every level and keeps the shared rules', () => {
    const issues = (valor: object) => sistemaSettingsBody.safeParse(valor).error?.issues ?? [];
    expect(issues({ ...PADRAO, extra: 1 })[0]).toMatchObject({ code: 'unrecognized_keys', path: [] });
    expect(issues({ ...PADRAO, pix: { ...PADRAO.pix, x: 1 } })[0]).toMatchObject({ path: ['pix'] });
    expect(issues({ ...PADRAO, regua: [{ dias: 1, tipo: 'atraso', x: 1 }] })[0]).toMatchObject({
      path: ['regua', 0],
    });
    const sabado = { inicio: '14:00', fim: '08:00', x: 1 };
    const janela = issues({ ...PADRAO, janela_envio: { ...PADRAO.janela_envio, sabado } });
    expect(janela.map((i) => i.path.join('.')).sort()).toEqual([
      'janela_envio.sabado',
      'janela_envio.sabado.fim',
    ]);
    expect(issues({ ...PADRAO, regua: [] })[0]?.message).toBe('Configure ao menos uma etapa.');
  });

  it('parses the defaults like the shared schema does', () => {
    expect(sistemaSettingsBody.parse({})).toEqual(PADRAO);
    expect(sistemaSettingsBody.parse(PADRAO)).toEqual(PADRAO);
  });
});

describe('chavesAlteradas', () => {
  it('lists the top-level keys whose value changed', () => {
    const depois = { ...PADRAO, sessao_horas: 8, pix: { ...PADRAO.pix, cidade: 'RECIFE' } };
    expect(chavesAlteradas(PADRAO, depois)).toEqual(['pix', 'sessao_horas']);
    expect(chavesAlteradas(PADRAO, PADRAO)).toEqual([]);
  });
});
