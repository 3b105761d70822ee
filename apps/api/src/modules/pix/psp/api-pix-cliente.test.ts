import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ClienteApiPix,
  type CorpoCob,
  type CorpoCobv,
  type CredenciaisApiPix,
  type OpcoesClienteApiPix,
} from './api-pix-cliente.ts';
import { ErroApiPix } from './api-pix-erros.ts';
import { brCodeValido } from './br-code.ts';
import { certificadosDeTeste, type ParDeTeste, SENHA_PKCS12 } from './certificados.test-fixtures.ts';
import { iniciarPspFalso, type OpcoesPspFalso, type PspFalso } from './psp-falso.test-fixtures.ts';

const certificados = certificadosDeTeste();
const pem = (par: ParDeTeste) =>
  ({ tipo: 'pem', certificadoPem: par.certificadoPem, chavePrivadaPem: par.chavePrivadaPem }) as const;

let psp: PspFalso;
const aFechar: (() => unknown)[] = [];

const iniciar = async (opcoes?: OpcoesPspFalso) => {
  psp = await iniciarPspFalso(opcoes);
  aFechar.push(() => psp.fechar());
  return psp;
};

const cliente = (credenciais: Partial<CredenciaisApiPix> = {}, opcoes?: OpcoesClienteApiPix) => {
  const novo = new ClienteApiPix(
    {
      baseUrl: psp.url,
      tokenUrl: psp.tokenUrl,
      clientId: psp.clientId,
      clientSecret: psp.clientSecret,
      certificado: pem(certificados.cliente),
      ...credenciais,
    },
    opcoes,
  );
  aFechar.push(() => novo.fechar());
  return novo;
};

const txid = (n: number) => `cobrancaDeTeste${String(n).padStart(17, '0')}`;
const corpoCob = (original = '37.00'): CorpoCob => ({
  calendario: { expiracao: 3600 },
  valor: { original },
  chave: psp.chave,
  solicitacaoPagador: 'Fatura 42',
});
const corpoCobv = (dataDeVencimento: string, validadeAposVencimento?: number): CorpoCobv => ({
  calendario: {
    dataDeVencimento,
    ...(validadeAposVencimento === undefined ? {} : { validadeAposVencimento }),
  },
  devedor: { cpf: '12345678909', nome: 'Francisco da Silva' },
  valor: {
    original: '100.00',
    multa: { modalidade: 2, valorPerc: '2.00' },
    juros: { modalidade: 3, valorPerc: '1.00' },
  },
  chave: psp.chave,
});

const pedidosDeToken = () => psp.chamadas.filter((c) => c.caminho === '/oauth/token').length;

const falhaDe = async (promessa: Promise<unknown>): Promise<ErroApiPix> => {
  try {
    await promessa;
  } catch (erro) {
    if (erro instanceof ErroApiPix) return erro;
    throw erro;
  }
  throw new Error('a chamada deveria ter falhado');
};

/** An https server without client certificates, for the server-certificate cases. */
const servidorHttps = async (par: ParDeTeste): Promise<string> => {
  const servidor = https.createServer({ cert: par.certificadoPem, key: par.chavePrivadaPem }, (_p, r) =>
    r.end('{}'),
  );
  await new Promise<void>((pronto) => servidor.listen(0, '127.0.0.1', pronto));
  aFechar.push(() => new Promise((pronto) => servidor.close(pronto)));
  return `https://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
};

beforeEach(() => iniciar());

afterEach(async () => {
  for (const fechar of aFechar.splice(0).reverse()) await fechar();
});

describe('ClienteApiPix: token', () => {
  it('trusts the PSP through NODE_EXTRA_CA_CERTS and sends form-urlencoded Basic credentials', async () => {
    // The secret has ':', ' ' and '+': only RFC 6749's encoding gets it through the fake intact.
    expect(psp.clientSecret).toMatch(/[: +]/);
    const token = await cliente().obterToken();
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(psp.chamadas).toEqual([{ metodo: 'POST', caminho: '/oauth/token', status: 200 }]);
  });

  it('reuses one token for many calls', async () => {
    const api = cliente();
    await api.criarCobranca('cob', txid(1), corpoCob());
    await api.consultarCobranca('cob', txid(1));
    await api.consultarCobranca('cob', txid(1));
    expect(pedidosDeToken()).toBe(1);
  });

  it('renews the token before it expires', async () => {
    await psp.fechar();
    await iniciar({ expiresIn: 300 });
    let agora = 1_000_000;
    const api = cliente({}, { agora: () => agora });
    const primeiro = await api.obterToken();
    agora += 269_000; // 300 s minus 10 % (30 s) is the renewal point
    expect(await api.obterToken()).toBe(primeiro);
    agora += 2_000;
    expect(await api.obterToken()).not.toBe(primeiro);
    expect(pedidosDeToken()).toBe(2);
  });

  it('shares one token request among concurrent first calls', async () => {
    psp.latenciaMs = 50;
    const api = cliente();
    const tokens = await Promise.all([api.obterToken(), api.obterToken(), api.obterToken()]);
    await Promise.all([1, 2, 3].map((n) => api.criarCobranca('cob', txid(n), corpoCob())));
    expect(new Set(tokens).size).toBe(1);
    expect(pedidosDeToken()).toBe(1);
  });

  it('on a 401 gets a new token and retries once', async () => {
    const api = cliente();
    await api.criarCobranca('cob', txid(1), corpoCob());
    psp.expirarTokens();
    expect((await api.consultarCobranca('cob', txid(1)))?.txid).toBe(txid(1));
    expect(psp.chamadas.slice(-3).map((c) => `${c.metodo} ${c.status}`)).toEqual([
      'GET 401',
      'POST 200',
      'GET 200',
    ]);
  });

  it('does not loop when the new token is refused too', async () => {
    const api = cliente();
    await api.obterToken();
    psp.falharProximas(5, 401, { error: 'invalid_token' });
    const erro = await falhaDe(api.consultarCobranca('cob', txid(1)));
    expect(erro).toMatchObject({ tipo: 'credenciais', status: 401, transitorio: false });
    expect(psp.chamadas.filter((c) => c.caminho.startsWith('/v2/'))).toHaveLength(2);
  });
});

describe('ClienteApiPix: cobranças e PIX', () => {
  it('creates a cob with a dynamic copia e cola that carries the location and the amount', async () => {
    const cob = await cliente().criarCobranca('cob', txid(1), corpoCob('37.00'));
    expect(cob).toMatchObject({ txid: txid(1), status: 'ATIVA', valor: { original: '37.00' } });
    expect(brCodeValido(cob.pixCopiaECola ?? '')).toBe(true);
    expect(cob.pixCopiaECola).toContain('010212');
    expect(cob.pixCopiaECola).toContain(`25${String(cob.location?.length).padStart(2, '0')}${cob.location}`);
    expect(cob.pixCopiaECola).toContain('540537.00');
  });

  it('creates a cobv with its due date and fines', async () => {
    const cobv = await cliente().criarCobranca('cobv', txid(2), corpoCobv('2030-01-10'));
    expect(cobv.calendario).toMatchObject({ dataDeVencimento: '2030-01-10', validadeAposVencimento: 30 });
    expect(cobv.valor).toMatchObject({ multa: { modalidade: 2, valorPerc: '2.00' } });
    expect(brCodeValido(cobv.pixCopiaECola ?? '')).toBe(true);
  });

  it('removes a charge, and a second removal is refused', async () => {
    const api = cliente();
    await api.criarCobranca('cobv', txid(3), corpoCobv('2030-01-10'));
    const removida = await api.removerCobranca('cobv', txid(3));
    expect(removida).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 1 });
    const erro = await falhaDe(api.removerCobranca('cobv', txid(3)));
    expect(erro).toMatchObject({ tipo: 'recusada', status: 400, transitorio: false });
    expect(erro.message).toContain('somente cobranças ativas');
  });

  it('reads a received PIX, and an unknown one is null', async () => {
    const api = cliente();
    await api.criarCobranca('cob', txid(4), corpoCob('12.34'));
    const pago = await psp.pagar(txid(4));
    expect(pago.endToEndId).toMatch(/^E\d{8}\d{12}[a-zA-Z0-9]{11}$/);
    expect(await api.consultarPix(pago.endToEndId)).toEqual(pago);
    expect(await api.consultarPix(`E${'0'.repeat(31)}`)).toBeNull();
    const cob = await api.consultarCobranca('cob', txid(4));
    expect(cob?.status).toBe('CONCLUIDA');
    expect(await api.consultarCobranca('cobv', txid(4))).toBeNull();
    expect(cob?.pix?.[0]).toMatchObject({ endToEndId: pago.endToEndId, valor: '12.34' });
  });

  it('lists received PIX across pages', async () => {
    await psp.fechar();
    await iniciar({ itensPorPagina: 2 });
    const api = cliente();
    for (const n of [1, 2, 3]) {
      await api.criarCobranca('cob', txid(n), corpoCob());
      await psp.pagar(txid(n));
    }
    const periodo = { inicio: new Date(Date.now() - 60_000), fim: new Date(Date.now() + 60_000) };
    const primeira = await api.listarPix(periodo);
    const segunda = await api.listarPix({ ...periodo, paginaAtual: 1 });
    expect(primeira.quantidadeDePaginas).toBe(2);
    expect([...primeira.pix, ...segunda.pix].map((p) => p.txid)).toEqual([txid(1), txid(2), txid(3)]);
    const antes = await api.listarPix({ inicio: new Date(0), fim: new Date(60_000) });
    expect(antes.pix).toEqual([]);
  });

  it('registers a webhook the PSP then notifies at {webhookUrl}/pix', async () => {
    const recebidos: { caminho: string; corpo: unknown }[] = [];
    const receptor = http.createServer((pedido, resposta) => {
      let texto = '';
      pedido.on('data', (parte) => {
        texto += parte;
      });
      pedido.on('end', () => {
        recebidos.push({ caminho: pedido.url ?? '', corpo: JSON.parse(texto) });
        resposta.end();
      });
    });
    await new Promise<void>((pronto) => receptor.listen(0, '127.0.0.1', pronto));
    aFechar.push(() => new Promise((pronto) => receptor.close(pronto)));
    const api = cliente();
    const porta = (receptor.address() as AddressInfo).port;
    await api.registrarWebhook(psp.chave, `http://127.0.0.1:${porta}/webhook/`);
    await api.criarCobranca('cob', txid(5), corpoCob());
    const pago = await psp.pagar(txid(5));
    expect(recebidos).toEqual([{ caminho: '/webhook/pix', corpo: { pix: [pago] } }]);
    const erro = await falhaDe(api.registrarWebhook('outra@chave.com', 'https://exemplo.com/webhook'));
    expect(erro).toMatchObject({ tipo: 'recusada', status: 400 });
  });

  it('refuses an invalid body with the title, detail and violations of the problem+json', async () => {
    const erro = await falhaDe(
      cliente().criarCobranca('cob', 'curto', { ...corpoCob(), valor: { original: '10' } }),
    );
    expect(erro).toMatchObject({ tipo: 'recusada', status: 400, transitorio: false });
    expect(erro.message).toMatch(/^O PSP recusou a requisição: Cobrança inválida\. A requisição .* — /);
    expect(erro.message).toContain('cob.txid: O txid deve ter de 26 a 35 letras e dígitos.');
    expect(erro.message).toContain('cob.valor.original: O campo cob.valor.original não respeita o _schema_.');
  });
});

describe('PspFalso: amount of a late cobv', () => {
  it('moves a Saturday due date to Monday, then adds multa and pro rata juros', async () => {
    const api = cliente();
    await api.criarCobranca('cobv', txid(6), corpoCobv('2025-02-01'));
    await api.criarCobranca('cobv', txid(7), corpoCobv('2025-02-01'));
    expect((await psp.pagar(txid(6), { data: '2025-02-03' })).valor).toBe('100.00');
    // 10 days after Monday 2025-02-03: 2 % once, 1 % a month × 10/30 = 0.33.
    const atrasado = await psp.pagar(txid(7), { data: '2025-02-13' });
    expect(atrasado).toMatchObject({
      valor: '102.33',
      componentesValor: { original: { valor: '100.00' }, multa: { valor: '2.00' }, juros: { valor: '0.33' } },
      pagador: { cpf: '12345678909', nome: 'Francisco da Silva' },
    });
  });

  it('refuses a payment after the validity or of a charge no longer active', async () => {
    const api = cliente();
    await api.criarCobranca('cobv', txid(8), corpoCobv('2025-02-03', 1));
    await expect(psp.pagar(txid(8), { data: '2025-02-05' })).rejects.toThrow(/até 2025-02-04/);
    await psp.pagar(txid(8), { data: '2025-02-04' });
    await expect(psp.pagar(txid(8), { data: '2025-02-04' })).rejects.toThrow(/CONCLUIDA/);
  });
});

describe('ClienteApiPix: falhas', () => {
  it('tells a wrong client secret apart', async () => {
    const erro = await falhaDe(cliente({ clientSecret: 'errado' }).obterToken());
    expect(erro).toMatchObject({ tipo: 'credenciais', status: 401, transitorio: false });
    expect(erro.message).toBe('O PSP recusou o client_id ou o client_secret.');
    expect(erro.message).not.toContain('errado');
  });

  it.each([
    ['from another CA', certificados.clienteDeOutraCa],
    ['expired', certificados.clienteExpirado],
  ])('reports a client certificate %s as refused', async (_caso, par) => {
    const erro = await falhaDe(cliente({ certificado: pem(par) }).obterToken());
    expect(erro).toMatchObject({ tipo: 'certificado_cliente', transitorio: false });
    expect(erro.message).toContain('recusou o certificado do cliente');
  });

  it('works with the PKCS#12 and its password, and says when the password is wrong', async () => {
    const p12 = { tipo: 'pkcs12', pkcs12: certificados.clientePkcs12 } as const;
    await expect(
      cliente({ certificado: { ...p12, senha: SENHA_PKCS12 } }).obterToken(),
    ).resolves.toBeTruthy();
    const erro = await falhaDe(cliente({ certificado: { ...p12, senha: 'outra' } }).obterToken());
    expect(erro).toMatchObject({
      tipo: 'certificado_cliente',
      message: 'Senha do certificado PKCS#12 incorreta.',
    });
  });

  it.each([
    ['self-signed', certificados.servidorAutoassinado, 'o certificado é autoassinado'],
    [
      'for another name',
      certificados.servidorDeOutroNome,
      'o certificado não foi emitido para este endereço',
    ],
    ['expired', certificados.servidorExpirado, 'o certificado expirou'],
  ])('does not trust a server certificate %s', async (_caso, par, motivo) => {
    const url = await servidorHttps(par);
    const erro = await falhaDe(cliente({ tokenUrl: `${url}/oauth/token` }).obterToken());
    expect(erro).toMatchObject({ tipo: 'certificado_servidor', transitorio: false });
    expect(erro.message).toBe(`O certificado do servidor do PSP não é confiável: ${motivo}.`);
  });

  it('treats a 5xx as a transient outage', async () => {
    const api = cliente();
    psp.falharProximas(1, 503);
    const erro = await falhaDe(api.consultarCobranca('cob', txid(1)));
    expect(erro).toMatchObject({ tipo: 'indisponivel', status: 503, transitorio: true });
  });

  it('gives up on a PSP that does not answer', async () => {
    psp.latenciaMs = 5_000;
    const erro = await falhaDe(cliente({}, { timeoutMs: 200 }).obterToken());
    expect(erro).toMatchObject({ tipo: 'tempo_esgotado', transitorio: true });
    expect(erro.message).toBe('O PSP não respondeu em 0,2 segundo.');
  });

  it('sends once more on a new connection when the PSP closed the kept-alive one under the request', async () => {
    const api = cliente();
    await api.criarCobranca('cob', txid(7), corpoCob());
    psp.fecharProximaConexaoReaproveitada();
    expect(await api.consultarCobranca('cob', txid(7))).toMatchObject({ txid: txid(7) });
    expect(psp.chamadas.filter((c) => c.caminho.endsWith(txid(7)))).toHaveLength(2);
  });

  it('treats a refused connection as a transient outage', async () => {
    const tokenUrl = psp.tokenUrl;
    await psp.fechar();
    const erro = await falhaDe(cliente({ tokenUrl }).obterToken());
    expect(erro).toMatchObject({ tipo: 'indisponivel', transitorio: true });
    expect(erro.message).toBe('Não foi possível conectar ao PSP (conexão recusada).');
  });
});
