import type { PortalPix } from '@cobranca/contracts';
import { centavosParaReais, instanteNoFuso } from '@cobranca/dominio';
import { and, eq, gt, gte, ne, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { cobrancasPix } from '../../db/schema/index.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { type Atualizacao, atualizacaoDe } from '../clientes/valor-atualizado.ts';
import { buscarSistemaSettings } from '../configuracoes/configuracoes.repository.ts';
import type { ContaRow } from '../negociacoes/negociacoes.repository.ts';
import { buscarCobranca, type CobrancaRow, codigoDaCobranca } from '../pix/cobrancas/cobrancas.repository.ts';
import { criarCobranca } from '../pix/cobrancas/criar-cobranca.ts';
import { codigoDaJornada3 } from '../pix/cobrancas/parcelas-em-debito.ts';
import { provedorPixAtivo } from '../pix/configuracao/provedor-ativo.ts';
import {
  acordoEmAndamento,
  atualizar,
  type ContaAtualizada,
  clienteDaSessao,
  contasAbertasAtualizadas,
} from './dados-portal.ts';

// "Pagar com PIX" on the portal (docs/produto.md §22): everything open, or the agreement's next
// instalment. A charge for exactly those receivables that can still be paid as it stands is reused
// (a cob's amount is the day's, so only one made today), so reloading the page makes no new charge.

const SEM_DEBITOS = 'Você não tem débitos em aberto.';
const COBRANCA_NAO_ENCONTRADA = 'Cobrança não encontrada.';

// QR codes drawn by the server keep the page's script small; the page polls, so each is kept a while.
const qrs = new Map<string, string>();
const QRS_GUARDADOS = 500;
const qrSvg = async (codigo: string): Promise<string> => {
  const pronto = qrs.get(codigo);
  if (pronto) return pronto;
  const svg = await QRCode.toString(codigo, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  if (qrs.size >= QRS_GUARDADOS) qrs.delete(qrs.keys().next().value as string);
  qrs.set(codigo, svg);
  return svg;
};

/**
 * The journey-3 composite code of the recurrence this charge opens, while it waits for the customer
 * (docs/pix-automatico.md §2): the agreement's first instalment is shown with it wherever the page
 * shows that charge, so paying it also authorises the automatic debit.
 */
const codigoComDebito = async (db: Db, row: CobrancaRow): Promise<string | null> => {
  if (row.tipo !== 'cob' || row.origem !== 'acordo') return null;
  const [rec] = linhasDe<{ codigo: string | null }>(
    await db.execute(sql`SELECT ${codigoDaJornada3(sql`${row.txid}`)} AS codigo`),
  );
  return rec?.codigo ?? null;
};

const paraPortalPix = async (
  db: Db,
  row: CobrancaRow,
  valorCentavos: number,
  agora: Date,
): Promise<PortalPix> => {
  const composto = await codigoComDebito(db, row);
  const codigo = composto ?? codigoDaCobranca(row);
  return {
    txid: row.txid,
    valor: centavosParaReais(valorCentavos),
    pix_copia_e_cola: codigo,
    qr_svg: await qrSvg(codigo),
    valida_ate: row.validaAte.toISOString(),
    status: row.status === 'ativa' && row.validaAte <= agora ? 'expirada' : row.status,
    autoriza_debito_automatico: composto !== null,
  };
};

/** What paying the charge costs today: a cob's fixed amount; a cobv's receivables with today's encargos (the PSP adds them). */
const aPagar = (row: CobrancaRow, contas: readonly ContaAtualizada[]) =>
  row.tipo === 'cob' ? row.valorCentavos : contas.reduce((s, c) => s + c.totalCentavos, 0);

/** The receivables "Pagar com PIX" pays now. */
const contasAPagar = async (db: Db, clienteId: number, atualizacao: Atualizacao) => {
  const acordo = await acordoEmAndamento(db, clienteId);
  const proxima = acordo?.parcelas.find((p) => p.status === 'aberta');
  if (proxima) return [atualizar(proxima, atualizacao)];
  return contasAbertasAtualizadas(db, clienteId, atualizacao);
};

/** A charge of the customer covering exactly `ids`, payable as it stands. */
const reutilizavel = async (
  db: Db,
  clienteId: number,
  ids: number[],
  agora: Date,
  inicioDoDia: Date,
): Promise<CobrancaRow | undefined> => {
  const [row] = await db
    .select()
    .from(cobrancasPix)
    .where(
      and(
        eq(cobrancasPix.clienteId, clienteId),
        eq(cobrancasPix.status, 'ativa'),
        // A recurring charge is the bank's to debit, not a code to show.
        ne(cobrancasPix.tipo, 'cobr'),
        gt(cobrancasPix.validaAte, agora),
        sql`(${cobrancasPix.tipo} = 'cobv' OR ${gte(cobrancasPix.createdAt, inicioDoDia)})`,
        sql`(SELECT array_agg(cpc.conta_id ORDER BY cpc.conta_id) FROM cobranca_pix_contas cpc
          WHERE cpc.cobranca_id = ${cobrancasPix.id}) = ${`{${[...ids].sort((a, b) => a - b).join(',')}}`}::int[]`,
      ),
    )
    .orderBy(sql`${cobrancasPix.id} DESC`)
    .limit(1);
  return row;
};

export const pagarPeloPortal = async (
  db: Db,
  appKey: Buffer,
  clienteId: number,
  entrada: { agora: Date; ip: string | null },
): Promise<PortalPix> => {
  const { agora } = entrada;
  const settings = await buscarSistemaSettings(db);
  const atualizacao = atualizacaoDe(settings, agora);
  const contas = await contasAPagar(db, clienteId, atualizacao);
  if (contas.length === 0) throw new ErroDominio('DADOS_INVALIDOS', SEM_DEBITOS);
  const ids = contas.map((c) => c.conta.id);
  const existente = await reutilizavel(
    db,
    clienteId,
    ids,
    agora,
    instanteNoFuso(atualizacao.hoje, 0, settings.fuso_horario),
  );
  if (existente) return paraPortalPix(db, existente, aPagar(existente, contas), agora);
  const cliente = await clienteDaSessao(db, clienteId);
  const pix = await provedorPixAtivo(db, appKey);
  const row = await criarCobranca(
    db,
    pix,
    settings,
    { clienteId, devedor: cliente, contas: contas.map((c) => c.conta), origem: 'portal', criadaPor: null },
    agora,
    {
      erroDoPsp: () =>
        new ErroDominio(
          'PSP_INDISPONIVEL',
          'Não foi possível gerar o PIX agora. Tente de novo em instantes.',
        ),
      auditoria: {
        usuarioId: null,
        ip: entrada.ip,
        descricao: (valor) => `Cobrança PIX de ${valor} criada por ${cliente.nome} no portal`,
      },
    },
  );
  if (!row) throw new Error('cobrança PIX do portal não foi gravada');
  return paraPortalPix(db, row, aPagar(row, contas), agora);
};

/** The charge the agreement made for this instalment, if the PSP answered (null: not yet). */
export const pixDaParcela = async (
  db: Db,
  clienteId: number,
  parcela: ContaRow,
  agora: Date,
): Promise<PortalPix | null> => {
  const settings = await buscarSistemaSettings(db);
  const atualizacao = atualizacaoDe(settings, agora);
  const inicio = instanteNoFuso(atualizacao.hoje, 0, settings.fuso_horario);
  const row = await reutilizavel(db, clienteId, [parcela.id], agora, inicio);
  return row ? paraPortalPix(db, row, aPagar(row, [atualizar(parcela, atualizacao)]), agora) : null;
};

/** One of the customer's charges, as the page polls it until it is paid. */
export const pixDoPortal = async (
  db: Db,
  clienteId: number,
  txid: string,
  agora: Date,
): Promise<PortalPix> => {
  const row = await buscarCobranca(db, txid, { clienteId });
  // A recurring charge (PIX Automático) has no code for the page: as if it were not there.
  if (!row || row.tipo === 'cobr') throw new ErroDominio('COBRANCA_NAO_ENCONTRADA', COBRANCA_NAO_ENCONTRADA);
  return paraPortalPix(db, row, row.valorCentavos, agora);
};
