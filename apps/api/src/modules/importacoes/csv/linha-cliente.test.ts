import { formatarLinhaDigitavel, linhaDoCodigo, montarCodigoDeBarras } from '@cobranca/dominio';
import { describe, expect, it } from 'vitest';
import type { MapaColunas } from './cabecalho-csv.ts';
import { DESCRICAO_PADRAO_CSV, validarLinhaCliente } from './linha-cliente.ts';

const COLUNAS: MapaColunas = {
  nome: 0,
  documento: 1,
  telefone: 2,
  email: 3,
  descricao: 4,
  valor: 5,
  vencimento: 6,
  banco: 7,
  nosso_numero: 8,
  linha_digitavel: 9,
  codigo_barras: 10,
};
const linha = (...campos: string[]) => validarLinhaCliente(campos, COLUNAS);

describe('validarLinhaCliente', () => {
  it('reads a person with a receivable', () => {
    expect(
      linha(
        '  Maria   da Silva ',
        '529.982.247-25',
        '(11) 98765-4321',
        'Maria@Ex.com',
        'Mensalidade',
        'R$ 1.234,56',
        '31/12/2026',
      ),
    ).toEqual({
      ok: true,
      cliente: {
        nome: 'Maria da Silva',
        documento: '52998224725',
        documentoTipo: 'cpf',
        telefone: '+5511987654321',
        email: 'maria@ex.com',
      },
      conta: { descricao: 'Mensalidade', valorCentavos: 123_456, vencimento: '2026-12-31', boleto: null },
    });
  });

  it('reads a company (also the alphanumeric CNPJ) without contact data or receivable', () => {
    expect(linha('Empresa', '11.222.333/0001-81', '', '', '', '', '')).toMatchObject({
      ok: true,
      cliente: { documento: '11222333000181', documentoTipo: 'cnpj', telefone: null, email: null },
      conta: null,
    });
    expect(linha('Empresa Nova', '12.ABC.345/01DE-35', '', '', '', '', '')).toMatchObject({
      ok: true,
      cliente: { documento: '12ABC34501DE35', documentoTipo: 'cnpj' },
    });
  });

  it('gives a receivable without description a default one', () => {
    expect(linha('Ana', '52998224725', '', '', '', '10', '2026-12-31')).toMatchObject({
      conta: { descricao: DESCRICAO_PADRAO_CSV, valorCentavos: 1_000 },
    });
  });

  it('reports every problem of the row at once, by field', () => {
    expect(linha('A', '529.982.247-26', '(11) 3333-4444', 'x@', 'Conta', '', '')).toEqual({
      ok: false,
      problemas: [
        { campo: 'nome', mensagem: 'O nome deve ter entre 2 e 200 caracteres.' },
        { campo: 'documento', mensagem: 'CPF/CNPJ inválido: "529.982.247-26".' },
        { campo: 'telefone', mensagem: expect.stringContaining('Telefone inválido para WhatsApp') },
        { campo: 'email', mensagem: 'E-mail inválido: "x@".' },
        { campo: 'valor', mensagem: 'Informe o valor.' },
        { campo: 'vencimento', mensagem: 'Informe o vencimento.' },
      ],
    });
  });

  it.each([
    ['00000000000', 'repeated digits'],
    ['11111111111111', 'repeated digits CNPJ'],
    ['1234567890', 'too short'],
  ])('refuses document %s (%s)', (documento) => {
    expect(linha('Nome', documento, '', '', '', '', '')).toMatchObject({
      ok: false,
      problemas: [{ campo: 'documento' }],
    });
  });

  it('asks for the name and the document when missing, and tolerates short rows', () => {
    expect(validarLinhaCliente([''], COLUNAS)).toEqual({
      ok: false,
      problemas: [
        { campo: 'nome', mensagem: 'Informe o nome.' },
        { campo: 'documento', mensagem: 'Informe o CPF ou CNPJ.' },
      ],
    });
  });

  it("reads the receivable's boleto, and refuses one that is not the receivable's, on its field", () => {
    const codigo = montarCodigoDeBarras({
      banco: '341',
      vencimento: '2026-12-31',
      valorCentavos: 35_000,
      campoLivre: '1091234567812340123456000',
    });
    const linhaDigitavel = formatarLinhaDigitavel(linhaDoCodigo(codigo));
    const comBoleto = (valor: string, banco: string) =>
      linha(
        'Empresa',
        '11.222.333/0001-81',
        '',
        '',
        'NF 1',
        valor,
        '31/12/2026',
        banco,
        '0012345678',
        linhaDigitavel,
        '',
      );
    expect(comBoleto('350,00', '')).toMatchObject({
      ok: true,
      conta: { boleto: { banco: '341', nossoNumero: '12345678', codigoBarras: codigo } },
    });
    expect(comBoleto('300,00', '237')).toEqual({
      ok: false,
      problemas: [
        { campo: 'banco', mensagem: 'O boleto é do banco 341, não do 237.' },
        { campo: 'linha_digitavel', mensagem: 'O valor do boleto (R$ 350,00) não é o da conta (R$ 300,00).' },
      ],
    });
  });
});
