import type { CobrancaPixView } from '@cobranca/contracts';
import { plural } from '@cobranca/dominio';
import type { Db } from '../../../db/client.ts';
import type { Ator } from '../../../lib/ator.ts';
import { ErroDominio, erroDeCampo } from '../../../lib/errors.ts';
import { type ClienteRow, ClientesDoOperador } from '../../clientes/clientes-operador.repository.ts';
import type { EscopoOperador } from '../../clientes/escopo-operador.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { type ContaRow, ContasDoOperador } from '../../contas-receber/contas-receber.repository.ts';
import { provedorPixAtivo } from '../configuracao/provedor-ativo.ts';
import { listarCobrancasDoCliente, toCobrancaPixView } from './cobrancas.repository.ts';
import { criarCobranca } from './criar-cobranca.ts';

// PIX charges an operator creates and sees (docs/produto.md §21). The PSP is called with no database
// lock held: a slow PSP must not block the customer's other work.

const escolherContas = (abertas: ContaRow[], ids: number[] | undefined): ContaRow[] => {
  if (abertas.length === 0)
    throw erroDeCampo('DADOS_INVALIDOS', 'conta_ids', 'O cliente não tem contas em aberto.');
  if (!ids) return abertas;
  const porId = new Map(abertas.map((c) => [c.id, c]));
  const fora = ids.filter((id) => !porId.has(id));
  if (fora.length > 0)
    throw erroDeCampo(
      'DADOS_INVALIDOS',
      'conta_ids',
      `${plural(fora.length, 'Conta não encontrada', 'Contas não encontradas')} em aberto para este cliente: ${fora.map((id) => `#${id}`).join(', ')}.`,
    );
  return [...new Set(ids)].map((id) => porId.get(id) as ContaRow);
};

type Preparo = { cliente: ClienteRow; contas: ContaRow[] };

export const criarCobrancaPix = async (
  db: Db,
  appKey: Buffer,
  escopo: EscopoOperador,
  clienteId: number,
  contaIds: number[] | undefined,
  ator: Ator,
  // Only the final insert marks an Idempotency-Key written: a PSP failure before it may be retried.
  opcoes: { gravacao?: Db; agora?: Date } = {},
): Promise<CobrancaPixView> => {
  const { gravacao = db, agora = new Date() } = opcoes;
  const { cliente, contas }: Preparo = await db.transaction(async (tx) => {
    const cliente = await new ClientesDoOperador(tx, escopo).buscarParaAgirOrThrow(clienteId);
    const abertas = await new ContasDoOperador(tx, escopo).abertasDoCliente(clienteId);
    return { cliente, contas: escolherContas(abertas, contaIds) };
  });
  const settings = await buscarSistemaSettings(db);
  const pix = await provedorPixAtivo(db, appKey);
  const contasIds = contas.map((c) => c.id);
  const row = await criarCobranca(
    gravacao,
    pix,
    settings,
    { clienteId, devedor: cliente, contas, origem: 'operador', criadaPor: ator.usuarioId },
    agora,
    {
      erroDoPsp: (erro) => new ErroDominio('PSP_INDISPONIVEL', erro.message),
      auditoria: {
        usuarioId: ator.usuarioId,
        ip: ator.ip,
        descricao: (valor) => `Cobrança PIX de ${valor} criada para ${cliente.nome}`,
      },
    },
  );
  if (!row) throw new Error('cobrança PIX do operador não foi gravada');
  return toCobrancaPixView(row, contasIds, agora);
};

export const listarCobrancasPix = async (db: Db, escopo: EscopoOperador, clienteId: number) => {
  const cliente = await new ClientesDoOperador(db, escopo).buscarVisivelOrThrow(clienteId);
  return listarCobrancasDoCliente(db, cliente.id, new Date());
};
