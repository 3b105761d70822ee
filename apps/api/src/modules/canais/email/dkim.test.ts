import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chavePublicaDe, gerarChaveDkim, registrosRecomendados } from './dkim.ts';

const { chavePrivada, registro } = gerarChaveDkim('cobranca.exemplo.com.br', 'cob2026');
const chaveDoRegistro = (valor: string) => {
  const p = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/=]+)$/.exec(valor)?.[1];
  if (!p) throw new Error(`registro DKIM malformado: ${valor}`);
  return createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
};

describe('gerarChaveDkim', () => {
  it('makes an RSA 2048 PKCS#8 key and the TXT record at selector._domainkey.domain', () => {
    expect(chavePrivada).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(createPrivateKey(chavePrivada).asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(registro).toMatchObject({ nome: 'cob2026._domainkey.cobranca.exemplo.com.br', tipo: 'TXT' });
  });

  it('publishes the public half of the private key: what one signs, the record verifies', () => {
    const dados = Buffer.from('from:Cobranças <cobranca@cobranca.exemplo.com.br>\r\n');
    const assinatura = sign('sha256', dados, chavePrivada);
    expect(verify('sha256', dados, chaveDoRegistro(registro.valor), assinatura)).toBe(true);
    expect(verify('sha256', Buffer.from('outra coisa'), chaveDoRegistro(registro.valor), assinatura)).toBe(
      false,
    );
  });

  it('makes a different key each time', () => {
    expect(gerarChaveDkim('cobranca.exemplo.com.br', 'cob2026').registro.valor).not.toBe(registro.valor);
  });
});

describe('chavePublicaDe', () => {
  it('gives the base64 SPKI the record holds', () => {
    expect(`v=DKIM1; k=rsa; p=${chavePublicaDe(chavePrivada)}`).toBe(registro.valor);
  });
});

describe('registrosRecomendados', () => {
  it('lists SPF, DKIM and DMARC p=none with a report address, each explained in pt-BR', () => {
    const registros = registrosRecomendados('cobranca.exemplo.com.br', {
      seletor: 'cob2026',
      chavePublicaBase64: chavePublicaDe(chavePrivada),
    });
    expect(registros.map(({ nome, tipo }) => [nome, tipo])).toEqual([
      ['cobranca.exemplo.com.br', 'TXT'],
      ['cob2026._domainkey.cobranca.exemplo.com.br', 'TXT'],
      ['_dmarc.cobranca.exemplo.com.br', 'TXT'],
    ]);
    const [spf, dkim, dmarc] = registros;
    expect(spf?.valor).toMatch(/^v=spf1 .*~all$/);
    expect(spf?.explicacao).toContain('include');
    expect(dkim?.valor).toBe(registro.valor);
    expect(dmarc?.valor).toBe('v=DMARC1; p=none; rua=mailto:dmarc@cobranca.exemplo.com.br');
    expect(dmarc?.explicacao).toContain('Gmail');
  });

  it('leaves DKIM out when there is no key yet', () => {
    expect(registrosRecomendados('exemplo.com').map((r) => r.nome)).toEqual([
      'exemplo.com',
      '_dmarc.exemplo.com',
    ]);
  });
});
