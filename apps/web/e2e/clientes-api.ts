import { Buffer } from 'node:buffer';
import { formatarDocumento, gerarCpf } from '@cobranca/dominio';
import { expect, type Page } from '@playwright/test';

// Data a journey makes for itself through the demo server's own API, as the operator signed in on
// `page`: its customers are then the operator's and nobody else's journey sees them.

/** The signed-in user's token (the web keeps its session in localStorage). */
export const tokenDaSessao = async (page: Page): Promise<string> => {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cobranca.sessao') ?? '{}').state?.token as string | undefined,
  );
  if (!token) throw new Error('sem sessão no navegador: entre antes de chamar a API');
  return token;
};

/**
 * A word no demo name contains, letters only: a search of digits would also match documents and
 * phones (docs/produto.md §5).
 */
export const marcaUnica = (): string =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.replace(
    /\d/g,
    (d) => 'qwxyzvkjhg'[Number(d)] ?? 'q',
  );

const digitos = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** `vencimento` as the import reads it, DD/MM/YYYY. */
type ClienteNovo = { nome: string; vencimento: string; valor?: string };

/** Imports customers (a mobile and one receivable each) through the CSV import; their ids, in order. */
export const importarClientes = async (page: Page, clientes: ClienteNovo[]): Promise<number[]> => {
  const headers = { authorization: `Bearer ${await tokenDaSessao(page)}` };
  const linhas = clientes.map(
    ({ nome, vencimento, valor = '150,00' }) =>
      `${nome};${formatarDocumento(gerarCpf(Math.random))};(11) 9${digitos(4)}-${digitos(4)};;Mensalidade e2e;${valor};${vencimento}`,
  );
  const csv = ['nome;documento;telefone;email;descricao;valor;vencimento', ...linhas].join('\r\n');
  const importacao = await page.request.post('/api/operador/clientes/importar-csv', {
    headers,
    multipart: {
      csv_file: { name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`, 'utf8') },
    },
  });
  expect(importacao.status(), await importacao.text()).toBe(200);
  expect(await importacao.json()).toMatchObject({ criados: clientes.length, rejeitados: 0 });

  const ids: number[] = [];
  for (const { nome } of clientes) {
    const lista = await page.request.get(`/api/operador/clientes/ativos?busca=${encodeURIComponent(nome)}`, {
      headers,
    });
    expect(lista.status()).toBe(200);
    const { data } = (await lista.json()) as { data: { id: number; nome: string }[] };
    const cliente = data.find((c) => c.nome === nome);
    if (!cliente) throw new Error(`${nome} não apareceu em Ativos depois da importação`);
    ids.push(cliente.id);
  }
  return ids;
};

/** The customer answers (the simulator channel): an `ativo` customer moves to Aguardando atendimento. */
export const simularResposta = async (page: Page, id: number, texto: string) => {
  const resposta = await page.request.post(`/api/operador/clientes/${id}/simular-resposta`, {
    headers: { authorization: `Bearer ${await tokenDaSessao(page)}` },
    data: { texto },
  });
  expect(resposta.status(), await resposta.text()).toBe(201);
};
