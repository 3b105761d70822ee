import { randomBytes } from 'node:crypto';
import { diasEntre, ehDataIso, proximoDiaUtil, somarDias } from '@cobranca/dominio';
import type { PixRecebido, TipoCobranca } from './api-pix-cliente.ts';
import { centavosDoValorPix, valorPix } from './valor-pix.ts';

// The rules of the fake PSP's charges, kept apart from its HTTP plumbing: what a strict PSP refuses in a
// cob/cobv body (answered as problem+json) and what a payer owes on a given day. The amount due is
// computed here from the charge alone, independently of the app's own rules, so tests can compare both.

export type Objeto = Record<string, unknown>;
export type Violacao = { razao: string; propriedade: string };
export type StatusCobranca = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export type CobrancaFalsa = {
  tipo: TipoCobranca;
  txid: string;
  status: StatusCobranca;
  revisao: number;
  criacao: Date;
  locId: number;
  location: string;
  pixCopiaECola: string;
  /** The request body as accepted (chave, valor, devedor, calendario…). */
  corpo: Objeto;
  pix: PixRecebido[];
};

export const ehObjeto = (valor: unknown): valor is Objeto =>
  typeof valor === 'object' && valor !== null && !Array.isArray(valor);

const VALOR = /^\d{1,10}\.\d{2}$/;
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const EXPIRACAO_PADRAO_S = 86_400;
const VALIDADE_PADRAO_DIAS = 30;

export const problema = (
  tipoErro: string,
  title: string,
  status: number,
  detail: string,
  violacoes: Violacao[] = [],
) => ({
  type: `https://pix.bcb.gov.br/api/v2/error/${tipoErro}`,
  title,
  status,
  detail,
  ...(violacoes.length > 0 ? { violacoes } : {}),
});

const inteiroEntre = (valor: unknown, minimo: number, maximo: number): boolean =>
  Number.isInteger(valor) && (valor as number) >= minimo && (valor as number) <= maximo;

const violacoesDoDevedor = (devedor: unknown, obrigatorio: boolean): string | null => {
  if (devedor === undefined) return obrigatorio ? 'O objeto devedor é obrigatório.' : null;
  if (!ehObjeto(devedor)) return 'O objeto devedor não respeita o _schema_.';
  const { cpf, cnpj, nome } = devedor;
  if ((cpf === undefined) === (cnpj === undefined))
    return 'Informe o cpf ou o cnpj do devedor, nunca os dois.';
  if (cpf !== undefined && !/^\d{11}$/.test(String(cpf))) return 'O cpf do devedor deve ter 11 dígitos.';
  if (cnpj !== undefined && !/^[0-9A-Z]{14}$/.test(String(cnpj)))
    return 'O cnpj do devedor deve ter 14 caracteres.';
  if (typeof nome !== 'string' || nome.length === 0 || nome.length > 200)
    return 'O nome do devedor é obrigatório.';
  return null;
};

const MODALIDADES: Record<string, number> = { multa: 2, juros: 8, abatimento: 2, desconto: 6 };

/** What a strict PSP refuses in the body of `PUT /{tipo}/{txid}`, as `violacoes` of the problem+json. */
export const violacoesDaCobranca = (
  tipo: TipoCobranca,
  txid: string,
  corpo: unknown,
  chave: string,
): Violacao[] => {
  const violacoes: Violacao[] = [];
  const violou = (propriedade: string, razao: string) =>
    violacoes.push({ propriedade: `${tipo}.${propriedade}`, razao });
  if (!TXID.test(txid)) violou('txid', 'O txid deve ter de 26 a 35 letras e dígitos.');
  if (!ehObjeto(corpo)) {
    violou('body', 'O corpo da requisição deve ser um objeto JSON.');
    return violacoes;
  }
  if (corpo.chave !== chave) violou('chave', 'A chave não pertence a este recebedor.');
  const { valor, calendario, solicitacaoPagador } = corpo;
  if (
    !ehObjeto(valor) ||
    typeof valor.original !== 'string' ||
    !VALOR.test(valor.original) ||
    Number(valor.original) <= 0
  )
    violou('valor.original', `O campo ${tipo}.valor.original não respeita o _schema_.`);
  if (
    solicitacaoPagador !== undefined &&
    (typeof solicitacaoPagador !== 'string' || solicitacaoPagador.length > 140)
  )
    violou('solicitacaoPagador', 'A solicitação ao pagador tem no máximo 140 caracteres.');
  const devedor = violacoesDoDevedor(corpo.devedor, tipo === 'cobv');
  if (devedor) violou('devedor', devedor);
  if (!ehObjeto(calendario)) violou('calendario', `O objeto ${tipo}.calendario é obrigatório.`);
  else if (tipo === 'cob') {
    if (calendario.expiracao !== undefined && !inteiroEntre(calendario.expiracao, 1, 2 ** 31 - 1))
      violou('calendario.expiracao', 'A expiração é um número inteiro positivo de segundos.');
  } else {
    if (typeof calendario.dataDeVencimento !== 'string' || !ehDataIso(calendario.dataDeVencimento))
      violou('calendario.dataDeVencimento', 'A data de vencimento deve estar no formato YYYY-MM-DD.');
    if (
      calendario.validadeAposVencimento !== undefined &&
      !inteiroEntre(calendario.validadeAposVencimento, 0, 2 ** 31 - 1)
    )
      violou('calendario.validadeAposVencimento', 'A validade após o vencimento é um número de dias.');
  }
  if (tipo === 'cobv' && ehObjeto(valor))
    for (const [campo, maxima] of Object.entries(MODALIDADES)) {
      const regra = valor[campo];
      if (regra === undefined) continue;
      if (!ehObjeto(regra) || !inteiroEntre(regra.modalidade, 1, maxima))
        violou(`valor.${campo}.modalidade`, `A modalidade de ${campo} vai de 1 a ${maxima}.`);
      else if (
        regra.valorPerc !== undefined &&
        (typeof regra.valorPerc !== 'string' || !VALOR.test(regra.valorPerc))
      )
        violou(
          `valor.${campo}.valorPerc`,
          `O campo ${tipo}.valor.${campo}.valorPerc não respeita o _schema_.`,
        );
    }
  return violacoes;
};

/** round-half-up(base × percentual% × numerador / denominador), in integer cents. */
const percentual = (base: number, perc: string, numerador = 1, denominador = 1): number => {
  const total = BigInt(base) * BigInt(centavosDoValorPix(perc)) * BigInt(numerador);
  const divisor = 10_000n * BigInt(denominador);
  return Number((total * 2n + divisor) / (divisor * 2n));
};

const regraDe = (valor: Objeto, campo: string): { modalidade: number; valorPerc: string } | null =>
  ehObjeto(valor[campo]) ? (valor[campo] as { modalidade: number; valorPerc: string }) : null;

const naoSuportada = (campo: string, modalidade: number) =>
  new Error(`PSP falso: ${campo} na modalidade ${modalidade} não é suportado`);

/** Juros for `dias` calendar days after the due date: value a day, % a day, or % a month pro rata die on 30. */
const jurosDe = (
  regra: { modalidade: number; valorPerc: string },
  original: number,
  dias: number,
): number => {
  if (regra.modalidade === 1) return centavosDoValorPix(regra.valorPerc) * dias;
  if (regra.modalidade === 2) return percentual(original, regra.valorPerc, dias);
  if (regra.modalidade === 3) return percentual(original, regra.valorPerc, dias, 30);
  throw naoSuportada('juros', regra.modalidade);
};

/** Last day a cobv is payable: the due date moved to a business day, plus the validity, moved again. */
export const ultimoDiaDePagamento = (dataDeVencimento: string, validadeAposVencimento: number): string =>
  proximoDiaUtil(somarDias(proximoDiaUtil(dataDeVencimento), validadeAposVencimento));

export type ValorDoPagamento = {
  valor: string;
  componentesValor: NonNullable<PixRecebido['componentesValor']>;
};

/** What a payer owes on `data` (YYYY-MM-DD) for a charge, with its parts as `componentesValor` shows them. */
export const valorDoPagamento = (cobranca: CobrancaFalsa, data: string): ValorDoPagamento => {
  const valor = cobranca.corpo.valor as Objeto & { original: string };
  const original = centavosDoValorPix(valor.original);
  if (cobranca.tipo === 'cob')
    return { valor: valor.original, componentesValor: { original: { valor: valor.original } } };
  if (valor.desconto !== undefined) throw new Error('PSP falso: desconto não é suportado');
  const calendario = cobranca.corpo.calendario as { dataDeVencimento: string };
  const diasAtraso = Math.max(0, diasEntre(proximoDiaUtil(calendario.dataDeVencimento), data));
  const multaRegra = regraDe(valor, 'multa');
  const jurosRegra = regraDe(valor, 'juros');
  const abatimentoRegra = regraDe(valor, 'abatimento');
  let multa = 0;
  if (multaRegra && diasAtraso > 0) {
    if (multaRegra.modalidade === 1) multa = centavosDoValorPix(multaRegra.valorPerc);
    else multa = percentual(original, multaRegra.valorPerc);
  }
  const juros = jurosRegra && diasAtraso > 0 ? jurosDe(jurosRegra, original, diasAtraso) : 0;
  let abatimento = 0;
  if (abatimentoRegra)
    abatimento =
      abatimentoRegra.modalidade === 1
        ? centavosDoValorPix(abatimentoRegra.valorPerc)
        : percentual(original, abatimentoRegra.valorPerc);
  return {
    valor: valorPix(original + multa + juros - abatimento),
    componentesValor: {
      original: { valor: valor.original },
      ...(multa > 0 ? { multa: { valor: valorPix(multa) } } : {}),
      ...(juros > 0 ? { juros: { valor: valorPix(juros) } } : {}),
      ...(abatimento > 0 ? { abatimento: { valor: valorPix(abatimento) } } : {}),
    },
  };
};

/** Throws when the charge can no longer be paid on `data` / at `agora`. */
export const conferirPagavel = (cobranca: CobrancaFalsa, data: string, agora: Date): void => {
  if (cobranca.status !== 'ATIVA')
    throw new Error(`PSP falso: a cobrança ${cobranca.txid} está ${cobranca.status}`);
  const calendario = cobranca.corpo.calendario as Objeto;
  if (cobranca.tipo === 'cob') {
    const expiracao = (calendario.expiracao as number | undefined) ?? EXPIRACAO_PADRAO_S;
    if (agora.getTime() > cobranca.criacao.getTime() + expiracao * 1000)
      throw new Error(`PSP falso: a cobrança ${cobranca.txid} expirou`);
    return;
  }
  const limite = ultimoDiaDePagamento(
    calendario.dataDeVencimento as string,
    (calendario.validadeAposVencimento as number | undefined) ?? VALIDADE_PADRAO_DIAS,
  );
  if (data > limite)
    throw new Error(`PSP falso: a cobrança ${cobranca.txid} só podia ser paga até ${limite}`);
};

/** The charge as the API Pix shows it (PUT, GET, PATCH answers). */
export const cobrancaEmJson = (c: CobrancaFalsa, recebedor: Objeto): Objeto => {
  const calendario = c.corpo.calendario as Objeto;
  return {
    ...c.corpo,
    calendario:
      c.tipo === 'cob'
        ? { criacao: c.criacao.toISOString(), expiracao: calendario.expiracao ?? EXPIRACAO_PADRAO_S }
        : {
            criacao: c.criacao.toISOString(),
            dataDeVencimento: calendario.dataDeVencimento,
            validadeAposVencimento: calendario.validadeAposVencimento ?? VALIDADE_PADRAO_DIAS,
          },
    txid: c.txid,
    revisao: c.revisao,
    loc: { id: c.locId, location: c.location, tipoCob: c.tipo, criacao: c.criacao.toISOString() },
    location: c.location,
    status: c.status,
    ...(c.tipo === 'cobv' ? { recebedor } : {}),
    pixCopiaECola: c.pixCopiaECola,
    ...(c.pix.length > 0 ? { pix: c.pix } : {}),
  };
};

const ALFANUMERICOS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `E` + the payer PSP's ISPB + yyyyMMddHHmm (UTC) + 11 letters and digits: 32 characters. */
export const novoEndToEndId = (ispb: string, agora: Date): string => {
  const carimbo = agora.toISOString().replace(/\D/g, '').slice(0, 12);
  const sufixo = Array.from(randomBytes(11), (b) => ALFANUMERICOS[b % ALFANUMERICOS.length]).join('');
  return `E${ispb}${carimbo}${sufixo}`;
};
