import { SegmentedMessage } from 'sms-segments-calculator';

// How many SMS a text costs (3GPP TS 23.038 / 23.040). Twilio's calculator holds the GSM-7 default alphabet
// and its extension table exactly as the standard has them (checked in the test), and it never splits an
// escape pair or a UTF-16 surrogate pair across two parts, which a plain division would.

export type CodificacaoSms = 'GSM-7' | 'UCS-2';

export type SegmentosSms = {
  codificacao: CodificacaoSms;
  /** Code units of the encoding: a GSM-7 extension character (`€ { } [ ] ~ \ | ^`) or a UCS-2 emoji counts 2. */
  caracteres: number;
  /** Parts the text is sent in; 0 for an empty text. */
  segmentos: number;
  /** 160 / 70 for a single SMS; 153 / 67 per part once a user data header is needed to join them. */
  porSegmento: number;
  /** Characters that still fit in the current part before it takes one more. */
  restantes: number;
};

const BITS_POR_SMS = 140 * 8;
const BITS = { 'GSM-7': 7, 'UCS-2': 16 } as const;
const LIMITE = { 'GSM-7': { unico: 160, parte: 153 }, 'UCS-2': { unico: 70, parte: 67 } } as const;

/** Counts without changing the text: the message goes out exactly as written. */
export const segmentosSms = (texto: string): SegmentosSms => {
  const sms = new SegmentedMessage(texto);
  const codificacao = sms.encodingName;
  const caracteres = sms.encodedChars.reduce((soma, c) => soma + c.codeUnits.length, 0);
  const segmentos = caracteres === 0 ? 0 : sms.segmentsCount;
  const ultimo = sms.segments[sms.segments.length - 1];
  const livres = ultimo ? ultimo.freeSizeInBits() : BITS_POR_SMS;
  return {
    codificacao,
    caracteres,
    segmentos,
    porSegmento: segmentos > 1 ? LIMITE[codificacao].parte : LIMITE[codificacao].unico,
    restantes: Math.floor(livres / BITS[codificacao]),
  };
};

// Characters an SMS writes another way so the text stays in GSM-7 (160 a part, not 70).
const TROCAS: Readonly<Record<string, string>> = {
  '\u00a0': ' ',
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2026': '...',
  '\u2022': '-',
  ª: 'a',
  º: 'o',
};

const ehGsm7 = (c: string) => new SegmentedMessage(c).encodingName === 'GSM-7';

/**
 * The text as an SMS sends it: a character outside GSM-7 that has a plain equivalent becomes it (ã → a,
 * ç → c, the no-break space of "R$ 10,00" → a space), so one accent does not turn the whole message into
 * UCS-2 and double its parts; GSM-7's own é, à, Ç, ü, ñ… stay, and anything without an equivalent (an
 * emoji) stays too and is counted as such.
 */
export const paraGsm7 = (texto: string): string =>
  [...texto]
    .map((c) => {
      if (ehGsm7(c)) return c;
      const troca = TROCAS[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '');
      return troca !== '' && [...troca].every(ehGsm7) ? troca : c;
    })
    .join('');
