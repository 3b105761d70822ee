import {
  type ComprovantesResponse,
  type ComprovanteView,
  DEFAULT_PAGE_SIZE,
  FORMA_PAGAMENTO_ROTULOS,
  type FormaPagamento,
} from '@cobranca/contracts';
import {
  centavosParaReais,
  formatarDataBr,
  formatarDocumento,
  hojeNoFuso,
  minutosDoDia,
} from '@cobranca/dominio';
import type { DbOrTx } from '../../../db/client.ts';
import { ErroDominio } from '../../../lib/errors.ts';
import { pageOffset, toPaged } from '../../../lib/paging.ts';
import { ClientesDoOperador } from '../../clientes/clientes-operador.repository.ts';
import type { Escopo } from '../../clientes/escopo-operador.ts';
import { buscarSistemaSettings } from '../../configuracoes/configuracoes.repository.ts';
import { ComprovantesRepository, type LinhaComprovante } from './comprovantes.repository.ts';

// The comprovantes of a customer's payments (docs/produto.md §9): the list and one receipt, for whoever
// the scope lets see that customer (the operator their own, the admin and the portal's session any).

const NAO_ENCONTRADO = 'Comprovante não encontrado.';

const iso = (instante: Date | string) => new Date(instante).toISOString();

/** `28/11/2026 às 14:03` in the system's time zone. */
const horarioLocal = (instante: Date, fuso: string) => {
  const minutos = minutosDoDia(instante, fuso);
  const hhmm = `${String(Math.floor(minutos / 60)).padStart(2, '0')}:${String(minutos % 60).padStart(2, '0')}`;
  return `${formatarDataBr(hojeNoFuso(instante, fuso))} às ${hhmm}`;
};

export const listarComprovantes = async (
  db: DbOrTx,
  escopo: Escopo,
  clienteId: number,
  page: number,
): Promise<ComprovantesResponse> => {
  await new ClientesDoOperador(db, escopo).buscarVisivelOrThrow(clienteId);
  const { linhas, total } = await new ComprovantesRepository(db, escopo).listar(
    clienteId,
    DEFAULT_PAGE_SIZE,
    pageOffset(page, DEFAULT_PAGE_SIZE),
  );
  return toPaged(
    linhas.map((l) => ({
      id: Number(l.id),
      valor: centavosParaReais(Number(l.centavos)),
      forma: l.forma as FormaPagamento,
      data: l.data,
      horario: iso(l.horario),
    })),
    total,
    page,
    DEFAULT_PAGE_SIZE,
  );
};

const documentoLegivel = (documento: string | null) => (documento ? formatarDocumento(documento) : null);

const comprovanteDe = (linhas: LinhaComprovante[], fuso: string, credor: ComprovanteView['credor']) => {
  const [primeira] = linhas;
  if (!primeira) throw new ErroDominio('COMPROVANTE_NAO_ENCONTRADO', NAO_ENCONTRADO);
  const horario = new Date(primeira.horario);
  const reais = (centavos: number) => centavosParaReais(Number(centavos));
  return {
    id: Number(primeira.id),
    valor: reais(linhas.reduce((soma, l) => soma + Number(l.valor_centavos), 0)),
    forma: primeira.forma as FormaPagamento,
    forma_rotulo: FORMA_PAGAMENTO_ROTULOS[primeira.forma as FormaPagamento],
    data: primeira.data,
    horario: horario.toISOString(),
    horario_local: horarioLocal(horario, fuso),
    pagador: primeira.pagador_nome
      ? { nome: primeira.pagador_nome, documento: documentoLegivel(primeira.pagador_documento) }
      : { nome: primeira.cliente_nome, documento: documentoLegivel(primeira.cliente_documento) },
    credor,
    end_to_end_id: primeira.end_to_end_id,
    observacao: primeira.end_to_end_id ? null : primeira.observacao,
    itens: linhas.map((l) => ({
      conta_id: Number(l.conta_id),
      descricao: l.descricao,
      vencimento: l.vencimento,
      valor: reais(l.valor_centavos),
      principal: reais(l.principal_centavos),
      multa: reais(l.multa_centavos),
      juros: reais(l.juros_centavos),
    })),
  } satisfies ComprovanteView;
};

export const buscarComprovante = async (
  db: DbOrTx,
  escopo: Escopo,
  clienteId: number,
  pagamentoId: number,
): Promise<ComprovanteView> => {
  await new ClientesDoOperador(db, escopo).buscarVisivelOrThrow(clienteId);
  const linhas = await new ComprovantesRepository(db, escopo).buscar(clienteId, pagamentoId);
  const settings = await buscarSistemaSettings(db);
  return comprovanteDe(linhas, settings.fuso_horario, {
    nome: settings.empresa.nome,
    documento: settings.empresa.documento,
  });
};
