import { randomBytes } from 'node:crypto';
import { diasEntre, ehDataIso, hojeNoFuso } from '@cobranca/dominio';
import type { PixRecebido } from './api-pix-cliente.ts';
import { comRecorrencia } from './br-code.ts';
import {
  type CobrancaFalsa,
  ehObjeto,
  novoEndToEndId,
  type Objeto,
  problema,
} from './psp-falso-cobrancas.test-fixtures.ts';

// PIX Automático at the fake PSP (docs/formatos-externos.md §7): locations, recurrences, recurring
// charges with their attempts, the two webhooks, and a payer whose bank approves, rejects, pays or fails
// as a test scripts it. Its rules are written here from the API Pix document, not taken from the app,
// so a test compares two readings of the standard.

type Resposta = { status: number; corpo?: unknown };
type Violacao = { razao: string; propriedade: string };

export type StatusRecFalsa = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type StatusCobrFalsa = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
export type StatusTentativaFalsa =
  | 'SOLICITADA'
  | 'AGENDADA'
  | 'PAGA'
  | 'CANCELADA'
  | 'REJEITADA'
  | 'EXPIRADA';

export type LocationRecFalsa = { id: number; location: string; criacao: string; idRec?: string };

export type RecFalsa = {
  idRec: string;
  status: StatusRecFalsa;
  corpo: Objeto;
  loc: LocationRecFalsa | null;
  txidJornada: string | null;
  atualizacao: { status: StatusRecFalsa; data: string }[];
  encerramento?: Objeto;
};

export type TentativaFalsa = {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  status: StatusTentativaFalsa;
  endToEndId: string;
  rejeicao?: { codigo: string; descricao: string };
};

export type CobrFalsa = {
  idRec: string;
  txid: string;
  status: StatusCobrFalsa;
  criacao: string;
  corpo: Objeto;
  tentativas: TentativaFalsa[];
  pix: PixRecebido[];
  atualizacao: { status: StatusCobrFalsa; data: string }[];
  encerramento?: Objeto;
};

/** What the payer's bank does with each attempt due, in order; then every attempt is paid. */
export type DesfechoDaTentativa = 'PAGA' | 'REJEITADA';

/** What the recurrences need of the PSP they live in. */
export type PspDasRecorrencias = {
  agora(): Date;
  ispb: string;
  porta(): number;
  recebedor(): Objeto;
  cobrancas: Map<string, CobrancaFalsa>;
  pix: PixRecebido[];
  pagar(txid: string): Promise<PixRecebido>;
};

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
const PERIODICIDADES = ['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'];
const POLITICAS = ['NAO_PERMITE', 'PERMITE_3R_7D'];
const TIPOS_CONTA = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'];
const ABERTAS: ReadonlySet<StatusTentativaFalsa> = new Set(['SOLICITADA', 'AGENDADA']);
const ALFANUMERICO = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const naoEncontrado = (): Resposta => ({
  status: 404,
  corpo: problema('NaoEncontrado', 'Não encontrado', 404, 'Entidade não encontrada.'),
});
const recusa = (tipoErro: string, detail: string, violacoes: Violacao[] = []): Resposta => ({
  status: 400,
  corpo: problema(tipoErro, 'Operação inválida.', 400, detail, violacoes),
});
const recusarRec = (violacoes: Violacao[]) =>
  recusa(
    'RecOperacaoInvalida',
    'A requisição que busca criar ou alterar uma recorrência é inválida.',
    violacoes,
  );
const recusarCobr = (violacoes: Violacao[]) =>
  recusa(
    'CobROperacaoInvalida',
    'A requisição que busca criar ou alterar uma cobrança recorrente é inválida.',
    violacoes,
  );

const texto = (valor: unknown, maximo: number) =>
  typeof valor === 'string' && valor.length > 0 && valor.length <= maximo;

const sequencial = (tamanho: number) =>
  Array.from(randomBytes(tamanho), (b) => ALFANUMERICO[b % ALFANUMERICO.length]).join('');

const violacoesDoDevedor = (devedor: unknown): Violacao[] => {
  const v = (razao: string): Violacao[] => [{ propriedade: 'rec.vinculo.devedor', razao }];
  if (!ehObjeto(devedor)) return v('O devedor é obrigatório.');
  if ((devedor.cpf === undefined) === (devedor.cnpj === undefined))
    return v('Informe o cpf ou o cnpj, nunca os dois.');
  if (devedor.cpf !== undefined && !/^\d{11}$/.test(String(devedor.cpf)))
    return v('O cpf deve ter 11 dígitos.');
  if (devedor.cnpj !== undefined && !/^[0-9A-Z]{14}$/.test(String(devedor.cnpj)))
    return v('O cnpj deve ter 14 caracteres.');
  if (!texto(devedor.nome, 140)) return v('O nome do devedor é obrigatório (até 140 caracteres).');
  return [];
};

export class RecorrenciasFalsas {
  readonly locations = new Map<number, LocationRecFalsa>();
  readonly recs = new Map<string, RecFalsa>();
  readonly cobrs = new Map<string, CobrFalsa>();
  webhookRec: string | null = null;
  webhookCobr: string | null = null;
  /** Per recurrence, what the payer's bank does with the next attempts (`processarVencimentos`). */
  readonly roteiros = new Map<string, DesfechoDaTentativa[]>();
  /** Recurrences whose cancellation (PATCH) this PSP refuses while they stay approved. */
  readonly recusarCancelamento = new Set<string>();
  private proximaLocation = 5_000;

  constructor(private readonly psp: PspDasRecorrencias) {}

  private get hoje(): string {
    return hojeNoFuso(this.psp.agora());
  }

  private get instante(): string {
    return this.psp.agora().toISOString();
  }

  responder(metodo: string, recurso: string, partes: string[], url: URL, corpo: unknown): Resposta | null {
    const [id, acao, data, ...resto] = partes.map(decodeURIComponent);
    if (resto.length > 0) return naoEncontrado();
    if (recurso === 'locrec' && acao === undefined) return this.locationRec(metodo, id, corpo);
    if (recurso === 'rec' && acao === undefined) return this.rec(metodo, id, url, corpo);
    if (recurso === 'cobr' && id !== undefined && acao === undefined) return this.cobr(metodo, id, corpo);
    if (
      recurso === 'cobr' &&
      id !== undefined &&
      acao === 'retentativa' &&
      data !== undefined &&
      metodo === 'POST'
    )
      return this.retentativa(id, data);
    if ((recurso === 'webhookrec' || recurso === 'webhookcobr') && id === undefined)
      return this.webhook(recurso, metodo, corpo);
    return null;
  }

  // ---- the payer's side, driven by tests ----

  /** Journey 3: the payer pays the first instalment's cob and approves the recurrence in one go. */
  async aprovar(idRec: string): Promise<void> {
    const rec = this.exigirRec(idRec);
    if (rec.status !== 'CRIADA') throw new Error(`PSP falso: a recorrência ${idRec} está ${rec.status}`);
    if (rec.txidJornada) await this.psp.pagar(rec.txidJornada);
    this.mudarRec(rec, 'APROVADA');
    await this.notificarRec(rec);
  }

  async rejeitar(idRec: string): Promise<void> {
    const rec = this.exigirRec(idRec);
    this.mudarRec(rec, 'REJEITADA');
    rec.encerramento = { rejeicao: { codigo: 'AP13', descricao: 'Recusada pelo usuário pagador' } };
    await this.notificarRec(rec);
  }

  /** The payer cancels in their bank app (or the authorisation expires): its open charges end too. */
  async encerrarPeloPagador(idRec: string, status: 'CANCELADA' | 'EXPIRADA' = 'CANCELADA'): Promise<void> {
    const rec = this.exigirRec(idRec);
    this.mudarRec(rec, status);
    if (status === 'CANCELADA')
      rec.encerramento = {
        cancelamento: {
          solicitante: 'USUARIO_PAGADOR',
          codigo: 'ACCL',
          descricao: 'Cancelada pelo usuário pagador',
        },
      };
    await this.notificarRec(rec);
    for (const cobr of this.cobrs.values())
      if (cobr.idRec === idRec && (cobr.status === 'ATIVA' || cobr.status === 'CRIADA')) {
        this.encerrarCobr(cobr, 'CANCELADA', 'USUARIO_PAGADOR');
        await this.notificarCobr(cobr);
      }
  }

  /**
   * The payer's bank settles every attempt scheduled for `hoje` or before, as the recurrence's script
   * says (paid by default), and notifies. `notificar: false` leaves the callback out (a lost one).
   */
  async processarVencimentos(opcoes: { notificar?: boolean } = {}): Promise<CobrFalsa[]> {
    const processadas: CobrFalsa[] = [];
    for (const cobr of this.cobrs.values()) {
      const aberta = cobr.tentativas.find((t) => ABERTAS.has(t.status));
      if (cobr.status !== 'ATIVA' || !aberta || diasEntre(aberta.dataLiquidacao, this.hoje) < 0) continue;
      const desfecho = this.roteiros.get(cobr.idRec)?.shift() ?? 'PAGA';
      if (desfecho === 'PAGA') this.pagarTentativa(cobr, aberta);
      else {
        aberta.status = 'REJEITADA';
        aberta.rejeicao = { codigo: 'AM04', descricao: 'Saldo insuficiente na conta do usuário pagador' };
      }
      processadas.push(cobr);
      if (opcoes.notificar !== false) await this.notificarCobr(cobr);
    }
    return processadas;
  }

  async notificarRec(rec: RecFalsa): Promise<void> {
    if (!this.webhookRec) return;
    await postar(`${this.webhookRec}/rec`, {
      recs: [
        {
          idRec: rec.idRec,
          status: rec.status,
          atualizacao: rec.atualizacao,
          ...(rec.txidJornada
            ? { ativacao: { tipoJornada: 'JORNADA_3', dadosJornada: { txid: rec.txidJornada } } }
            : {}),
        },
      ],
    });
  }

  async notificarCobr(cobr: CobrFalsa): Promise<void> {
    if (!this.webhookCobr) return;
    await postar(`${this.webhookCobr}/cobr`, {
      cobsr: [
        {
          idRec: cobr.idRec,
          txid: cobr.txid,
          status: cobr.status,
          atualizacao: cobr.atualizacao,
          tentativas: cobr.tentativas,
        },
      ],
    });
  }

  // ---- the API ----

  private locationRec(metodo: string, id: string | undefined, corpo: unknown): Resposta {
    if (id === undefined) {
      if (metodo !== 'POST') return naoEncontrado();
      if (!ehObjeto(corpo) || corpo.tipo !== 'rec')
        return recusa('PayloadLocationRecOperacaoInvalida', 'O tipo da location deve ser rec.', [
          { propriedade: 'tipo', razao: 'Informe tipo "rec".' },
        ]);
      const novo = this.proximaLocation++;
      const location: LocationRecFalsa = {
        id: novo,
        location: `127.0.0.1:${this.psp.porta()}/qr/v2/rec/${randomBytes(16).toString('hex')}`,
        criacao: this.instante,
      };
      this.locations.set(novo, location);
      return { status: 201, corpo: location };
    }
    const location = this.locations.get(Number(id));
    if (metodo !== 'GET' || !location) return naoEncontrado();
    return { status: 200, corpo: location };
  }

  private rec(metodo: string, id: string | undefined, url: URL, corpo: unknown): Resposta {
    if (id === undefined) {
      if (metodo === 'POST') return this.criarRec(corpo);
      if (metodo === 'GET') return this.listarRecs(url);
      return naoEncontrado();
    }
    const rec = this.recs.get(id);
    if (!rec) return naoEncontrado();
    if (metodo === 'GET') return { status: 200, corpo: this.recEmJson(rec, url.searchParams.get('txid')) };
    if (metodo !== 'PATCH') return naoEncontrado();
    if (!ehObjeto(corpo) || corpo.status !== 'CANCELADA' || Object.keys(corpo).length !== 1)
      return recusarRec([{ propriedade: 'rec.status', razao: 'Só o cancelamento é aceito por este PSP.' }]);
    if (rec.status !== 'CRIADA' && rec.status !== 'APROVADA')
      return recusarRec([{ propriedade: 'rec.status', razao: `A recorrência está ${rec.status}.` }]);
    if (this.recusarCancelamento.has(id))
      return recusarRec([
        { propriedade: 'rec.status', razao: 'Há uma tentativa de cobrança em processamento.' },
      ]);
    this.mudarRec(rec, 'CANCELADA');
    rec.encerramento = {
      cancelamento: {
        solicitante: 'USUARIO_RECEBEDOR',
        codigo: 'SLCR',
        descricao: 'Cancelada pelo usuário recebedor',
      },
    };
    for (const cobr of this.cobrs.values())
      if (cobr.idRec === id && (cobr.status === 'ATIVA' || cobr.status === 'CRIADA'))
        this.encerrarCobr(cobr, 'CANCELADA', 'USUARIO_RECEBEDOR');
    return { status: 200, corpo: this.recEmJson(rec, null) };
  }

  private criarRec(corpo: unknown): Resposta {
    if (!ehObjeto(corpo))
      return recusarRec([{ propriedade: 'rec', razao: 'O corpo deve ser um objeto JSON.' }]);
    const violacoes = this.violacoesDaRec(corpo);
    if (violacoes.length > 0) return recusarRec(violacoes);
    const politica = corpo.politicaRetentativa === 'PERMITE_3R_7D' ? 'R' : 'N';
    const idRec = `R${politica}${this.psp.ispb}${this.hoje.replaceAll('-', '')}${sequencial(11)}`;
    const location = this.locations.get(Number(corpo.loc));
    if (location) location.idRec = idRec;
    const ativacao = corpo.ativacao as { dadosJornada?: { txid?: string } } | undefined;
    const rec: RecFalsa = {
      idRec,
      status: 'CRIADA',
      corpo,
      loc: location ?? null,
      txidJornada: ativacao?.dadosJornada?.txid ?? null,
      atualizacao: [{ status: 'CRIADA', data: this.instante }],
    };
    this.recs.set(idRec, rec);
    return { status: 201, corpo: this.recEmJson(rec, null) };
  }

  private violacoesDaRec(corpo: Objeto): Violacao[] {
    const violacoes: Violacao[] = [];
    const v = (propriedade: string, razao: string) => violacoes.push({ propriedade, razao });
    const vinculo = ehObjeto(corpo.vinculo) ? corpo.vinculo : {};
    if (!texto(vinculo.contrato, 35))
      v('rec.vinculo.contrato', 'O contrato é obrigatório (até 35 caracteres).');
    if (vinculo.objeto !== undefined && !texto(vinculo.objeto, 35))
      v('rec.vinculo.objeto', 'O objeto tem até 35 caracteres.');
    violacoes.push(...violacoesDoDevedor(vinculo.devedor));
    const calendario = ehObjeto(corpo.calendario) ? corpo.calendario : {};
    const inicio = String(calendario.dataInicial ?? '');
    if (!ehDataIso(inicio)) v('rec.calendario.dataInicial', 'A data inicial é obrigatória.');
    else if (diasEntre(this.hoje, inicio) < 0) v('rec.calendario.dataInicial', 'A data inicial já passou.');
    if (calendario.dataFinal !== undefined) {
      const fim = String(calendario.dataFinal);
      if (!ehDataIso(fim) || (ehDataIso(inicio) && diasEntre(inicio, fim) < 0))
        v('rec.calendario.dataFinal', 'A data final deve ser uma data depois da inicial.');
    }
    if (!PERIODICIDADES.includes(String(calendario.periodicidade)))
      v('rec.calendario.periodicidade', 'Periodicidade inválida.');
    const valor = ehObjeto(corpo.valor) ? corpo.valor : {};
    const fixo = valor.valorRec !== undefined;
    if (fixo === (valor.valorMinimoRecebedor !== undefined))
      v('rec.valor', 'Informe valorRec ou valorMinimoRecebedor, um deles.');
    else if (!VALOR.test(String(fixo ? valor.valorRec : valor.valorMinimoRecebedor)))
      v('rec.valor', 'O valor deve ter duas casas decimais com ponto.');
    if (!POLITICAS.includes(String(corpo.politicaRetentativa)))
      v('rec.politicaRetentativa', 'Política de retentativa inválida.');
    if (corpo.loc !== undefined) {
      const location = this.locations.get(Number(corpo.loc));
      if (!location) v('rec.loc', 'A location não existe.');
      else if (location.idRec) v('rec.loc', 'A location já está vinculada a outra recorrência.');
    }
    const ativacao = ehObjeto(corpo.ativacao) ? corpo.ativacao : undefined;
    if (ativacao) {
      const txid = ehObjeto(ativacao.dadosJornada) ? String(ativacao.dadosJornada.txid ?? '') : '';
      const cob = this.psp.cobrancas.get(txid);
      if (cob?.tipo !== 'cob' || cob.status !== 'ATIVA')
        v('rec.ativacao.dadosJornada.txid', 'O txid não é de uma cobrança imediata ativa.');
      if (corpo.loc === undefined) v('rec.loc', 'A jornada 3 exige a location da recorrência.');
    }
    return violacoes;
  }

  private listarRecs(url: URL): Resposta {
    const inicio = Date.parse(url.searchParams.get('inicio') ?? '');
    const fim = Date.parse(url.searchParams.get('fim') ?? '');
    if (Number.isNaN(inicio) || Number.isNaN(fim))
      return recusa('RequisicaoInvalida', 'inicio e fim (RFC 3339) são obrigatórios.');
    const recs = [...this.recs.values()]
      .filter((r) => {
        const criacao = Date.parse(r.atualizacao[0]?.data ?? '');
        return criacao >= inicio && criacao <= fim;
      })
      .map((r) => this.recEmJson(r, null));
    return {
      status: 200,
      corpo: {
        parametros: {
          inicio: new Date(inicio).toISOString(),
          fim: new Date(fim).toISOString(),
          paginacao: {
            paginaAtual: 0,
            itensPorPagina: 100,
            quantidadeDePaginas: 1,
            quantidadeTotalDeItens: recs.length,
          },
        },
        recs,
      },
    };
  }

  private recEmJson(rec: RecFalsa, txid: string | null): Objeto {
    const { loc: _loc, ativacao: _ativacao, ...corpo } = rec.corpo;
    const cob = txid ? this.psp.cobrancas.get(txid) : undefined;
    // The composite code only with the recurrence's location and, for journey 3, an immediate charge's.
    const dadosQR =
      rec.loc && rec.status === 'CRIADA' && cob?.tipo === 'cob' && cob.status === 'ATIVA'
        ? { jornada: 'JORNADA_3', pixCopiaECola: comRecorrencia(cob.pixCopiaECola, rec.loc.location) }
        : undefined;
    return {
      idRec: rec.idRec,
      ...corpo,
      recebedor: { cnpj: this.psp.recebedor().cnpj, nome: this.psp.recebedor().nome },
      status: rec.status,
      ...(rec.loc ? { loc: rec.loc } : {}),
      ativacao: rec.txidJornada
        ? {
            tipoJornada: rec.status === 'CRIADA' ? 'AGUARDANDO_DEFINICAO' : 'JORNADA_3',
            dadosJornada: { txid: rec.txidJornada },
          }
        : { tipoJornada: 'AGUARDANDO_DEFINICAO' },
      atualizacao: rec.atualizacao,
      ...(rec.encerramento ? { encerramento: rec.encerramento } : {}),
      ...(dadosQR ? { dadosQR } : {}),
    };
  }

  private cobr(metodo: string, txid: string, corpo: unknown): Resposta {
    const existente = this.cobrs.get(txid);
    if (metodo === 'PUT') {
      if (existente)
        return recusarCobr([{ propriedade: 'cobr.txid', razao: 'Já existe uma cobrança com este txid.' }]);
      if (!TXID.test(txid))
        return recusarCobr([
          { propriedade: 'cobr.txid', razao: 'O txid deve ter de 26 a 35 letras e dígitos.' },
        ]);
      if (!ehObjeto(corpo))
        return recusarCobr([{ propriedade: 'cobr', razao: 'O corpo deve ser um objeto JSON.' }]);
      const violacoes = this.violacoesDaCobr(corpo);
      if (violacoes.length > 0) return recusarCobr(violacoes);
      const calendario = corpo.calendario as { dataDeVencimento: string };
      const cobr: CobrFalsa = {
        idRec: String(corpo.idRec),
        txid,
        status: 'ATIVA',
        criacao: this.hoje,
        corpo,
        tentativas: [
          {
            dataLiquidacao: calendario.dataDeVencimento,
            tipo: 'AGND',
            status: 'AGENDADA',
            endToEndId: novoEndToEndId(this.psp.ispb, this.psp.agora()),
          },
        ],
        pix: [],
        atualizacao: [
          { status: 'CRIADA', data: this.instante },
          { status: 'ATIVA', data: this.instante },
        ],
      };
      this.cobrs.set(txid, cobr);
      return { status: 201, corpo: this.cobrEmJson(cobr) };
    }
    if (!existente) return naoEncontrado();
    if (metodo === 'GET') return { status: 200, corpo: this.cobrEmJson(existente) };
    if (metodo !== 'PATCH') return naoEncontrado();
    if (!ehObjeto(corpo) || corpo.status !== 'CANCELADA')
      return recusarCobr([{ propriedade: 'cobr.status', razao: 'Só o cancelamento é aceito.' }]);
    if (existente.status !== 'ATIVA' && existente.status !== 'CRIADA')
      return recusarCobr([{ propriedade: 'cobr.status', razao: `A cobrança está ${existente.status}.` }]);
    this.encerrarCobr(existente, 'CANCELADA', 'USUARIO_RECEBEDOR');
    return { status: 200, corpo: this.cobrEmJson(existente) };
  }

  private violacoesDaCobr(corpo: Objeto): Violacao[] {
    const violacoes: Violacao[] = [];
    const v = (propriedade: string, razao: string) => violacoes.push({ propriedade, razao });
    const rec = this.recs.get(String(corpo.idRec));
    if (!rec) v('cobr.idRec', 'A recorrência não existe.');
    else if (rec.status !== 'APROVADA') v('cobr.idRec', `A recorrência está ${rec.status}, não APROVADA.`);
    const vencimento = ehObjeto(corpo.calendario) ? String(corpo.calendario.dataDeVencimento ?? '') : '';
    if (!ehDataIso(vencimento)) v('cobr.calendario.dataDeVencimento', 'A data de vencimento é obrigatória.');
    else {
      const antes = diasEntre(this.hoje, vencimento);
      if (antes < 2 || antes > 10)
        v(
          'cobr.calendario.dataDeVencimento',
          'A cobrança deve ser criada de 10 a 2 dias antes do vencimento.',
        );
    }
    const original = ehObjeto(corpo.valor) ? String(corpo.valor.original ?? '') : '';
    if (!VALOR.test(original)) v('cobr.valor.original', 'O valor deve ter duas casas decimais com ponto.');
    const valorRec = rec && ehObjeto(rec.corpo.valor) ? rec.corpo.valor.valorRec : undefined;
    if (valorRec !== undefined && original !== valorRec)
      v('cobr.valor.original', `O valor difere do valor fixo da recorrência (${String(valorRec)}).`);
    if (typeof corpo.ajusteDiaUtil !== 'boolean') v('cobr.ajusteDiaUtil', 'ajusteDiaUtil é obrigatório.');
    const recebedor = ehObjeto(corpo.recebedor) ? corpo.recebedor : undefined;
    if (!recebedor || !texto(recebedor.conta, 20) || !TIPOS_CONTA.includes(String(recebedor.tipoConta)))
      v('cobr.recebedor', 'Informe a conta (até 20 caracteres) e o tipoConta do recebedor.');
    else if (recebedor.agencia !== undefined && !texto(recebedor.agencia, 4))
      v('cobr.recebedor.agencia', 'A agência tem até 4 caracteres.');
    // One charge per recurrence and cycle (a month, for MENSAL).
    if (rec && ehDataIso(vencimento)) {
      const ciclo = vencimento.slice(0, 7);
      const outra = [...this.cobrs.values()].find(
        (c) =>
          c.idRec === rec.idRec &&
          ['CRIADA', 'ATIVA', 'CONCLUIDA'].includes(c.status) &&
          String((c.corpo.calendario as Objeto).dataDeVencimento).slice(0, 7) === ciclo,
      );
      if (outra) v('cobr.idRec', `Já há uma cobrança desta recorrência no ciclo ${ciclo} (${outra.txid}).`);
    }
    return violacoes;
  }

  private retentativa(txid: string, data: string): Resposta {
    const cobr = this.cobrs.get(txid);
    if (!cobr) return naoEncontrado();
    const recusar = (razao: string) =>
      recusa('CobRRequisicaoInvalida', 'A retentativa não pode ser feita.', [
        { propriedade: 'cobr.tentativas', razao },
      ]);
    const rec = this.recs.get(cobr.idRec);
    if (rec?.corpo.politicaRetentativa !== 'PERMITE_3R_7D')
      return recusar('A recorrência não permite retentativas.');
    if (cobr.status !== 'ATIVA') return recusar(`A cobrança está ${cobr.status}.`);
    if (cobr.tentativas.some((t) => ABERTAS.has(t.status))) return recusar('Há uma tentativa em aberto.');
    if (cobr.tentativas.length > 3) return recusar('As três retentativas já foram feitas.');
    const vencimento = String((cobr.corpo.calendario as Objeto).dataDeVencimento);
    if (!ehDataIso(data) || diasEntre(this.hoje, data) < 1 || diasEntre(vencimento, data) > 7)
      return recusar('A data deve ser futura e até 7 dias depois do vencimento.');
    cobr.tentativas.push({
      dataLiquidacao: data,
      tipo: 'NTAG',
      status: 'AGENDADA',
      endToEndId: novoEndToEndId(this.psp.ispb, this.psp.agora()),
    });
    return { status: 201, corpo: this.cobrEmJson(cobr) };
  }

  private cobrEmJson(cobr: CobrFalsa): Objeto {
    const rec = this.recs.get(cobr.idRec);
    return {
      idRec: cobr.idRec,
      txid: cobr.txid,
      ...cobr.corpo,
      calendario: { criacao: cobr.criacao, ...(cobr.corpo.calendario as Objeto) },
      status: cobr.status,
      politicaRetentativa: rec?.corpo.politicaRetentativa ?? 'NAO_PERMITE',
      tentativas: cobr.tentativas,
      ...(cobr.pix.length > 0 ? { pix: cobr.pix } : {}),
      atualizacao: cobr.atualizacao,
      ...(cobr.encerramento ? { encerramento: cobr.encerramento } : {}),
    };
  }

  private webhook(recurso: 'webhookrec' | 'webhookcobr', metodo: string, corpo: unknown): Resposta {
    const campo = recurso === 'webhookrec' ? 'webhookRec' : 'webhookCobr';
    if (metodo === 'GET')
      return this[campo] ? { status: 200, corpo: { webhookUrl: this[campo] } } : naoEncontrado();
    if (metodo === 'DELETE') {
      this[campo] = null;
      return { status: 204 };
    }
    if (metodo !== 'PUT') return naoEncontrado();
    const url =
      ehObjeto(corpo) && typeof corpo.webhookUrl === 'string' && URL.canParse(corpo.webhookUrl)
        ? new URL(corpo.webhookUrl)
        : null;
    if (!url || !(url.protocol === 'https:' || ['127.0.0.1', 'localhost'].includes(url.hostname)))
      return recusa('WebhookOperacaoInvalida', 'A URL do webhook deve ser https.', [
        { propriedade: `${recurso}.webhookUrl`, razao: 'A URL do webhook deve ser https.' },
      ]);
    this[campo] = url.toString().replace(/\/+$/, '');
    return { status: 200 };
  }

  private exigirRec(idRec: string): RecFalsa {
    const rec = this.recs.get(idRec);
    if (!rec) throw new Error(`PSP falso: não há recorrência ${idRec}`);
    return rec;
  }

  private mudarRec(rec: RecFalsa, status: StatusRecFalsa): void {
    rec.status = status;
    rec.atualizacao.push({ status, data: this.instante });
  }

  private encerrarCobr(cobr: CobrFalsa, status: StatusCobrFalsa, solicitante: string): void {
    cobr.status = status;
    cobr.atualizacao.push({ status, data: this.instante });
    for (const t of cobr.tentativas) if (ABERTAS.has(t.status)) t.status = 'CANCELADA';
    cobr.encerramento = { cancelamento: { solicitante, codigo: 'SLCR', descricao: 'Cancelada' } };
  }

  private pagarTentativa(cobr: CobrFalsa, tentativa: TentativaFalsa): void {
    tentativa.status = 'PAGA';
    const rec = this.recs.get(cobr.idRec);
    const devedor = rec && ehObjeto(rec.corpo.vinculo) ? (rec.corpo.vinculo.devedor as Objeto) : undefined;
    const pix: PixRecebido = {
      endToEndId: tentativa.endToEndId,
      txid: cobr.txid,
      valor: String((cobr.corpo.valor as Objeto).original),
      horario: this.instante,
      ...(devedor
        ? {
            pagador: {
              ...(devedor.cpf ? { cpf: String(devedor.cpf) } : { cnpj: String(devedor.cnpj) }),
              nome: String(devedor.nome),
            },
          }
        : {}),
    };
    cobr.pix.push(pix);
    this.psp.pix.push(pix);
    cobr.status = 'CONCLUIDA';
    cobr.atualizacao.push({ status: 'CONCLUIDA', data: this.instante });
  }
}

const postar = async (url: string, corpo: unknown): Promise<void> => {
  const resposta = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(corpo),
    signal: AbortSignal.timeout(5_000),
  });
  if (!resposta.ok) throw new Error(`PSP falso: o webhook respondeu HTTP ${resposta.status}`);
};
