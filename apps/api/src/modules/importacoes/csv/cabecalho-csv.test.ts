import { describe, expect, it } from 'vitest';
import { chaveCabecalho, mapearCabecalho } from './cabecalho-csv.ts';

describe('mapearCabecalho', () => {
  it('maps the template header in order', () => {
    expect(
      mapearCabecalho(['nome', 'documento', 'telefone', 'email', 'descricao', 'valor', 'vencimento']),
    ).toEqual({
      ok: true,
      colunas: { nome: 0, documento: 1, telefone: 2, email: 3, descricao: 4, valor: 5, vencimento: 6 },
    });
  });

  it('matches names ignoring case, accents, spaces and punctuation, and common synonyms', () => {
    const cabecalho = mapearCabecalho([
      'Código',
      'RAZÃO SOCIAL',
      'CPF/CNPJ',
      'Celular (WhatsApp)',
      'E-mail',
      'Descrição',
      'Valor (R$)',
      'Data de Vencimento',
    ]);
    expect(cabecalho).toEqual({
      ok: true,
      colunas: { nome: 1, documento: 2, email: 4, descricao: 5, valor: 6, vencimento: 7 },
    });
  });

  it('takes the first of two columns that mean the same', () => {
    expect(mapearCabecalho(['Nome', 'CPF', 'CNPJ'])).toEqual({
      ok: true,
      colunas: { nome: 0, documento: 1 },
    });
  });

  it('names the required columns that are missing', () => {
    expect(mapearCabecalho(['telefone', 'valor'])).toEqual({
      ok: false,
      mensagem: expect.stringContaining('nome, documento'),
    });
    expect(mapearCabecalho(['nome'])).toEqual({
      ok: false,
      mensagem: expect.stringContaining(': documento.'),
    });
  });

  it('chaveCabecalho keeps only unaccented letters and digits', () => {
    expect(chaveCabecalho(' Número do Título ')).toBe('numerodotitulo');
  });
});
