import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { multipart } from '../../../test/multipart.ts';
import { CAMPO_CSV } from './csv/ler-csv.ts';
import { contarRegistros } from './importacoes.test-fixtures.ts';
import { CAMPO_XML } from './importar-xml.service.ts';
import { montarNfe } from './nfe/nfe.test-fixtures.ts';

// A multipart body the parser cannot read is the client's fault: a 422 about the file field, never a 500.

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await buildTestApp();
  const operador = await createTestUser(t.database, 'operador');
  token = await issueToken(t.database, operador.id);
});
afterAll(async () => {
  await t?.close();
});

const rotas = [
  {
    url: '/api/operador/clientes/importar-csv',
    campo: CAMPO_CSV,
    arquivo: { nome: 'clientes.csv', conteudo: `nome;documento\n${'Fulano;52998224725\n'.repeat(5000)}` },
  },
  {
    url: '/api/operador/contas-receber/importar-xml',
    campo: CAMPO_XML,
    arquivo: { nome: 'nota.xml', conteudo: montarNfe() },
  },
];

describe.each(rotas)('POST $url with a broken multipart body', ({ url, campo, arquivo }) => {
  const enviar = async (payload: Buffer, contentType: string) => {
    const antes = await contarRegistros(t.database.db);
    const resposta = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': contentType, ...bearer(token) },
    });
    expect(await contarRegistros(t.database.db)).toEqual(antes);
    expect(resposta.statusCode, resposta.body).toBe(422);
    return resposta.json<{ message: string; errors: Record<string, string[]> }>();
  };
  const { payload, headers } = multipart(campo, [arquivo]);
  const contentType = headers['content-type'] ?? '';

  it('answers 422 when the Content-Type has no boundary', async () => {
    const corpo = await enviar(payload, 'multipart/form-data');
    expect(corpo.message).toContain('boundary');
    expect(corpo.errors[campo]?.[0]).toContain('boundary');
  });

  it.each([
    ['in the middle of the file', Math.floor(payload.length / 2)],
    ['before the closing boundary', payload.lastIndexOf('\r\n--')],
    ['inside the part headers', 20],
  ])('answers 422 when the body is cut short %s', async (_onde, tamanho) => {
    const corpo = await enviar(payload.subarray(0, tamanho), contentType);
    expect(corpo.message).toContain('terminou antes do fim');
    expect(corpo.errors[campo]?.[0]).toContain('terminou antes do fim');
  });
});
