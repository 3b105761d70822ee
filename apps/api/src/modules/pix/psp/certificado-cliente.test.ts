import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ErroApiPix } from './api-pix-erros.ts';
import { type CertificadoCliente, validarCertificadoCliente } from './certificado-cliente.ts';
import { certificadosDeTeste, SENHA_PKCS12 } from './certificados.test-fixtures.ts';

const { cliente, clienteDeOutraCa, clienteExpirado, clientePkcs12 } = certificadosDeTeste();
const agora = new Date();
const validadeDoCliente = new Date(new X509Certificate(cliente.certificadoPem).validTo);

const pem = (certificadoPem: string, chavePrivadaPem: string): CertificadoCliente => ({
  tipo: 'pem',
  certificadoPem,
  chavePrivadaPem,
});

const motivo = (certificado: CertificadoCliente, em = agora): string => {
  try {
    validarCertificadoCliente(certificado, em);
  } catch (erro) {
    if (erro instanceof ErroApiPix && erro.tipo === 'certificado_cliente') return erro.message;
    throw erro;
  }
  throw new Error('o certificado deveria ter sido recusado');
};

describe('validarCertificadoCliente (PEM)', () => {
  it('accepts a matching pair and says until when it is valid', () => {
    expect(validarCertificadoCliente(pem(cliente.certificadoPem, cliente.chavePrivadaPem), agora)).toEqual({
      validoAte: validadeDoCliente,
    });
  });

  it('refuses what is not a certificate or not a private key', () => {
    expect(motivo(pem('não é um certificado', cliente.chavePrivadaPem))).toMatch(
      /^O certificado não é um certificado PEM válido/,
    );
    expect(motivo(pem(cliente.certificadoPem, cliente.certificadoPem))).toMatch(
      /^A chave privada não é uma chave PEM válida/,
    );
  });

  it('refuses a key of another certificate', () => {
    expect(motivo(pem(cliente.certificadoPem, clienteDeOutraCa.chavePrivadaPem))).toBe(
      'A chave privada não corresponde ao certificado.',
    );
  });

  it('gives the expiry date in Brasília time', () => {
    // notAfter is 2020-02-01T00:00Z, still 31 January in São Paulo.
    expect(motivo(pem(clienteExpirado.certificadoPem, clienteExpirado.chavePrivadaPem))).toBe(
      'O certificado expirou em 31/01/2020.',
    );
    expect(
      motivo(
        pem(clienteExpirado.certificadoPem, clienteExpirado.chavePrivadaPem),
        new Date('2019-06-01T00:00:00Z'),
      ),
    ).toBe('O certificado só passa a valer em 31/12/2019.');
  });
});

describe('validarCertificadoCliente (PKCS#12)', () => {
  const p12 = (senha: string, pkcs12 = clientePkcs12): CertificadoCliente => ({
    tipo: 'pkcs12',
    pkcs12,
    senha,
  });

  it('opens it with the right password and reads its validity', () => {
    expect(validarCertificadoCliente(p12(SENHA_PKCS12), agora)).toEqual({ validoAte: validadeDoCliente });
  });

  it('tells a wrong password from a file that is not PKCS#12', () => {
    expect(motivo(p12('outra'))).toBe('Senha do certificado PKCS#12 incorreta.');
    expect(motivo(p12(SENHA_PKCS12, Buffer.from(cliente.certificadoPem)))).toBe(
      'O arquivo não é um certificado PKCS#12 (.p12/.pfx).',
    );
  });

  it('refuses it once expired', () => {
    const depois = new Date(validadeDoCliente.getTime() + 86_400_000);
    expect(motivo(p12(SENHA_PKCS12), depois)).toMatch(/^O certificado expirou em \d{2}\/\d{2}\/\d{4}\.$/);
  });
});
