import { describe, expect, it } from 'vitest';
import { paraGsm7, segmentosSms } from './sms-segmentos.ts';

// The GSM 7-bit default alphabet of 3GPP TS 23.038 §6.2.1, in table order (0x00–0x7F without 0x1B, the
// escape), and its extension table (§6.2.1.1): written out here so the calculator is checked, not trusted.
const BASICO = [
  '@£$¥èéùìòÇ\nØø\rÅå',
  'Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ',
  ' !"#¤%&\'()*+,-./',
  '0123456789:;<=>?',
  '¡ABCDEFGHIJKLMNO',
  'PQRSTUVWXYZÄÖÑÜ§',
  '¿abcdefghijklmno',
  'pqrstuvwxyzäöñüà',
].join('');
const EXTENSAO = '\f^{}\\[~]|€';

describe('segmentosSms: the 3GPP TS 23.038 tables', () => {
  it('keeps every character of the basic set in GSM-7 at one code unit', () => {
    expect([...BASICO]).toHaveLength(127);
    for (const c of BASICO)
      expect(segmentosSms(c), `U+${c.codePointAt(0)?.toString(16)}`).toMatchObject({
        codificacao: 'GSM-7',
        caracteres: 1,
      });
    expect(segmentosSms(BASICO)).toMatchObject({ codificacao: 'GSM-7', caracteres: 127 });
  });

  it('counts the extension table (escape + character) as two code units', () => {
    for (const c of EXTENSAO) expect(segmentosSms(c)).toMatchObject({ codificacao: 'GSM-7', caracteres: 2 });
  });

  it('switches to UCS-2 for the Portuguese letters the basic set lacks and for typographic punctuation', () => {
    for (const c of 'ãõáíóúâêôçÁÍÓÚÂÊÔÃÕÀºª°`“”‘’–—…')
      expect(segmentosSms(c), c).toMatchObject({ codificacao: 'UCS-2', caracteres: 1 });
  });
});

describe('segmentosSms: parts', () => {
  it('fits 160 GSM-7 characters in one SMS', () => {
    expect(segmentosSms('a'.repeat(160))).toEqual({
      codificacao: 'GSM-7',
      caracteres: 160,
      segmentos: 1,
      porSegmento: 160,
      restantes: 0,
    });
  });

  it('splits 161 into two parts of 153', () => {
    expect(segmentosSms('a'.repeat(161))).toEqual({
      codificacao: 'GSM-7',
      caracteres: 161,
      segmentos: 2,
      porSegmento: 153,
      restantes: 145,
    });
    expect(segmentosSms('a'.repeat(306))).toMatchObject({ segmentos: 2, restantes: 0 });
    expect(segmentosSms('a'.repeat(307))).toMatchObject({ segmentos: 3, restantes: 152 });
  });

  it('turns the whole text into UCS-2 (70, then 67 per part) for a single ã', () => {
    expect(segmentosSms('ã')).toEqual({
      codificacao: 'UCS-2',
      caracteres: 1,
      segmentos: 1,
      porSegmento: 70,
      restantes: 69,
    });
    expect(segmentosSms(`${'a'.repeat(69)}ã`)).toMatchObject({ segmentos: 1, restantes: 0 });
    expect(segmentosSms(`${'a'.repeat(70)}ã`)).toMatchObject({
      segmentos: 2,
      porSegmento: 67,
      restantes: 63,
    });
  });

  it('keeps é in GSM-7', () => {
    expect(segmentosSms('Até sexta, é urgente')).toMatchObject({ codificacao: 'GSM-7', caracteres: 20 });
  });

  it('counts € as two and never splits its escape pair across parts', () => {
    expect(segmentosSms('€')).toMatchObject({ codificacao: 'GSM-7', caracteres: 2, restantes: 158 });
    expect(segmentosSms(`${'a'.repeat(159)}€`)).toMatchObject({ caracteres: 161, segmentos: 2 });
    // 153 fill the first part and 152 the second: the pair does not fit in the one septet left there.
    expect(segmentosSms(`${'a'.repeat(153) + 'b'.repeat(152)}€`)).toMatchObject({
      caracteres: 307,
      segmentos: 3,
    });
  });

  it('counts an emoji as two UCS-2 code units', () => {
    expect(segmentosSms('ok 👍')).toMatchObject({ codificacao: 'UCS-2', caracteres: 5, restantes: 65 });
  });

  it('costs nothing for an empty text', () => {
    expect(segmentosSms('')).toEqual({
      codificacao: 'GSM-7',
      caracteres: 0,
      segmentos: 0,
      porSegmento: 160,
      restantes: 160,
    });
  });

  it('counts a real collection message: accents make it UCS-2 and three parts', () => {
    const texto =
      'Olá, Maria! A parcela de R$ 1.234,56 do contrato 0042 venceu em 10/03. Pague pelo PIX ou boleto: https://cobre.exemplo.com.br/p/ab12cd. Dúvidas? Responda aqui. Para não receber mais, responda SAIR.';
    expect(texto).toHaveLength(197);
    expect(segmentosSms(texto)).toEqual({
      codificacao: 'UCS-2',
      caracteres: 197,
      segmentos: 3,
      porSegmento: 67,
      restantes: 4,
    });
    // The same text without á, ú, ã goes in two GSM-7 parts.
    const semAcento = texto.replace('Olá', 'Ola').replace('Dúvidas', 'Duvidas').replace('não', 'nao');
    expect(segmentosSms(semAcento)).toMatchObject({ codificacao: 'GSM-7', segmentos: 2, restantes: 109 });
  });
});

describe('paraGsm7', () => {
  it('writes a typical pt-BR collection SMS in GSM-7, so it costs 160-character parts', () => {
    const texto =
      'Empresa Demonstração Ltda: João, sua fatura de R$\u00a0153,05 venceu em 12/12. 1ª parcela: https://x.example/p/abc';
    expect(segmentosSms(texto).codificacao).toBe('UCS-2');
    const sms = paraGsm7(texto);
    expect(sms).toBe(
      'Empresa Demonstracao Ltda: Joao, sua fatura de R$ 153,05 venceu em 12/12. 1a parcela: https://x.example/p/abc',
    );
    expect(segmentosSms(sms)).toMatchObject({ codificacao: 'GSM-7', segmentos: 1 });
  });

  it("keeps GSM-7's own accented letters and what has no plain equivalent", () => {
    // ú is not GSM-7 (ù is): it loses its accent.
    expect(paraGsm7('Café à la Ñandú — ok…')).toBe('Café à la Ñandu - ok...');
    expect(paraGsm7('Obrigado 🙏')).toBe('Obrigado 🙏');
  });
});
