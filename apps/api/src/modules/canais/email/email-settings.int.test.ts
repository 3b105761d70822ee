import { createPublicKey, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../../test/build-test-app.ts';
import { type Dovecot, iniciarDovecot, motivoSemDovecot } from '../../../../test/dovecot.ts';
import { iniciarFakeSmtp } from '../../../../test/fake-smtp.ts';
import { auditLogs, configuracoes } from '../../../db/schema/index.ts';
import { configurarUrlPublica } from '../../links-portal/links.ts';
import { gerarChaveDkim } from './dkim.ts';
import { buscarEmailConfigurado } from './email-settings.repository.ts';

const DOMINIO = 'cobranca.exemplo.com.br';
const REMETENTE = { email: `avisos@${DOMINIO}`, nome: 'Cobranças ACME' };
const AUTH = { usuario: `relay@${DOMINIO}`, senha: `s3nh@-relay-${randomBytes(12).toString('hex')}` };
const SENHA_NOVA = `${AUTH.senha}-rotacionada`;
const CHAVE_COLADA = gerarChaveDkim(DOMINIO, 'manual').chavePrivada;

const appKey = randomBytes(32);
let t: TestApp;
// Started at load: the test tables below are built from its port.
const smtp = await iniciarFakeSmtp({ seguranca: 'nenhuma', auth: AUTH });
let adminId: number;
let token: string;
let tokenOperador: string;
const logs: string[] = [];
const respostas: string[] = [];

beforeAll(async () => {
  configurarUrlPublica('https://cobranca.exemplo.com.br/');
  t = await buildTestApp({
    appKey,
    logger: { level: 'trace', stream: { write: (linha: string) => logs.push(linha) } },
  });
  adminId = (await createTestUser(t.database, 'admin')).id;
  token = await issueToken(t.database, adminId);
  tokenOperador = await issueToken(t.database, (await createTestUser(t.database, 'operador')).id);
});
afterAll(async () => {
  await t.close();
  await smtp.fechar();
});

const call = async (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object, comToken = token) => {
  const response = await t.app.inject({
    method,
    url: `/api/admin/configuracoes/email${path}`,
    headers: comToken ? bearer(comToken) : {},
    ...(payload ? { payload } : {}),
  });
  respostas.push(response.body);
  return response;
};
const getConfig = () => call('GET', '');
const putConfig = (payload: object) => call('PUT', '', payload);
const gerarDkim = (payload: object = {}) => call('POST', '/dkim', payload);
const verificar = () => call('POST', '/verificar');

const linhaArmazenada = async () => {
  const [row] = await t.database.db.select().from(configuracoes).where(eq(configuracoes.chave, 'email'));
  return row?.valor;
};
const ultimaAuditoria = async (acao: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.acao, acao))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
};

const mascaraCom = (segredo: string) => `••••••••${segredo.slice(-4)}`;
const smtpBody = (mudancas: object = {}) => ({
  host: smtp.host,
  porta: smtp.porta,
  seguranca: 'nenhuma',
  usuario: AUTH.usuario,
  ...mudancas,
});
const corpo = (mudancas: object = {}) => ({
  provedor: 'smtp',
  smtp: smtpBody(),
  remetente: REMETENTE,
  limite_por_minuto: 120,
  ...mudancas,
});

const chaveDoRegistro = (valor: string) => {
  const p = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/=]+)$/.exec(valor)?.[1];
  if (!p) throw new Error(`registro DKIM malformado: ${valor}`);
  return createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
};

describe('access', () => {
  it.each<[string, 'GET' | 'PUT' | 'POST', string, object | undefined]>([
    ['GET', 'GET', '', undefined],
    ['PUT', 'PUT', '', corpo({ smtp: smtpBody({ senha: AUTH.senha }) })],
    ['POST /dkim', 'POST', '/dkim', {}],
    ['POST /verificar', 'POST', '/verificar', undefined],
  ])(
    '%s is refused to an operator (403) and to the anonymous (401)',
    async (_rota, method, path, payload) => {
      expect((await call(method, path, payload, tokenOperador)).statusCode).toBe(403);
      expect((await call(method, path, payload, '')).statusCode).toBe(401);
      expect(await linhaArmazenada()).toBeUndefined();
    },
  );
});

describe('a fresh install', () => {
  it('reads the simulator, SMTP on 587 STARTTLS, 600 a minute, the company as sender name', async () => {
    const response = await getConfig();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      provedor: 'simulador',
      smtp: { host: null, porta: 587, seguranca: 'starttls', usuario: null, senha: null },
      remetente: { email: null, nome: 'Empresa Demonstração Ltda' },
      dkim: { dominio: null, seletor: 'cobranca', configurada: false },
      imap: null,
      limite_por_minuto: 600,
      registros_dns: [],
      descadastro_url: 'https://cobranca.exemplo.com.br/api/publico/descadastro',
    });
  });

  it('gives the sender side a From address on the PUBLIC_URL host and no SMTP', async () => {
    expect(await buscarEmailConfigurado(t.database.db, appKey)).toEqual({
      provedor: 'simulador',
      smtp: null,
      remetente: { email: 'cobranca@cobranca.exemplo.com.br', nome: 'Empresa Demonstração Ltda' },
      dkim: null,
      imap: null,
      limitePorMinuto: 600,
    });
  });

  it('verifies the simulator without any connection, and audits it', async () => {
    const response = await verificar();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, erros: [] });
    expect(await ultimaAuditoria('email.verificado')).toMatchObject({
      usuarioId: adminId,
      detalhes: { provedor: 'simulador', ok: true, erros: [] },
    });
  });

  it('cannot generate a DKIM key before knowing the domain', async () => {
    const response = await gerarDkim();
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      dominio: ['Informe o domínio, ou salve antes o e-mail do remetente.'],
    });
  });
});

describe('PUT /api/admin/configuracoes/email', () => {
  it.each<[string, object, Record<string, RegExp>]>([
    ['SMTP without a server', corpo({ smtp: undefined }), { 'smtp.host': /^Informe o servidor SMTP/ }],
    [
      'SMTP with an empty server',
      corpo({ smtp: smtpBody({ host: ' ' }) }),
      { 'smtp.host': /^Informe o servidor\.$/ },
    ],
    [
      'a server given as a URL',
      corpo({ smtp: smtpBody({ host: 'smtp://mail.exemplo.com:587' }) }),
      { 'smtp.host': /sem "smtp:\/\/" nem porta/ },
    ],
    ['a sender without e-mail', corpo({ remetente: { nome: 'X' } }), { 'remetente.email': /e-mail válido/ }],
    [
      'a malformed sender e-mail',
      corpo({ remetente: { email: 'avisos@', nome: 'X' } }),
      { 'remetente.email': /^Informe um e-mail válido\.$/ },
    ],
    ['a user without a password', corpo(), { 'smtp.senha': /^Informe a senha do usuário SMTP\.$/ }],
    [
      'a DKIM domain other than the sender’s',
      corpo({
        smtp: smtpBody({ senha: AUTH.senha }),
        dkim: { dominio: 'outra.com.br', seletor: 'cobranca' },
      }),
      { 'dkim.dominio': /^O domínio DKIM deve ser o do remetente \(cobranca\.exemplo\.com\.br\).*DMARC/ },
    ],
    [
      'a DKIM domain below the sender’s',
      corpo({
        smtp: smtpBody({ senha: AUTH.senha }),
        dkim: { dominio: `mail.${DOMINIO}`, seletor: 'cobranca' },
      }),
      { 'dkim.dominio': /DMARC/ },
    ],
    [
      'a DKIM key that is not PEM',
      corpo({
        smtp: smtpBody({ senha: AUTH.senha }),
        dkim: { dominio: DOMINIO, seletor: 'cobranca', chave_privada: 'não é uma chave' },
      }),
      { 'dkim.chave_privada': /^Cole uma chave privada RSA/ },
    ],
    [
      'a DKIM key that is not RSA',
      corpo({
        smtp: smtpBody({ senha: AUTH.senha }),
        dkim: {
          dominio: DOMINIO,
          seletor: 'cobranca',
          chave_privada: generateKeyPairSync('ec', { namedCurve: 'P-256' })
            .privateKey.export({ type: 'pkcs8', format: 'pem' })
            .toString(),
        },
      }),
      { 'dkim.chave_privada': /^Cole uma chave privada RSA/ },
    ],
    [
      'an inbox without a password',
      corpo({
        smtp: smtpBody({ senha: AUTH.senha }),
        imap: { host: '127.0.0.1', porta: 143, seguranca: 'nenhuma', usuario: 'caixa' },
      }),
      { 'imap.senha': /^Informe a senha da caixa de entrada\.$/ },
    ],
    ['a rate of zero', corpo({ limite_por_minuto: 0 }), { limite_por_minuto: /^Use de 1 a 6000/ }],
    ['an unknown provider', corpo({ provedor: 'sendgrid' }), { provedor: /^Escolha o simulador ou/ }],
    ['an unknown field', corpo({ api_key: AUTH.senha }), { api_key: /^Campo não permitido\.$/ }],
    [
      'a NUL in a field',
      corpo({
        smtp: smtpBody({ senha: AUTH.senha }),
        remetente: { email: REMETENTE.email, nome: 'Cobran\u0000ças' },
      }),
      { 'remetente.nome': /^O texto tem um caractere nulo/ },
    ],
  ])('answers 422 for %s, in pt-BR on the field', async (_caso, payload, campos) => {
    const response = await putConfig(payload);
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(Object.keys(errors).sort()).toEqual(Object.keys(campos).sort());
    for (const [campo, mensagem] of Object.entries(campos)) expect(errors[campo][0]).toMatch(mensagem);
    expect(await linhaArmazenada()).toBeUndefined();
  });

  it('switches to SMTP, masks the password and lists SPF and DMARC for the sender domain', async () => {
    const response = await putConfig(corpo({ smtp: smtpBody({ senha: AUTH.senha }) }));
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({
      provedor: 'smtp',
      smtp: { host: '127.0.0.1', porta: smtp.porta, seguranca: 'nenhuma', usuario: AUTH.usuario },
      remetente: REMETENTE,
      dkim: { dominio: null, seletor: 'cobranca', configurada: false },
      imap: null,
      limite_por_minuto: 120,
    });
    expect(view.smtp.senha).toBe(mascaraCom(AUTH.senha));
    expect(view.registros_dns.map((r: { nome: string }) => r.nome)).toEqual([DOMINIO, `_dmarc.${DOMINIO}`]);
    expect(view.registros_dns[1].valor).toBe(`v=DMARC1; p=none; rua=mailto:dmarc@${DOMINIO}`);
    expect((await getConfig()).json()).toEqual(view);
  });

  it('keeps the password encrypted at rest, bound to its field', async () => {
    const valor = (await linhaArmazenada()) as { smtp: { senha: string } };
    expect(JSON.stringify(valor)).not.toContain(AUTH.senha);
    expect(valor.smtp.senha).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('audits the names of the changed fields, never their values', async () => {
    const audit = await ultimaAuditoria('email.configuracao_alterada');
    expect(audit).toMatchObject({ usuarioId: adminId, entidade: 'configuracoes', entidadeId: 'email' });
    expect(audit?.detalhes).toEqual({
      provedor: 'smtp',
      campos_alterados: [
        'provedor',
        'smtp.host',
        'smtp.porta',
        'smtp.seguranca',
        'smtp.usuario',
        'remetente.email',
        'remetente.nome',
        'limite_por_minuto',
        'smtp.senha',
      ],
    });
  });

  it('keeps the stored password when it is omitted or empty, and when SMTP is left out', async () => {
    const antes = await linhaArmazenada();
    for (const payload of [corpo(), corpo({ smtp: smtpBody({ senha: '' }) }), corpo({ smtp: undefined })]) {
      const response = await putConfig(payload);
      expect(response.statusCode).toBe(200);
      expect(response.json().smtp.senha).toBe(mascaraCom(AUTH.senha));
    }
    expect(await linhaArmazenada()).toEqual(antes);
    expect((await ultimaAuditoria('email.configuracao_alterada'))?.descricao).toBe(
      'Canal de e-mail salvo sem alterações',
    );
  });

  it('hands the sender side the complete SMTP settings with the password decrypted', async () => {
    const configurado = await buscarEmailConfigurado(t.database.db, appKey);
    expect(configurado).toEqual({
      provedor: 'smtp',
      smtp: {
        host: '127.0.0.1',
        porta: smtp.porta,
        seguranca: 'nenhuma',
        usuario: AUTH.usuario,
        senha: AUTH.senha,
        remetente: REMETENTE,
        dkim: null,
      },
      remetente: REMETENTE,
      dkim: null,
      imap: null,
      limitePorMinuto: 120,
    });
  });
});

describe('POST /api/admin/configuracoes/email/verificar (SMTP)', () => {
  it('connects and logs in to the relay', async () => {
    const response = await verificar();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, erros: [] });
    expect(await ultimaAuditoria('email.verificado')).toMatchObject({
      detalhes: { provedor: 'smtp', ok: true, erros: [] },
    });
  });

  it('reports a password the relay refuses', async () => {
    await putConfig(corpo({ smtp: smtpBody({ senha: SENHA_NOVA }) }));
    expect((await verificar()).json()).toEqual({
      ok: false,
      erros: [
        { parte: 'smtp', erro: 'Usuário ou senha recusados pelo servidor SMTP: corrija as credenciais.' },
      ],
    });
    expect((await ultimaAuditoria('email.verificado'))?.detalhes).toMatchObject({ ok: false });
    await putConfig(corpo({ smtp: smtpBody({ senha: AUTH.senha }) }));
  });
});

describe('DKIM', () => {
  it('refuses a domain the sender is not in', async () => {
    const response = await gerarDkim({ dominio: 'outra.com.br' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.dominio[0]).toMatch(/^O domínio DKIM deve ser o do remetente/);
  });

  it('generates a key for the sender domain whose record verifies what the stored key signs', async () => {
    const response = await gerarDkim();
    expect(response.statusCode).toBe(200);
    const gerada = response.json();
    expect(gerada).toMatchObject({
      dominio: DOMINIO,
      seletor: 'cobranca',
      registro: { nome: `cobranca._domainkey.${DOMINIO}`, tipo: 'TXT' },
    });
    expect(gerada.registro.explicacao).toMatch(/^DKIM:/);
    const { dkim } = await buscarEmailConfigurado(t.database.db, appKey);
    if (!dkim) throw new Error('DKIM não ficou salva');
    expect(dkim).toMatchObject({ dominio: DOMINIO, seletor: 'cobranca' });
    const dados = Buffer.from(`from:Cobranças <${REMETENTE.email}>\r\n`);
    const assinatura = sign('sha256', dados, dkim.chavePrivada);
    expect(verify('sha256', dados, chaveDoRegistro(gerada.registro.valor), assinatura)).toBe(true);
    expect(JSON.stringify(await linhaArmazenada())).not.toContain(dkim.chavePrivada.split('\n')[1]);
    expect(await ultimaAuditoria('email.dkim_gerada')).toMatchObject({
      usuarioId: adminId,
      descricao: 'Chave DKIM gerada',
      detalhes: { dominio: DOMINIO, seletor: 'cobranca' },
    });
  });

  it('shows the key as configured and its record between SPF and DMARC', async () => {
    const view = (await getConfig()).json();
    expect(view.dkim).toEqual({ dominio: DOMINIO, seletor: 'cobranca', configurada: true });
    expect(view.registros_dns.map((r: { nome: string }) => r.nome)).toEqual([
      DOMINIO,
      `cobranca._domainkey.${DOMINIO}`,
      `_dmarc.${DOMINIO}`,
    ]);
    expect(JSON.stringify(view)).not.toContain('PRIVATE KEY');
  });

  it('replaces the key on a new generation, with the stored selector by default', async () => {
    const primeira = (await buscarEmailConfigurado(t.database.db, appKey)).dkim?.chavePrivada;
    const gerada = (await gerarDkim()).json();
    expect(gerada.seletor).toBe('cobranca');
    const segunda = (await buscarEmailConfigurado(t.database.db, appKey)).dkim?.chavePrivada;
    expect(segunda).not.toBe(primeira);
    expect((await getConfig()).json().registros_dns[1].valor).toBe(gerada.registro.valor);
  });

  it('keeps the key when the settings are saved without it, and signs for a parent domain', async () => {
    const chave = (await buscarEmailConfigurado(t.database.db, appKey)).dkim?.chavePrivada;
    const response = await putConfig(
      corpo({
        remetente: { email: `avisos@mail.${DOMINIO}`, nome: REMETENTE.nome },
        dkim: { dominio: DOMINIO, seletor: 'cob2026' },
      }),
    );
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view.dkim).toEqual({ dominio: DOMINIO, seletor: 'cob2026', configurada: true });
    // SPF and DMARC at the From domain; the DKIM key at the domain that signs.
    expect(view.registros_dns.map((r: { nome: string }) => r.nome)).toEqual([
      `mail.${DOMINIO}`,
      `cob2026._domainkey.${DOMINIO}`,
      `_dmarc.mail.${DOMINIO}`,
    ]);
    expect((await buscarEmailConfigurado(t.database.db, appKey)).dkim).toEqual({
      dominio: DOMINIO,
      seletor: 'cob2026',
      chavePrivada: chave,
    });
    expect((await ultimaAuditoria('email.configuracao_alterada'))?.detalhes).toEqual({
      provedor: 'smtp',
      campos_alterados: ['remetente.email', 'dkim.seletor'],
    });
  });

  it('takes a pasted RSA key, and removes DKIM with null', async () => {
    const colada = await putConfig(
      corpo({ dkim: { dominio: DOMINIO, seletor: 'manual', chave_privada: CHAVE_COLADA } }),
    );
    expect(colada.statusCode).toBe(200);
    expect((await buscarEmailConfigurado(t.database.db, appKey)).dkim).toEqual({
      dominio: DOMINIO,
      seletor: 'manual',
      chavePrivada: CHAVE_COLADA,
    });
    expect((await ultimaAuditoria('email.configuracao_alterada'))?.detalhes).toMatchObject({
      campos_alterados: expect.arrayContaining(['dkim.seletor', 'dkim.chave_privada']),
    });
    const removida = (await putConfig(corpo({ dkim: null }))).json();
    expect(removida.dkim).toEqual({ dominio: null, seletor: 'cobranca', configurada: false });
    expect(removida.registros_dns).toHaveLength(2);
    expect((await buscarEmailConfigurado(t.database.db, appKey)).dkim).toBeNull();
  });
});

describe.skipIf(motivoSemDovecot !== null)('the inbox (IMAP, a real Dovecot)', () => {
  let dovecot: Dovecot;
  const imapBody = (senha?: string) => ({
    host: dovecot.host,
    porta: dovecot.porta,
    seguranca: 'nenhuma',
    usuario: dovecot.usuario,
    ...(senha === undefined ? {} : { senha }),
  });

  beforeAll(async () => {
    dovecot = await iniciarDovecot();
  });
  afterAll(async () => {
    await dovecot.fechar();
  });

  it('saves the inbox with INBOX as the default folder and its password masked', async () => {
    const response = await putConfig(corpo({ imap: imapBody(dovecot.senha) }));
    expect(response.statusCode).toBe(200);
    expect(response.json().imap).toEqual({
      host: dovecot.host,
      porta: dovecot.porta,
      seguranca: 'nenhuma',
      usuario: dovecot.usuario,
      senha: expect.stringMatching(/^••••••••/),
      pasta: 'INBOX',
    });
    expect((await buscarEmailConfigurado(t.database.db, appKey)).imap).toEqual({
      host: dovecot.host,
      porta: dovecot.porta,
      seguranca: 'nenhuma',
      usuario: dovecot.usuario,
      senha: dovecot.senha,
      pasta: 'INBOX',
      pastaProcessadas: 'Processadas',
    });
  });

  it('verifies SMTP and the inbox together', async () => {
    expect((await verificar()).json()).toEqual({ ok: true, erros: [] });
  });

  it('reports a refused inbox password as the inbox’s failure, keeping it on omit', async () => {
    await putConfig(corpo({ imap: imapBody(`${dovecot.senha}-errada`) }));
    const resultado = (await verificar()).json();
    expect(resultado.ok).toBe(false);
    expect(resultado.erros).toEqual([{ parte: 'imap', erro: expect.any(String) }]);
    expect(resultado.erros[0].erro).not.toContain(dovecot.senha);
    await putConfig(corpo({ imap: imapBody(dovecot.senha) }));
    expect((await putConfig(corpo({ imap: imapBody() }))).statusCode).toBe(200);
    expect((await buscarEmailConfigurado(t.database.db, appKey)).imap?.senha).toBe(dovecot.senha);
  });

  it('removes the inbox with null', async () => {
    const response = await putConfig(corpo({ imap: null }));
    expect(response.json().imap).toBeNull();
    expect((await ultimaAuditoria('email.configuracao_alterada'))?.detalhes).toMatchObject({
      campos_alterados: expect.arrayContaining(['imap.host', 'imap.senha']),
    });
    expect((await buscarEmailConfigurado(t.database.db, appKey)).imap).toBeNull();
  });
});

describe('secrets', () => {
  it('never appear in any response, audit entry or log line', async () => {
    const audits = await t.database.db.select().from(auditLogs).where(like(auditLogs.acao, 'email.%'));
    expect(audits.length).toBeGreaterThanOrEqual(10);
    expect(respostas.length).toBeGreaterThanOrEqual(40);
    expect(logs.length).toBeGreaterThan(0);
    const chaves = [CHAVE_COLADA.split('\n')[1] ?? CHAVE_COLADA];
    for (const [onde, textos] of [
      ['responses', respostas],
      ['audit', audits.map((a) => JSON.stringify(a))],
      ['logs', logs],
    ] as const)
      for (const segredo of [AUTH.senha, SENHA_NOVA, ...chaves])
        expect(
          textos.filter((texto) => texto.includes(segredo)),
          onde,
        ).toEqual([]);
  });
});
