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
import { movimentoCnab240 } from './movimentos.ts';

// The CNAB 240 retorno of cobrança, FEBRABAN layout (docs/conciliacao.md §3): file header and trailer,
// lots of T and U segment pairs. Positions are 1-based as the layout writes them. Santander (033) keeps
// its own T segment (nosso número 41–53, vencimento 70–77, valor 78–92); the U segment is standard.

const TAMANHO = 240;

/**
 * A record count in a trailer, checked against the records counted. Santander's lot trailer counts only
 * the details and Sicoob's file trailer counts all but the file's header and trailer, so either count is
 * accepted; a missing line gives neither.
 */
const conferirContagem = (declarada: string, contados: number, linha: number, onde: string) => {
  const n = /^\d+$/.test(declarada) ? Number(declarada) : Number.NaN;
  if (n !== contados && n !== contados - 2)
    throw new ErroDeArquivo(
      linha,
      `o ${onde} declara ${n} registros, mas há ${contados}: o arquivo está incompleto ou alterado.`,
    );
};

/** The lot trailer's title count and total per carteira: simples, vinculada, caucionada, descontada. */
const CARTEIRAS: [[number, number], [number, number]][] = [
  [
    [24, 29],
    [30, 46],
  ],
  [
    [47, 52],
    [53, 69],
  ],
  [
    [70, 75],
    [76, 92],
  ],
  [
    [93, 98],
    [99, 115],
  ],
];

const tSegmento = (banco: string) =>
  banco === '033'
    ? { nosso: [41, 53], vencimento: [70, 77], valor: [78, 92] }
    : { nosso: [38, 57], vencimento: [74, 81], valor: [82, 96] };

const lancamento = (
  banco: string,
  t: string,
  u: string,
  linha: number,
  dataDoArquivo: string,
): Lancamento => {
  const pos = tSegmento(banco);
  const codigo = campo(t, 16, 17);
  const movimento = movimentoCnab240(codigo);
  const nosso = normalizarNossoNumero(campo(t, pos.nosso[0] ?? 0, pos.nosso[1] ?? 0));
  const data = dataDoCampo(campo(u, 138, 145), linha + 1, 'A data da ocorrência') ?? dataDoArquivo;
  const nome = campo(t, 149, 188).trim();
  return {
    linha,
    chave: `cnab:${banco}:${nosso}:${codigo}:${data}`,
    tipo: movimento.tipo,
    codigo,
    descricao: movimento.descricao,
    nossoNumero: nosso || null,
    valorCentavos: centavosDoCampo(campo(u, 78, 92), linha + 1, 'O valor pago'),
    valorTituloCentavos: centavosDoCampo(
      campo(t, pos.valor[0] ?? 0, pos.valor[1] ?? 0),
      linha,
      'O valor do título',
    ),
    jurosMultaCentavos: centavosDoCampo(campo(u, 18, 32), linha + 1, 'O valor de juros e multa'),
    descontoCentavos: centavosDoCampo(campo(u, 33, 47), linha + 1, 'O desconto'),
    data,
    dataCredito: dataDoCampo(campo(u, 146, 153), linha + 1, 'A data do crédito'),
    vencimento: dataDoCampo(campo(t, pos.vencimento[0] ?? 0, pos.vencimento[1] ?? 0), linha, 'O vencimento'),
    historico: nome || null,
    fitid: null,
  };
};

export const lerCnab240 = (linhas: string[]): ArquivoLido => {
  conferirLargura(linhas, TAMANHO);
  const header = linhas[0] ?? '';
  if (campo(header, 8, 8) !== '0')
    throw new ErroDeArquivo(1, 'o arquivo não começa pelo header (registro 0).');
  if (campo(header, 143, 143) !== '2')
    throw new ErroDeArquivo(1, 'não é um arquivo de retorno (o código do arquivo não é 2): é uma remessa?');
  const banco = campo(header, 1, 3);
  const dataDoArquivo = dataDoCampo(campo(header, 144, 151), 1, 'A data de geração') ?? '';
  const lancamentos: Lancamento[] = [];
  let lotes = 0;
  let noLote: { inicio: number; registros: number; sequencia: number; titulos: (number | null)[] } | null =
    null;
  let trailer = false;
  for (let i = 1; i < linhas.length; i += 1) {
    const l = linhas[i] ?? '';
    const n = i + 1;
    if (trailer) throw new ErroDeArquivo(n, 'há linhas depois do trailer do arquivo (registro 9).');
    if (campo(l, 1, 3) !== banco)
      throw new ErroDeArquivo(n, `o banco da linha (${campo(l, 1, 3)}) não é o do header (${banco}).`);
    const tipo = campo(l, 8, 8);
    if (tipo === '1') {
      if (noLote) throw new ErroDeArquivo(n, 'um lote começa antes de o anterior terminar (registro 5).');
      if (campo(l, 9, 9) !== 'T' || campo(l, 10, 11) !== '01')
        throw new ErroDeArquivo(n, 'o lote não é de retorno de cobrança (operação T, serviço 01).');
      noLote = { inicio: n, registros: 1, sequencia: 0, titulos: [] };
      lotes += 1;
    } else if (tipo === '3') {
      if (!noLote) throw new ErroDeArquivo(n, 'um detalhe (registro 3) fora de um lote.');
      const sequencia = Number(campo(l, 9, 13));
      if (sequencia !== noLote.sequencia + 1)
        throw new ErroDeArquivo(
          n,
          `o registro ${campo(l, 9, 13)} vem depois do ${noLote.sequencia}: falta uma linha no lote.`,
        );
      noLote.sequencia = sequencia;
      noLote.registros += 1;
      const segmento = campo(l, 14, 14);
      if (segmento === 'T') {
        const u = linhas[i + 1] ?? '';
        if (campo(u, 8, 8) !== '3' || campo(u, 14, 14) !== 'U')
          throw new ErroDeArquivo(n + 1, 'o segmento T não é seguido do seu segmento U.');
        const titulo = lancamento(banco, l, u, n, dataDoArquivo);
        lancamentos.push(titulo);
        noLote.titulos.push(titulo.valorTituloCentavos);
      } else if (segmento === 'U') {
        if (campo(linhas[i - 1] ?? '', 14, 14) !== 'T')
          throw new ErroDeArquivo(n, 'um segmento U sem o segmento T antes dele.');
      }
    } else if (tipo === '5') {
      if (!noLote) throw new ErroDeArquivo(n, 'um trailer de lote (registro 5) fora de um lote.');
      noLote.registros += 1;
      conferirContagem(campo(l, 18, 23), noLote.registros, n, 'trailer do lote');
      conferirTotal(
        CARTEIRAS.map(([q, v]) => ({ quantidade: campo(l, ...q), valor: campo(l, ...v) })),
        noLote.titulos,
        n,
        'trailer do lote',
      );
      noLote = null;
    } else if (tipo === '9') {
      if (noLote)
        throw new ErroDeArquivo(n, `o lote da linha ${noLote.inicio} não tem trailer (registro 5).`);
      if (Number(campo(l, 18, 23)) !== lotes)
        throw new ErroDeArquivo(n, `o trailer declara ${Number(campo(l, 18, 23))} lotes, mas há ${lotes}.`);
      conferirContagem(campo(l, 24, 29), linhas.length, n, 'trailer do arquivo');
      trailer = true;
    } else throw new ErroDeArquivo(n, `tipo de registro desconhecido ("${tipo}").`);
  }
  if (!trailer)
    throw new ErroDeArquivo(linhas.length, 'o arquivo termina sem o trailer (registro 9): está incompleto.');
  return { formato: 'cnab240', banco, conta: campo(header, 53, 72).replace(/\s+/g, '') || null, lancamentos };
};
