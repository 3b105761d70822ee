// PIX "copia e cola" (BR Code, EMV MPM): the payload a customer pastes into their bank app
// (docs/formatos-externos.md §5). Ours are always dynamic (the charge's location in 26/25): every
// message and instalment has a charge of its own, so a static code (a bare key) is never needed.
// Pure; the CRC is CRC-16/CCITT-FALSE over the UTF-8 bytes up to "6304".

import { valorPix } from './valor-pix.ts';

export type DadosPixDinamico = {
  /** The charge's `location` from the PSP, with or without `https://`. */
  location: string;
  nomeRecebedor: string;
  cidade: string;
  /** Absent: the bank app reads the amount from the location. */
  valorCentavos?: number | null;
};

const GUI_PIX = 'br.gov.bcb.pix';
const NOME_MAXIMO = 25;
const CIDADE_MAXIMA = 15;
const CONTA_MAXIMA = 99;

export const crc16 = (texto: string): string => {
  let crc = 0xffff;
  for (const byte of Buffer.from(texto, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
};

const campo = (id: string, valor: string): string => {
  if (valor.length > 99) throw new Error(`campo ${id} do BR Code com mais de 99 caracteres`);
  return `${id}${String(valor.length).padStart(2, '0')}${valor}`;
};

/** Names and cities are ASCII in the code: readers disagree on lengths of multi-byte characters. */
const ascii = (texto: string, maximo: number): string =>
  texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maximo);

const montar = (conta: string, recebedor: DadosPixDinamico): string => {
  const corpo =
    campo('00', '01') +
    campo('01', '12') +
    campo('26', conta) +
    campo('52', '0000') +
    campo('53', '986') +
    (recebedor.valorCentavos ? campo('54', valorPix(recebedor.valorCentavos)) : '') +
    campo('58', 'BR') +
    campo('59', ascii(recebedor.nomeRecebedor, NOME_MAXIMO)) +
    campo('60', ascii(recebedor.cidade, CIDADE_MAXIMA)) +
    campo('62', campo('05', '***')) +
    '6304';
  return `${corpo}${crc16(corpo)}`;
};

/**
 * A single-use (01=12) BR Code for a charge created at the PSP: the bank app fetches the charge from
 * the location, where the txid lives, so 62/05 carries `***`.
 */
export const gerarBrCodeDinamico = (dados: DadosPixDinamico): string => {
  const conta = campo('00', GUI_PIX) + campo('25', dados.location.trim().replace(/^https?:\/\//i, ''));
  if (conta.length > CONTA_MAXIMA) throw new Error('location longa demais para o BR Code');
  return montar(conta, dados);
};

/**
 * PIX Automático's composite code (journey 3, docs/formatos-externos.md §7): the charge's own code with
 * the recurrence's location in field 80, so paying it also authorises the recurrence.
 */
export const comRecorrencia = (payload: string, locationRec: string): string => {
  const recorrencia = campo('00', GUI_PIX) + campo('25', locationRec.trim().replace(/^https?:\/\//i, ''));
  if (recorrencia.length > CONTA_MAXIMA)
    throw new Error('location da recorrência longa demais para o BR Code');
  const corpo = `${payload.slice(0, -8)}${campo('80', recorrencia)}6304`;
  return `${corpo}${crc16(corpo)}`;
};

const tlvsValidos = (texto: string): boolean => {
  let posicao = 0;
  while (posicao < texto.length) {
    const cabecalho = texto.slice(posicao, posicao + 4);
    if (!/^\d{4}$/.test(cabecalho)) return false;
    posicao += 4 + Number(cabecalho.slice(2));
  }
  return posicao === texto.length;
};

/** Well-formed TLVs from `000201` to a final `6304` CRC that matches: what a bank app accepts. */
export const brCodeValido = (payload: string): boolean =>
  payload.startsWith('000201') &&
  tlvsValidos(payload) &&
  payload.slice(-8, -4) === '6304' &&
  crc16(payload.slice(0, -4)) === payload.slice(-4).toUpperCase();
