import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { Duplex } from 'node:stream';
import { createSecureContext, type SecureContext, TLSSocket } from 'node:tls';
import { formatarDataBr, hojeNoFuso } from '@cobranca/dominio';
import { certificadoCliente } from './api-pix-erros.ts';

// The certificate the PSP issued to the receiver, checked when the admin saves it: a wrong file, a key
// from another certificate or an expired one would otherwise surface only as a refused TLS handshake.

export type CertificadoCliente =
  | { tipo: 'pem'; certificadoPem: string; chavePrivadaPem: string }
  | { tipo: 'pkcs12'; pkcs12: Buffer; senha: string };

const lerCertificado = (pem: string): X509Certificate => {
  try {
    return new X509Certificate(pem);
  } catch (erro) {
    throw certificadoCliente(
      'O certificado não é um certificado PEM válido (o texto deve começar com -----BEGIN CERTIFICATE-----).',
      erro,
    );
  }
};

const lerChave = (pem: string): KeyObject => {
  try {
    return createPrivateKey(pem);
  } catch (erro) {
    throw certificadoCliente(
      pem.includes('ENCRYPTED')
        ? 'A chave privada está protegida por senha: informe-a sem senha ou use o arquivo PKCS#12 (.p12/.pfx).'
        : 'A chave privada não é uma chave PEM válida (o texto deve começar com -----BEGIN PRIVATE KEY-----).',
      erro,
    );
  }
};

const abrirPkcs12 = (pkcs12: Buffer, senha: string): SecureContext => {
  try {
    return createSecureContext({ pfx: pkcs12, passphrase: senha });
  } catch (erro) {
    const motivo = erro instanceof Error ? erro.message : '';
    if (motivo.includes('mac verify failure'))
      throw certificadoCliente('Senha do certificado PKCS#12 incorreta.', erro);
    // OpenSSL 3 no longer opens the RC2/3DES files older tools still produce.
    if (motivo.includes('unsupported'))
      throw certificadoCliente(
        'O arquivo PKCS#12 usa uma criptografia antiga (RC2/3DES) que não é mais aceita: exporte-o de novo com AES.',
        erro,
      );
    throw certificadoCliente('O arquivo não é um certificado PKCS#12 (.p12/.pfx).', erro);
  }
};

/** The local certificate of a context, through a socket that never connects (no public getter on the context). */
const validadeNoContexto = (contexto: SecureContext): { inicio: Date; fim: Date } | null => {
  const soquete = new TLSSocket(new Duplex({ read: () => {}, write: (_dado, _cod, pronto) => pronto() }), {
    secureContext: contexto,
  });
  try {
    const certificado = soquete.getCertificate();
    return certificado && 'valid_to' in certificado
      ? { inicio: new Date(certificado.valid_from), fim: new Date(certificado.valid_to) }
      : null;
  } finally {
    soquete.destroy();
  }
};

const dataBr = (instante: Date) => formatarDataBr(hojeNoFuso(instante));

const conferirValidade = (inicio: Date, fim: Date, agora: Date): void => {
  if (fim.getTime() < agora.getTime()) throw certificadoCliente(`O certificado expirou em ${dataBr(fim)}.`);
  if (inicio.getTime() > agora.getTime())
    throw certificadoCliente(`O certificado só passa a valer em ${dataBr(inicio)}.`);
};

/** Throws ErroApiPix (certificado_cliente) with the reason in pt-BR; otherwise says until when it is valid. */
export const validarCertificadoCliente = (c: CertificadoCliente, agora: Date): { validoAte: Date | null } => {
  if (c.tipo === 'pkcs12') {
    const validade = validadeNoContexto(abrirPkcs12(c.pkcs12, c.senha));
    if (validade) conferirValidade(validade.inicio, validade.fim, agora);
    return { validoAte: validade?.fim ?? null };
  }
  const certificado = lerCertificado(c.certificadoPem);
  if (!certificado.checkPrivateKey(lerChave(c.chavePrivadaPem)))
    throw certificadoCliente('A chave privada não corresponde ao certificado.');
  const fim = new Date(certificado.validTo);
  conferirValidade(new Date(certificado.validFrom), fim, agora);
  return { validoAte: fim };
};
