import type {
  ArquivoBancarioView,
  DecisaoLancamentoResponse,
  ItemRevisaoConciliacao,
  LancamentoBancarioView,
  ResultadoArquivoBancario,
} from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { initialSnackbarState, useSnackbarStore } from '../../../components/snackbar/snackbar-store.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { MOBILE, setViewportWidth } from '../../../test/viewport.ts';

const BASE = '/api/admin/conciliacao';

const paged = <T,>(data: T[], page = 1, total = data.length) => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / 20)),
  per_page: 20,
  total,
});

const lancamento = (id: number, patch: Partial<LancamentoBancarioView> = {}): LancamentoBancarioView => ({
  id,
  linha: id + 2,
  tipo: 'liquidacao',
  codigo: '06',
  descricao: 'Liquidação',
  nosso_numero: `700${id}`,
  fitid: null,
  historico: null,
  valor: 150,
  restante: 0,
  data: '2026-11-23',
  data_credito: '2026-11-24',
  situacao: 'liquidado',
  regra: 'nosso_numero',
  motivo: `Boleto liquidado: R$ 150,00 pagos na conta nº ${id}.`,
  cliente: { id: 9, nome: 'Devedor Nove' },
  conta_id: id,
  ...patch,
});

const ARQUIVO: ArquivoBancarioView = {
  id: 4,
  nome: 'retorno-itau.ret',
  formato: 'cnab240',
  banco: '341',
  conta: '012340000000123459',
  importado_em: '2026-11-24T12:00:00.000Z',
  importado_por: { id: 2, nome: 'Alice Admin' },
  lancamentos: 2,
  liquidados: 1,
  ja_liquidados: 0,
  em_revisao: 1,
  ignorados: 0,
};

const RESULTADO: ResultadoArquivoBancario = {
  ...ARQUIVO,
  repetido: false,
  linhas: [
    lancamento(1),
    lancamento(2, {
      situacao: 'em_revisao',
      regra: null,
      restante: 150,
      motivo: 'Nenhuma conta a receber tem o nosso número 7002 do banco 341.',
      cliente: null,
      conta_id: null,
    }),
  ],
};

const NA_FILA: ItemRevisaoConciliacao = {
  ...lancamento(30, {
    tipo: 'credito',
    codigo: 'CREDIT',
    descricao: 'Crédito',
    nosso_numero: null,
    fitid: 'F-30',
    historico: 'TED RECEBIDA',
    valor: 100,
    restante: 100,
    situacao: 'em_revisao',
    regra: null,
    motivo: 'O crédito não identifica cobrança, boleto nem CPF/CNPJ do pagador.',
    cliente: null,
    conta_id: null,
  }),
  arquivo: { id: 5, nome: 'extrato.ofx' },
  candidatos: [
    {
      cliente: { id: 11, nome: 'Ana Candidata' },
      conta_id: 111,
      descricao: 'Duplicata 1',
      vencimento: '2026-11-20',
      valor_atualizado: 60,
      diferenca: 40,
    },
  ],
};

let envios: { url: string; body: unknown; chave: string | null }[];
let revisao: ItemRevisaoConciliacao[];

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  useSnackbarStore.setState(initialSnackbarState);
  envios = [];
  revisao = [NA_FILA];
  server.use(
    http.get(`${BASE}/arquivos`, () => HttpResponse.json(paged([ARQUIVO]))),
    http.get(`${BASE}/arquivos/:id`, () => HttpResponse.json(RESULTADO)),
    http.get(`${BASE}/revisao`, () => HttpResponse.json(paged(revisao))),
    http.post(`${BASE}/arquivos`, () => HttpResponse.json(RESULTADO)),
    http.post(`${BASE}/revisao/:id/:acao`, async ({ request, params }) => {
      envios.push({
        url: String(params.acao),
        body: await request.json(),
        chave: request.headers.get('idempotency-key'),
      });
      const resposta: DecisaoLancamentoResponse = {
        lancamento: {
          ...NA_FILA,
          restante: 40,
          situacao: params.acao === 'descartar' ? 'descartado' : 'em_revisao',
        },
        aplicado: params.acao === 'descartar' ? 0 : 60,
        cliente_concluido: false,
      };
      revisao = [];
      return HttpResponse.json(resposta);
    }),
  );
});

describe('/admin/conciliacao', () => {
  it('imports a retorno and shows its counts and each line with its outcome', async () => {
    const user = userEvent.setup();
    renderApp('/admin/conciliacao');
    expect(await screen.findByRole('heading', { name: 'Conciliação bancária' })).toBeInTheDocument();
    const arquivo = new File(['0'.repeat(240)], 'retorno-itau.ret', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Arquivo do banco (CNAB ou OFX)'), arquivo);
    await user.click(screen.getByRole('button', { name: 'Importar arquivo' }));
    expect(
      await screen.findByText('1 liquidado, 0 já registrados, 1 em revisão e 0 ignorados.'),
    ).toBeInTheDocument();
    const tabela = screen.getByRole('table', { name: 'Lançamentos do arquivo retorno-itau.ret' });
    expect(
      within(tabela).getByText('Nenhuma conta a receber tem o nosso número 7002 do banco 341.'),
    ).toBeInTheDocument();
    expect(within(tabela).getAllByText('Em revisão')).toHaveLength(1);
    expect(within(tabela).getByText('Liquidado')).toBeInTheDocument();
  });

  it('refuses a spreadsheet before uploading anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/admin/conciliacao');
    await user.upload(
      await screen.findByLabelText('Arquivo do banco (CNAB ou OFX)'),
      new File(['a;b'], 'clientes.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText(/O arquivo precisa ser \.ret ou \.txt/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importar arquivo' })).toBeDisabled();
  });

  it('assigns part of an entry in review to its candidate, with an Idempotency-Key, after confirming', async () => {
    const user = userEvent.setup();
    renderApp('/admin/conciliacao');
    const fila = await screen.findByRole('table', { name: 'Fila de revisão da conciliação' });
    expect(await screen.findByText('1 lançamento aguardando revisão.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exportar/ })).toBeInTheDocument();
    await user.click(await within(fila).findByRole('button', { name: 'Atribuir' }));
    const dialogo = screen.getByRole('dialog', { name: 'Atribuir lançamento' });
    // R$ 40,00 apart: not chosen for the admin.
    const candidato = within(dialogo).getByRole('radio', { name: /Ana Candidata · Duplicata 1/ });
    expect(candidato).not.toBeChecked();
    expect(within(dialogo).getByRole('button', { name: 'Continuar' })).toBeDisabled();
    await user.click(candidato);
    const valor = within(dialogo).getByLabelText('Valor a atribuir (R$)');
    await user.clear(valor);
    await user.type(valor, '150,00');
    expect(
      within(dialogo).getByText('O valor passa do que resta a atribuir (R$ 100,00).'),
    ).toBeInTheDocument();
    expect(within(dialogo).getByRole('button', { name: 'Continuar' })).toBeDisabled();
    await user.clear(valor);
    await user.type(valor, '60,00');
    await user.click(within(dialogo).getByRole('button', { name: 'Continuar' }));
    const confirmacao = screen.getByRole('dialog', { name: 'Confirmar atribuição' });
    expect(confirmacao).toHaveTextContent('Atribuir R$ 60,00 à conta "Duplicata 1" de Ana Candidata?');
    await user.click(within(confirmacao).getByRole('button', { name: 'Confirmar atribuição' }));
    await waitFor(() => expect(envios).toHaveLength(1));
    expect(envios[0]).toMatchObject({ url: 'atribuir', body: { conta_id: 111, valor: 60 } });
    expect(envios[0]?.chave).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await screen.findByText('R$ 60,00 atribuídos. Restam R$ 40,00 na fila de revisão.'),
    ).toBeInTheDocument();
  });

  it('marks an entry as not a collection, with a reason', async () => {
    const user = userEvent.setup();
    renderApp('/admin/conciliacao');
    const fila = await screen.findByRole('table', { name: 'Fila de revisão da conciliação' });
    await user.click(await within(fila).findByRole('button', { name: 'Não é cobrança' }));
    const dialogo = screen.getByRole('dialog', { name: 'Não é cobrança?' });
    await user.type(within(dialogo).getByLabelText('Motivo (opcional)'), 'aporte do sócio');
    await user.click(within(dialogo).getByRole('button', { name: 'Não é cobrança' }));
    await waitFor(() =>
      expect(envios).toEqual([
        expect.objectContaining({ url: 'descartar', body: { motivo: 'aporte do sócio' } }),
      ]),
    );
  });

  it('lists the files imported; a row opens its lines; fits a phone', async () => {
    setViewportWidth(MOBILE);
    const user = userEvent.setup();
    renderApp('/admin/conciliacao');
    await user.click(await screen.findByText('retorno-itau.ret'));
    const dialogo = await screen.findByRole('dialog', { name: 'Arquivo retorno-itau.ret' });
    expect(
      await within(dialogo).findByText('1 liquidado, 0 já registrados, 1 em revisão e 0 ignorados.'),
    ).toBeInTheDocument();
    expect(document.body.scrollWidth).toBeLessThanOrEqual(MOBILE);
  });
});
