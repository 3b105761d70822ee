import { z } from 'zod';
import { type ClienteApiPix, ler, type Resposta, sucesso, type ValorPix } from './api-pix-cliente.ts';
import { erroDeResposta, respostaInvalida } from './api-pix-erros.ts';

// PIX Automático at the receiver's PSP (docs/formatos-externos.md §7): the recurrence's location
// (`/locrec`), the recurrence (`/rec`), each instalment's recurring charge (`/cobr`) and their webhooks,
// on the same mutual-TLS + OAuth2 client as the API Pix v2.

export const STATUS_REC = ['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'] as const;
export const STATUS_COBR = ['CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA'] as const;
export const STATUS_TENTATIVA = [
  'SOLICITADA',
  'AGENDADA',
  'PAGA',
  'CANCELADA',
  'REJEITADA',
  'EXPIRADA',
] as const;
export type PoliticaRetentativa = 'NAO_PERMITE' | 'PERMITE_3R_7D';
export type TipoConta = 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';

type PessoaRec = ({ cpf: string } | { cnpj: string }) & { nome: string };

export type CorpoRec = {
  vinculo: { objeto?: string; contrato: string; devedor: PessoaRec };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: 'MENSAL' };
  valor: { valorRec: ValorPix };
  politicaRetentativa: PoliticaRetentativa;
  loc: number;
  ativacao?: { dadosJornada: { txid: string } };
};

export type CorpoCobr = {
  idRec: string;
  infoAdicional?: string;
  calendario: { dataDeVencimento: string };
  valor: { original: ValorPix };
  ajusteDiaUtil: boolean;
  recebedor: { agencia?: string; conta: string; tipoConta: TipoConta };
};

const valor = z.string().regex(/^\d{1,10}\.\d{2}$/);
const idRec = z.string().regex(/^[a-zA-Z0-9]{29}$/);

const location = z.object({
  id: z.number().int(),
  location: z.string().min(1),
  criacao: z.iso.datetime({ offset: true }).optional(),
  idRec: idRec.optional(),
});

const encerramento = z
  .object({
    rejeicao: z.object({ codigo: z.string(), descricao: z.string() }).optional(),
    cancelamento: z.object({ solicitante: z.string(), codigo: z.string(), descricao: z.string() }).optional(),
  })
  .optional();

export const recorrenciaPsp = z.object({
  idRec,
  status: z.enum(STATUS_REC),
  valor: z.object({ valorRec: valor.optional(), valorMinimoRecebedor: valor.optional() }),
  vinculo: z.looseObject({ contrato: z.string().optional(), objeto: z.string().optional() }),
  calendario: z.object({
    dataInicial: z.iso.date(),
    dataFinal: z.iso.date().optional(),
    periodicidade: z.string(),
  }),
  politicaRetentativa: z.enum(['NAO_PERMITE', 'PERMITE_3R_7D']),
  loc: location.optional(),
  ativacao: z
    .object({
      tipoJornada: z.string().optional(),
      dadosJornada: z.object({ txid: z.string() }).optional(),
    })
    .optional(),
  dadosQR: z.object({ jornada: z.string(), pixCopiaECola: z.string().min(1) }).optional(),
  encerramento,
});

const tentativa = z.object({
  // The Banco Central's own callback example dates one "2024-20-08": kept as text, never relied on.
  dataLiquidacao: z.string(),
  tipo: z.string(),
  status: z.enum(STATUS_TENTATIVA),
  endToEndId: z.string().optional(),
  rejeicao: z.object({ codigo: z.string(), descricao: z.string() }).optional(),
});

const pixDaCobranca = z.object({
  endToEndId: z.string().min(1),
  txid: z.string().optional(),
  valor,
  horario: z.iso.datetime({ offset: true }),
});

export const cobrancaRecorrentePsp = z.object({
  idRec,
  txid: z.string(),
  status: z.enum(STATUS_COBR),
  calendario: z.object({ criacao: z.iso.date().optional(), dataDeVencimento: z.iso.date() }),
  valor: z.object({ original: valor }),
  politicaRetentativa: z.enum(['NAO_PERMITE', 'PERMITE_3R_7D']).optional(),
  tentativas: z.array(tentativa).default([]),
  pix: z.array(pixDaCobranca).default([]),
  encerramento,
});

const listaDeRecorrencias = z.object({
  parametros: z.object({ paginacao: z.object({ quantidadeDePaginas: z.number().int().min(0) }) }),
  recs: z.array(z.unknown()).default([]),
});

export type LocationRec = z.infer<typeof location>;
export type RecorrenciaPsp = z.infer<typeof recorrenciaPsp>;
export type CobrancaRecorrentePsp = z.infer<typeof cobrancaRecorrentePsp>;

const caminho = (...partes: string[]) => `/${partes.map(encodeURIComponent).join('/')}`;

export class RecorrenciasApiPix {
  constructor(private readonly api: ClienteApiPix) {}

  async criarLocation(): Promise<LocationRec> {
    return ler(
      await this.api.chamar('POST', '/locrec', { tipo: 'rec' }),
      location,
      'a location da recorrência não tem id e location',
    );
  }

  /** null: the PSP holds no such location. Its `idRec` tells whether a recurrence was created with it. */
  async consultarLocation(id: number): Promise<LocationRec | null> {
    const resposta = await this.api.chamar('GET', caminho('locrec', String(id)));
    if (resposta.status === 404) return null;
    return ler(resposta, location, 'a location da recorrência não tem id e location');
  }

  async criarRecorrencia(corpo: CorpoRec): Promise<RecorrenciaPsp> {
    return this.lerRecorrencia(await this.api.chamar('POST', '/rec', corpo));
  }

  /** With the first instalment's `txid`, the answer carries the journey-3 composite QR (`dadosQR`). */
  async consultarRecorrencia(id: string, txid?: string): Promise<RecorrenciaPsp | null> {
    const consulta = txid ? `?${new URLSearchParams({ txid })}` : '';
    const resposta = await this.api.chamar('GET', `${caminho('rec', id)}${consulta}`);
    if (resposta.status === 404) return null;
    return this.lerRecorrencia(resposta, id);
  }

  async cancelarRecorrencia(id: string): Promise<RecorrenciaPsp> {
    return this.lerRecorrencia(
      await this.api.chamar('PATCH', caminho('rec', id), { status: 'CANCELADA' }),
      id,
    );
  }

  /** Whether the PSP answers the recurrence endpoints with our credentials (for `verificar`). */
  async listarRecorrencias(inicio: Date, fim: Date): Promise<number> {
    const consulta = new URLSearchParams({ inicio: inicio.toISOString(), fim: fim.toISOString() });
    const lista = ler(
      await this.api.chamar('GET', `/rec?${consulta}`),
      listaDeRecorrencias,
      'a lista de recorrências não segue o formato da API Pix',
    );
    return lista.recs.length;
  }

  /** Our txid, so asking again for the same instalment never makes a second charge. */
  async criarCobranca(txid: string, corpo: CorpoCobr): Promise<CobrancaRecorrentePsp> {
    return this.lerCobranca(txid, await this.api.chamar('PUT', caminho('cobr', txid), corpo));
  }

  async consultarCobranca(txid: string): Promise<CobrancaRecorrentePsp | null> {
    const resposta = await this.api.chamar('GET', caminho('cobr', txid));
    if (resposta.status === 404) return null;
    return this.lerCobranca(txid, resposta);
  }

  async cancelarCobranca(txid: string): Promise<CobrancaRecorrentePsp> {
    return this.lerCobranca(
      txid,
      await this.api.chamar('PATCH', caminho('cobr', txid), { status: 'CANCELADA' }),
    );
  }

  /** A new attempt on `data` (YYYY-MM-DD) after a rejected one, inside the recurrence's policy. */
  async retentar(txid: string, data: string): Promise<CobrancaRecorrentePsp> {
    return this.lerCobranca(txid, await this.api.chamar('POST', caminho('cobr', txid, 'retentativa', data)));
  }

  /** `PUT /webhookrec` and `PUT /webhookcobr`: the PSP appends `/rec` and `/cobr` to the URL. */
  async registrarWebhooks(webhookUrl: string): Promise<void> {
    for (const recurso of ['webhookrec', 'webhookcobr']) {
      const resposta = await this.api.chamar('PUT', `/${recurso}`, { webhookUrl });
      if (!sucesso(resposta.status)) throw erroDeResposta(resposta.status, resposta.json, resposta.texto);
    }
  }

  private lerRecorrencia(resposta: Resposta, id?: string): RecorrenciaPsp {
    const lida = ler(resposta, recorrenciaPsp, 'a recorrência não segue o formato da API Pix');
    if (id !== undefined && lida.idRec !== id)
      throw respostaInvalida(`a recorrência devolvida é outra (${lida.idRec})`, resposta.status);
    return lida;
  }

  private lerCobranca(txid: string, resposta: Resposta): CobrancaRecorrentePsp {
    const lida = ler(resposta, cobrancaRecorrentePsp, 'a cobrança recorrente não segue o formato da API Pix');
    if (lida.txid !== txid)
      throw respostaInvalida(
        `a cobrança recorrente devolvida é de outro txid (${lida.txid})`,
        resposta.status,
      );
    return lida;
  }
}
