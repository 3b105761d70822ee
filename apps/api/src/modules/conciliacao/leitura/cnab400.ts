import { normalizarNossoNumero } from '@cobranca/dominio';
import {
  type ArquivoLido,
  campo,
  centavosDoCampo,
  conferirLargura,
  conferirTotal,
  dataDoCampo,
  ErroDeArquivo,
  type Lancamento,
} from './lancamento.ts';
import { BANCOS_CNAB400, movimentoCnab400 } from './movimentos.ts';

// The CNAB 400 retorno of cobrança (docs/conciliacao.md §3): each bank its own 400-column layout. Header
// `02RETORNO`, the bank at 77–79; details of type 1 (Banco do Brasil CBR643: 7); a trailer of type 9; every
// record numbered at 395–400 from 1. The amounts and dates sit at the same columns in the four layouts
// read here; the nosso número and the credit date do not.

const TAMANHO = 400;

type Layout = { detalhe: string; nosso: [number, number]; credito: [number, number] };

const LAYOUTS: Record<string, Layout> = {
  '001': { detalhe: '7', nosso: [64, 80], credito: [176, 181] },
  '237': { detalhe: '1', nosso: [71, 82], credito: [296, 301] },
  '341': { detalhe: '1', nosso: [63, 70], credito: [296, 301] },
  '756': { detalhe: '1', nosso: [63, 74], credito: [176, 181] },
};

const NOMES: Record<string, string> = {
  '001': 'Banco do Brasil',
  '237': 'Bradesco',
  '341': 'Itaú',
  '756': 'Sicoob',
};

const lancamento = (
  banco: string,
  layout: Layout,
  l: string,
  n: number,
  dataDoArquivo: string,
): Lancamento => {
  const codigo = campo(l, 109, 110);
  const movimento = movimentoCnab400(banco, codigo);
  const nosso = normalizarNossoNumero(campo(l, ...layout.nosso));
  const data = dataDoCampo(campo(l, 111, 116), n, 'A data da ocorrência') ?? dataDoArquivo;
  const valor = (de: number, ate: number, nome: string) => centavosDoCampo(campo(l, de, ate), n, nome);
  // Bradesco writes juros (267–279) and multa (280–292) apart; the others only juros.
  const multa = banco === '237' ? valor(280, 292, 'A multa') : 0;
  return {
    linha: n,
    chave: `cnab:${banco}:${nosso}:${codigo}:${data}`,
    tipo: movimento.tipo,
    codigo,
    descricao: movimento.descricao,
    nossoNumero: nosso || null,
    valorCentavos: valor(254, 266, 'O valor pago'),
    valorTituloCentavos: valor(153, 165, 'O valor do título'),
    jurosMultaCentavos: valor(267, 279, 'Os juros') + multa,
    descontoCentavos: valor(241, 253, 'O desconto'),
    data,
    dataCredito: /^\s*$/.test(campo(l, ...layout.credito))
      ? null
      : dataDoCampo(campo(l, ...layout.credito), n, 'A data do crédito'),
    vencimento: dataDoCampo(campo(l, 147, 152), n, 'O vencimento'),
    historico: null,
    fitid: null,
  };
};

export const lerCnab400 = (linhas: string[]): ArquivoLido => {
  conferirLargura(linhas, TAMANHO);
  const header = linhas[0] ?? '';
  if (campo(header, 1, 9) !== '02RETORNO')
    throw new ErroDeArquivo(1, 'não é o header de um arquivo de retorno (deve começar por 02RETORNO).');
  const banco = campo(header, 77, 79);
  const layout = LAYOUTS[banco];
  if (!layout)
    throw new ErroDeArquivo(
      1,
      `o CNAB 400 do banco ${banco} não é lido; os lidos são ${BANCOS_CNAB400.map((b) => `${b} (${NOMES[b]})`).join(', ')}. Use o CNAB 240 do banco, se ele o oferecer.`,
    );
  const dataDoArquivo = dataDoCampo(campo(header, 95, 100), 1, 'A data de gravação') ?? '';
  const lancamentos: Lancamento[] = [];
  let trailer = false;
  for (const [i, l] of linhas.entries()) {
    const n = i + 1;
    if (Number(campo(l, 395, 400)) !== n)
      throw new ErroDeArquivo(
        n,
        `o registro se numera ${campo(l, 395, 400)}; deveria ser ${n}: falta ou sobra uma linha.`,
      );
    if (i === 0) continue;
    if (trailer) throw new ErroDeArquivo(n, 'há linhas depois do trailer (registro 9).');
    const tipo = campo(l, 1, 1);
    if (tipo === '9') {
      trailer = true;
      conferirTotal(
        [{ quantidade: campo(l, 18, 25), valor: campo(l, 26, 39) }],
        lancamentos.map((x) => x.valorTituloCentavos),
        n,
        'trailer',
      );
    } else if (tipo === layout.detalhe) lancamentos.push(lancamento(banco, layout, l, n, dataDoArquivo));
    else throw new ErroDeArquivo(n, `tipo de registro inesperado ("${tipo}") no retorno do banco ${banco}.`);
  }
  if (!trailer)
    throw new ErroDeArquivo(linhas.length, 'o arquivo termina sem o trailer (registro 9): está incompleto.');
  return { formato: 'cnab400', banco, conta: campo(header, 27, 46).trim() || null, lancamentos };
};
