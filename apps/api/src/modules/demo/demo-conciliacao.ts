import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  formatarDocumento,
  hojeNoFuso,
  linhaDoCodigo,
  montarCodigoDeBarras,
  somarDias,
} from '@cobranca/dominio';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { atualizacaoDe, encargosDaConta } from '../clientes/valor-atualizado.ts';
import { gerarCnab240, gerarOfx, type TituloRetorno } from '../conciliacao/amostras/gerar-arquivos.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';

// The demo's bank reconciliation (docs/conciliacao.md): its NF-e receivables carry Itaú boletos, and
// each start writes a retorno and a statement that match the demo's data as it is now, to try the screen
// "Conciliação bancária": boletos paid in full and in part, an entrada, a nosso número nobody has, a PIX
// with the payer's CPF, an unidentified TED and a fee.

const BANCO = '341';
export const PASTA_EXEMPLOS = 'exemplos-conciliacao';

/** Itaú's campo livre: carteira 109, nosso número (8), its DAC, agency, account and its DAC, zeros. */
const campoLivre = (nossoNumero: string) => `109${nossoNumero}0123412345600`.padEnd(25, '0').slice(0, 25);

export const boletosDemo = async (tx: Tx): Promise<number> => {
  const contas = linhasDe<{ id: number; valor_centavos: string | number; vencimento: string }>(
    await tx.execute(sql`
      SELECT id, valor_centavos, vencimento::text AS vencimento FROM contas_receber WHERE origem = 'nfe'`),
  );
  const boletos = contas.map((c) => {
    const nosso = String(c.id).padStart(8, '0');
    const codigo = montarCodigoDeBarras({
      banco: BANCO,
      vencimento: c.vencimento,
      valorCentavos: Number(c.valor_centavos),
      campoLivre: campoLivre(nosso),
    });
    return { id: c.id, nosso: String(c.id), codigo, linha: linhaDoCodigo(codigo) };
  });
  if (boletos.length === 0) return 0;
  await tx.execute(sql`
    UPDATE contas_receber cr SET banco = ${BANCO}, nosso_numero = b.nosso, codigo_barras = b.codigo,
      linha_digitavel = b.linha
    FROM jsonb_to_recordset(${JSON.stringify(boletos)}::jsonb) AS b(id integer, nosso text, codigo text, linha text)
    WHERE cr.id = b.id`);
  return boletos.length;
};

type ContaComBoleto = {
  id: number;
  nosso_numero: string;
  valor_centavos: number;
  valor_pago_centavos: number;
  vencimento: string;
  multa_pendente_centavos: number;
  juros_pendentes_centavos: number;
  encargos_ate: string | null;
};

/** Writes the two sample files into `dataDir`; answers their paths (none when the demo has nothing open). */
export const escreverExemplosDeConciliacao = async (db: Db, dataDir: string, agora = new Date()) => {
  const settings = await buscarSistemaSettings(db);
  const atualizacao = atualizacaoDe(settings, agora);
  const hoje = hojeNoFuso(agora, settings.fuso_horario);
  const boletos = linhasDe<ContaComBoleto>(
    await db.execute(sql`
      SELECT id, nosso_numero, valor_centavos::int, valor_pago_centavos::int, vencimento::text AS vencimento,
        multa_pendente_centavos::int, juros_pendentes_centavos::int, encargos_ate::text AS encargos_ate
      FROM contas_receber WHERE status = 'aberta' AND banco = ${BANCO} AND nosso_numero IS NOT NULL
      ORDER BY vencimento DESC, id LIMIT 3`),
  );
  const [integral, parcial, entrada] = boletos;
  if (!integral) return null;
  const conta = (c: ContaComBoleto) => ({
    valorCentavos: c.valor_centavos,
    valorPagoCentavos: c.valor_pago_centavos,
    vencimento: c.vencimento,
    multaPendenteCentavos: c.multa_pendente_centavos,
    jurosPendentesCentavos: c.juros_pendentes_centavos,
    encargosAte: c.encargos_ate,
  });
  const devido = encargosDaConta(conta(integral), atualizacao);
  const titulos: TituloRetorno[] = [
    {
      nossoNumero: integral.nosso_numero.padStart(8, '0'),
      valorTituloCentavos: integral.valor_centavos,
      valorPagoCentavos: devido.totalCentavos,
      jurosMultaCentavos: devido.multaCentavos + devido.jurosCentavos,
      ocorrencia: hoje,
      credito: somarDias(hoje, 1),
      vencimento: integral.vencimento,
    },
    ...(parcial
      ? [
          {
            nossoNumero: parcial.nosso_numero.padStart(8, '0'),
            valorTituloCentavos: parcial.valor_centavos,
            valorPagoCentavos: Math.floor(parcial.valor_centavos / 2),
            ocorrencia: hoje,
            vencimento: parcial.vencimento,
          },
        ]
      : []),
    ...(entrada
      ? [
          {
            nossoNumero: entrada.nosso_numero.padStart(8, '0'),
            movimento: '02',
            valorTituloCentavos: entrada.valor_centavos,
            valorPagoCentavos: 0,
            ocorrencia: hoje,
            vencimento: entrada.vencimento,
          },
        ]
      : []),
    { nossoNumero: '99999999', valorTituloCentavos: 12_345, valorPagoCentavos: 12_345, ocorrencia: hoje },
  ];
  // A customer with a CPF and one open receivable without a boleto: its PIX names the CPF.
  const [pagador] = linhasDe<ContaComBoleto & { nome: string; documento: string }>(
    await db.execute(sql`
      SELECT cr.id, '' AS nosso_numero, cr.valor_centavos::int, cr.valor_pago_centavos::int,
        cr.vencimento::text AS vencimento, cr.multa_pendente_centavos::int, cr.juros_pendentes_centavos::int,
        cr.encargos_ate::text AS encargos_ate, c.nome, c.documento
      FROM clientes c JOIN contas_receber cr ON cr.cliente_id = c.id AND cr.status = 'aberta'
      WHERE c.documento_tipo = 'cpf' AND cr.nosso_numero IS NULL
        AND (SELECT count(*) FROM contas_receber o WHERE o.cliente_id = c.id AND o.status = 'aberta') = 1
      ORDER BY cr.vencimento DESC, cr.id LIMIT 1`),
  );
  const extrato = gerarOfx({
    banco: BANCO,
    conta: '1234-5',
    de: somarDias(hoje, -2),
    ate: hoje,
    transacoes: [
      ...(pagador
        ? [
            {
              fitid: `DEMO-${hoje}-PIX`,
              data: hoje,
              valorCentavos: encargosDaConta(conta(pagador), atualizacao).totalCentavos,
              memo: `PIX RECEBIDO - ${formatarDocumento(pagador.documento)} ${pagador.nome.toUpperCase()}`,
            },
          ]
        : []),
      {
        fitid: `DEMO-${hoje}-TED`,
        data: hoje,
        valorCentavos: 25_000,
        memo: 'TED RECEBIDA - COMERCIAL NORTE LTDA',
      },
      { fitid: `DEMO-${hoje}-TAR`, data: hoje, valorCentavos: -990, memo: 'TARIFA PACOTE DE SERVICOS' },
    ],
  });
  const pasta = join(dataDir, PASTA_EXEMPLOS);
  await mkdir(pasta, { recursive: true });
  const retorno = join(pasta, `retorno-itau-cnab240-${hoje}.ret`);
  const ofx = join(pasta, `extrato-itau-${hoje}.ofx`);
  await writeFile(retorno, gerarCnab240({ banco: BANCO, geradoEm: hoje, titulos }), 'latin1');
  await writeFile(ofx, extrato, 'latin1');
  return { retorno, ofx };
};

export const printExemplosDeConciliacao = (arquivos: { retorno: string; ofx: string } | null): void => {
  if (!arquivos) return;
  console.log('Conciliação bancária (demonstração): importe em Admin → Conciliação bancária');
  console.log(`  ${arquivos.retorno}`);
  console.log(`  ${arquivos.ofx}\n`);
};
