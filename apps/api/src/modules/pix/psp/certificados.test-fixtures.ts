import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The certificates the fake PSP and the client tests use, made by the openssl CLI. The Vitest globalSetup
// generates them once per run and names the directory in PIX_CERTIFICADOS_TESTE, because the test CA must
// already be in NODE_EXTRA_CA_CERTS when the workers start (Node reads it only then).

export const VARIAVEL_DIRETORIO = 'PIX_CERTIFICADOS_TESTE';
export const SENHA_PKCS12 = 'senha-do-p12';

export type ParDeTeste = { certificadoPem: string; chavePrivadaPem: string; caminhoCertificado: string };

export type CertificadosDeTeste = {
  ca: ParDeTeste;
  /** For localhost and 127.0.0.1, signed by `ca`. */
  servidor: ParDeTeste;
  cliente: ParDeTeste;
  /** `cliente` as PKCS#12, protected by SENHA_PKCS12. */
  clientePkcs12: Buffer;
  /** Signed by `ca`, valid only in January 2020. */
  clienteExpirado: ParDeTeste;
  /** Signed by a CA the fake PSP does not know. */
  clienteDeOutraCa: ParDeTeste;
  /** For 127.0.0.1, signed by itself: no trust store accepts it. */
  servidorAutoassinado: ParDeTeste;
  /** Signed by `ca` for another host name only. */
  servidorDeOutroNome: ParDeTeste;
  /** For 127.0.0.1, signed by `ca`, valid only in January 2020. */
  servidorExpirado: ParDeTeste;
};

const CONFIGURACAO = `
[req]
distinguished_name = dn
prompt = no
[dn]
CN = teste
[ca_ext]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[servidor_ext]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost,IP:127.0.0.1
[outro_nome_ext]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:psp.outro.exemplo
[cliente_ext]
basicConstraints = CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = clientAuth
[ca]
default_ca = ca_teste
[ca_teste]
database = index.txt
new_certs_dir = .
rand_serial = yes
default_md = sha256
policy = politica
unique_subject = no
[politica]
commonName = supplied
`;

const NOMES = [
  'ca',
  'servidor',
  'cliente',
  'clienteExpirado',
  'clienteDeOutraCa',
  'servidorAutoassinado',
  'servidorDeOutroNome',
  'servidorExpirado',
] as const;

const CHAVE_EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

/** Writes every certificate into `diretorio` (created when missing); does nothing when they are there. */
export const gerarCertificadosDeTeste = (diretorio: string): void => {
  if (existsSync(join(diretorio, 'cliente.p12'))) return;
  mkdirSync(diretorio, { recursive: true });
  writeFileSync(join(diretorio, 'openssl.cnf'), CONFIGURACAO);
  writeFileSync(join(diretorio, 'index.txt'), '');
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: diretorio, stdio: 'pipe' });
  const pedido = (nome: string, cn: string) =>
    openssl(
      'req',
      '-new',
      '-config',
      'openssl.cnf',
      ...CHAVE_EC,
      '-keyout',
      `${nome}.key`,
      '-out',
      `${nome}.csr`,
      '-subj',
      `/CN=${cn}`,
    );
  const assinar = (nome: string, ca: string, extensoes: string) =>
    openssl(
      'x509',
      '-req',
      '-in',
      `${nome}.csr`,
      '-CA',
      `${ca}.pem`,
      '-CAkey',
      `${ca}.key`,
      '-days',
      '3',
      '-extfile',
      'openssl.cnf',
      '-extensions',
      extensoes,
      '-out',
      `${nome}.pem`,
    );
  const raiz = (nome: string, cn: string, extensoes: string) =>
    openssl(
      'req',
      '-x509',
      '-config',
      'openssl.cnf',
      '-extensions',
      extensoes,
      ...CHAVE_EC,
      '-keyout',
      `${nome}.key`,
      '-out',
      `${nome}.pem`,
      '-subj',
      `/CN=${cn}`,
      '-days',
      '3',
    );

  raiz('ca', 'CA de teste do PSP falso', 'ca_ext');
  raiz('outraCa', 'Outra CA', 'ca_ext');
  raiz('servidorAutoassinado', '127.0.0.1', 'servidor_ext');
  pedido('servidor', 'localhost');
  assinar('servidor', 'ca', 'servidor_ext');
  pedido('cliente', 'Recebedor de teste');
  assinar('cliente', 'ca', 'cliente_ext');
  pedido('clienteDeOutraCa', 'Recebedor de outra CA');
  assinar('clienteDeOutraCa', 'outraCa', 'cliente_ext');
  pedido('servidorDeOutroNome', 'psp.outro.exemplo');
  assinar('servidorDeOutroNome', 'ca', 'outro_nome_ext');
  // `x509 -req` only counts days from now; `ca` takes explicit dates, so these are expired for sure.
  const expirado = (nome: string, cn: string, extensoes: string) => {
    pedido(nome, cn);
    openssl(
      'ca',
      '-batch',
      '-config',
      'openssl.cnf',
      '-cert',
      'ca.pem',
      '-keyfile',
      'ca.key',
      '-in',
      `${nome}.csr`,
      '-out',
      `${nome}.pem`,
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20200201000000Z',
      '-extensions',
      extensoes,
      '-notext',
    );
  };
  expirado('clienteExpirado', 'Recebedor expirado', 'cliente_ext');
  expirado('servidorExpirado', '127.0.0.1', 'servidor_ext');
  openssl(
    'pkcs12',
    '-export',
    '-in',
    'cliente.pem',
    '-inkey',
    'cliente.key',
    '-out',
    'cliente.p12',
    '-passout',
    `pass:${SENHA_PKCS12}`,
  );
};

let emCache: CertificadosDeTeste | undefined;

/** The certificates the globalSetup generated for this run, read once per process. */
export const certificadosDeTeste = (): CertificadosDeTeste => {
  if (emCache) return emCache;
  const diretorio = process.env[VARIAVEL_DIRETORIO];
  if (!diretorio)
    throw new Error(
      `${VARIAVEL_DIRETORIO} não definida: rode os testes pelo vitest.config.ts (globalSetup).`,
    );
  const par = (nome: string): ParDeTeste => ({
    certificadoPem: readFileSync(join(diretorio, `${nome}.pem`), 'utf8'),
    chavePrivadaPem: readFileSync(join(diretorio, `${nome}.key`), 'utf8'),
    caminhoCertificado: join(diretorio, `${nome}.pem`),
  });
  const pares = Object.fromEntries(NOMES.map((nome) => [nome, par(nome)])) as Record<
    (typeof NOMES)[number],
    ParDeTeste
  >;
  emCache = { ...pares, clientePkcs12: readFileSync(join(diretorio, 'cliente.p12')) };
  return emCache;
};
