import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { completarCpf, formatarDocumento, hojeNoFuso, somarDias } from '@cobranca/dominio';
import { gerarCnab240, gerarOfx } from '../../apps/api/src/modules/conciliacao/amostras/gerar-arquivos.ts';
import { lerArquivoBancario } from '../../apps/api/src/modules/conciliacao/leitura/ler-arquivo.ts';
import { type BancoBench, comCliente, executarEmProcesso } from '../banco.ts';
import { cronometrar, type LinhaBench, mediana, ms } from '../resultado.ts';

// README.md § Performance, "bank reconciliation": a CNAB 240 retorno of `n` liquidações and an OFX of `n`
// PIX credits naming the payer's CPF, each matching one open receivable, imported by two nodes at once
// (two processes, the same file) against the time to read the file alone; what the database holds after.

const RAZAO_MAXIMA = 5;
const TABELAS =
  'lancamentos_bancarios, arquivos_bancarios, pagamentos, mensagens, regua_envios, contas_receber, clientes, audit_logs';

/** `n` customers with a boleto receivable (for the retorno), `n` more with a plain one (for the statement). */
const gerarDevedores = (url: string, n: number, vencimento: string) =>
  comCliente(url, async (client) => {
    await client.query(`TRUNCATE ${TABELAS} RESTART IDENTITY CASCADE`);
    const clientes = Array.from({ length: 2 * n }, (_, i) => ({
      nome: `Devedor ${i + 1}`,
      documento: completarCpf(String(100_000_000 + i)),
    }));
    await client.query(
      `INSERT INTO clientes (nome, documento, documento_tipo, telefone, termo_busca, status, origem_contato)
       SELECT x.nome, x.documento, 'cpf', NULL, lower(x.nome), 'ativo', 'importacao_csv'
       FROM jsonb_to_recordset($1::jsonb) AS x(nome text, documento text)`,
      [JSON.stringify(clientes)],
    );
    await client.query(
      `INSERT INTO contas_receber (cliente_id, origem, descricao, valor_centavos, vencimento, status, banco, nosso_numero)
       SELECT i, 'manual', 'Fatura ' || i, 10000 + i, $2::date, 'aberta',
         CASE WHEN i <= $1 THEN '341' END, CASE WHEN i <= $1 THEN i::text END
       FROM generate_series(1, 2 * $1::int) AS i`,
      [n, vencimento],
    );
    await client.query(`VACUUM (ANALYZE) ${TABELAS}`);
    return clientes;
  });

const contar = (url: string) =>
  comCliente(url, async (client) => {
    const { rows } = await client.query<{
      arquivos: number;
      pagamentos: number;
      liquidados: number;
      duplicados: number;
    }>(`
      SELECT (SELECT count(*)::int FROM arquivos_bancarios) AS arquivos,
        (SELECT count(*)::int FROM pagamentos) AS pagamentos,
        (SELECT count(*)::int FROM lancamentos_bancarios WHERE situacao = 'liquidado') AS liquidados,
        (SELECT count(*)::int FROM (SELECT conta_id FROM pagamentos GROUP BY conta_id HAVING count(*) > 1) d) AS duplicados`);
    return rows[0] ?? { arquivos: 0, pagamentos: 0, liquidados: 0, duplicados: 0 };
  });

type Importacao = { ms: number; repetido: boolean };

const linha = async (
  banco: BancoBench,
  pasta: string,
  nome: string,
  conteudo: string,
  n: number,
  medida: string,
): Promise<LinhaBench> => {
  const caminho = join(pasta, nome);
  await writeFile(caminho, conteudo, 'latin1');
  const bytes = Buffer.from(conteudo, 'latin1');
  const leituras: number[] = [];
  for (let i = 0; i < 3; i += 1) leituras.push((await cronometrar(async () => lerArquivoBancario(bytes))).ms);
  const leitura = mediana(leituras);
  const appKey = randomBytes(32).toString('hex');
  const script = new URL('./processo-importar-arquivo.ts', import.meta.url);
  const { ms: parede, resultado: nos } = await cronometrar(() =>
    Promise.all([
      executarEmProcesso<Importacao>(script, [banco.url, caminho, appKey]),
      executarEmProcesso<Importacao>(script, [banco.url, caminho, appKey]),
    ]),
  );
  const importacao = Math.max(...nos.map((x) => x.ms));
  const contagem = await contar(banco.url);
  const razao = importacao / leitura;
  const umSo = nos.filter((x) => !x.repetido).length === 1;
  const certo = contagem.arquivos === 1 && contagem.pagamentos === n && contagem.duplicados === 0 && umSo;
  return {
    medida,
    piso: `só a leitura: ${ms(leitura)}`,
    valor: `${ms(importacao)} (${razao.toFixed(1)}×) com dois nós ao mesmo tempo; ${contagem.liquidados} liquidados, ${contagem.pagamentos} pagamentos, ${contagem.duplicados} contas pagas duas vezes, ${contagem.arquivos} arquivo gravado`,
    alvo: `≤ ${RAZAO_MAXIMA}× a leitura; 0 em dobro`,
    ok: certo && razao <= RAZAO_MAXIMA,
    detalhes: {
      lancamentos: n,
      leitura_ms: leitura,
      importacao_ms: importacao,
      parede_ms: parede,
      razao,
      ...contagem,
      no_que_gravou_ms: nos.find((x) => !x.repetido)?.ms ?? 0,
      no_que_esperou_ms: nos.find((x) => x.repetido)?.ms ?? 0,
    },
  };
};

export const benchConciliacao = async (banco: BancoBench, n: number): Promise<LinhaBench[]> => {
  const hoje = hojeNoFuso(new Date());
  const vencimento = somarDias(hoje, 30);
  const pasta = await mkdtemp(join(tmpdir(), 'bench-conciliacao-'));
  try {
    await gerarDevedores(banco.url, n, vencimento);
    const retorno = gerarCnab240({
      banco: '341',
      geradoEm: hoje,
      titulos: Array.from({ length: n }, (_, i) => ({
        nossoNumero: String(i + 1),
        valorTituloCentavos: 10_001 + i,
        valorPagoCentavos: 10_001 + i,
        ocorrencia: hoje,
        vencimento,
      })),
    });
    const cnab = await linha(
      banco,
      pasta,
      'retorno.ret',
      retorno,
      n,
      `Conciliação: retorno CNAB 240 de ${n.toLocaleString('pt-BR')} liquidações importado por dois nós ao mesmo tempo (PostgreSQL)`,
    );
    const clientes = await gerarDevedores(banco.url, n, vencimento);
    const extrato = gerarOfx({
      banco: '341',
      conta: '1234-5',
      de: hoje,
      ate: hoje,
      transacoes: Array.from({ length: n }, (_, i) => {
        const cliente = clientes[n + i];
        return {
          fitid: `B${i}`,
          data: hoje,
          valorCentavos: 10_001 + n + i,
          memo: `PIX RECEBIDO - ${formatarDocumento(cliente?.documento ?? '')} ${cliente?.nome.toUpperCase()}`,
        };
      }),
    });
    const ofx = await linha(
      banco,
      pasta,
      'extrato.ofx',
      extrato,
      n,
      `Conciliação: extrato OFX de ${n.toLocaleString('pt-BR')} PIX com o CPF do pagador importado por dois nós ao mesmo tempo (PostgreSQL)`,
    );
    return [cnab, ofx];
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
};
