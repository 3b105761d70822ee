import { describe, expect, it } from 'vitest';
import { conflitoComPrimeira, PrimeirasLinhas } from './documento-repetido.ts';
import type { ClienteImportado } from './linha-cliente.ts';

const MARIA: ClienteImportado = {
  nome: 'Maria da Silva',
  documento: '52998224725',
  documentoTipo: 'cpf',
  telefone: '+5511987654321',
  email: 'maria@exemplo.com.br',
};
const primeira = { linha: 7, cliente: MARIA };

describe('conflitoComPrimeira', () => {
  it.each([
    ['the same contact data', {}],
    ['empty cells', { telefone: null, email: null }],
    ['the e-mail in other letter case', { email: 'MARIA@Exemplo.com.br' }],
    ['another spelling of the name (the first is kept)', { nome: 'MARIA DA SILVA' }],
  ])('lets a later row with %s add its receivable', (_caso, mudanca) => {
    expect(conflitoComPrimeira(primeira, { ...MARIA, ...mudanca })).toBeNull();
  });

  it('refuses another phone, another e-mail, or both, naming the first row', () => {
    expect(conflitoComPrimeira(primeira, { ...MARIA, telefone: '+5511912345678' })).toBe(
      'Documento repetido (mesmo da linha 7) com telefone diferente: valem os dados da linha 7.',
    );
    expect(conflitoComPrimeira(primeira, { ...MARIA, email: 'outra@exemplo.com.br' })).toBe(
      'Documento repetido (mesmo da linha 7) com e-mail diferente: valem os dados da linha 7.',
    );
    expect(
      conflitoComPrimeira(primeira, { ...MARIA, telefone: '+5511912345678', email: 'outra@exemplo.com.br' }),
    ).toBe(
      'Documento repetido (mesmo da linha 7) com telefone e e-mail diferentes: valem os dados da linha 7.',
    );
  });

  it('a first row without a phone takes none from a later one', () => {
    expect(conflitoComPrimeira({ linha: 2, cliente: { ...MARIA, telefone: null } }, MARIA)).toBeNull();
  });
});

describe('PrimeirasLinhas', () => {
  it('gives back the first row of each document as it was, empty contacts as null', () => {
    const primeiras = new PrimeirasLinhas();
    const semContato: ClienteImportado = {
      nome: 'Empresa; "Ltda" — São João',
      documento: '11222333000181',
      documentoTipo: 'cnpj',
      telefone: null,
      email: null,
    };
    primeiras.guardar(7, MARIA);
    primeiras.guardar(12, semContato);
    expect(primeiras.buscar(MARIA.documento)).toEqual({ linha: 7, cliente: MARIA });
    expect(primeiras.buscar(semContato.documento)).toEqual({ linha: 12, cliente: semContato });
    expect(primeiras.buscar('39053344705')).toBeUndefined();
  });
});
