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
// (two processes, the same file) against the time to read the file alone (the target) and to
// write the rows it settles (the work's own floor); what the database holds after.

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

/**
 * The work's own floor: the rows a settled file writes, set-based in a transaction that is rolled back —
 * the file's row, an entry per receivable inserted and given its outcome, the receivables paid, their
 * payments, their customers concluded — into the real tables with their indexes and triggers.
 */
const escritaMinima = (url: string, contas: [number, number]) =>
  comCliente(url, async (client) => {
    const inicio = performance.now();
    await client.query('BEGIN');
    try {
      const doLote = 'SELECT * FROM contas_receber WHERE id BETWEEN $1 AND $2';
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO arquivos_bancarios (formato, banco, nome, digest, tamanho_bytes, lancamentos, liquidados,
           ja_liquidados, em_revisao, ignorados)
         VALUES ('cnab240', '341', 'piso', 'piso', 0, 0, 0, 0, 0, 0) RETURNING id`,
      );
      const arquivo = rows[0]?.id;
      await client.query(
        `INSERT INTO lancamentos_bancarios (arquivo_id, linha, chave, tipo, codigo, descricao, nosso_numero,
           valor_centavos, valor_titulo_centavos, juros_multa_centavos, desconto_centavos, data, situacao, motivo)
         SELECT $3, c.id, 'piso:' || c.id, 'liquidacao', '06', 'Liquidação', c.nosso_numero, c.valor_centavos,
           c.valor_centavos, 0, 0, current_date, 'ignorado', ''
         FROM (${doLote}) c`,
        [...contas, arquivo],
      );
      await client.query(
        `UPDATE lancamentos_bancarios lb SET situacao = 'liquidado', regra = 'nosso_numero',
           motivo = 'Boleto liquidado', cliente_id = c.cliente_id, conta_id = c.id
         FROM (${doLote}) c WHERE lb.arquivo_id = $3 AND lb.linha = c.id`,
        [...contas, arquivo],
      );
      await client.query(
        `UPDATE contas_receber SET status = 'paga', valor_pago_centavos = valor_centavos, pago_em = current_date,
           updated_at = now() WHERE id BETWEEN $1 AND $2`,
        contas,
      );
      await client.query(
        `INSERT INTO pagamentos (cliente_id, conta_id, valor_centavos, principal_centavos, data, forma, observacao,
           lancamento_bancario_id)
         SELECT c.cliente_id, c.id, c.valor_centavos, c.valor_centavos, current_date, 'boleto', 'piso', lb.id
         FROM (${doLote}) c JOIN lancamentos_bancarios lb ON lb.arquivo_id = $3 AND lb.linha = c.id`,
        [...contas, arquivo],
      );
      await client.query(
        `UPDATE clientes SET status = 'concluido', pausa_motivo = NULL, updated_at = now()
         WHERE id IN (SELECT cliente_id FROM contas_receber WHERE id BETWEEN $1 AND $2)`,
        contas,
      );
      return performance.now() - inicio;
    } finally {
      await client.query('ROLLBACK');
    }
  });

const linha = async (
  banco: BancoBench,
  pasta: string,
  nome: string,
  conteudo: string,
  n: number,
  medida: string,
  contas: [number, number],
): Promise<LinhaBench> => {
  const caminho = join(pasta, nome);
  await writeFile(caminho, conteudo, 'latin1');
  const bytes = Buffer.from(conteudo, 'latin1');
  const leituras: number[] = [];
  for (let i = 0; i < 3; i += 1) leituras.push((await cronometrar(async () => lerArquivoBancario(bytes))).ms);
  const leitura = mediana(leituras);
  const escritas: number[] = [];
  for (let i = 0; i < 3; i += 1) escritas.push(await escritaMinima(banco.url, contas));
  const escrita = mediana(escritas);
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
    piso: `só a leitura: ${ms(leitura)}; só as escritas: ${ms(escrita)}`,
    valor: `${ms(importacao)} (${razao.toFixed(1)}× a leitura, ${(importacao / escrita).toFixed(1)}× as escritas) com dois nós ao mesmo tempo; ${contagem.liquidados} liquidados, ${contagem.pagamentos} pagamentos, ${contagem.duplicados} contas pagas duas vezes, ${contagem.arquivos} arquivo gravado`,
    alvo: `≤ ${RAZAO_MAXIMA}× a leitura; 0 em dobro`,
    ok: certo && razao <= RAZAO_MAXIMA,
    detalhes: {
      lancamentos: n,
      leitura_ms: leitura,
      escrita_ms: escrita,
      razao_escrita: importacao / escrita,
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
      [1, n],
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
      [n + 1, 2 * n],
    );
    return [cnab, ofx];
  } finally {
    await rm(pasta, { recursive: true, force: true });
  }
};
