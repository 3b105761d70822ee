import type { TarefasResponse } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { resumoDoTipo } from './tarefas-card.tsx';

const MORTA = {
  id: '5b0c3c1e-8d7a-4f59-9d1c-0a1b2c3d4e5f',
  nome: 'pix.remover-cobranca',
  chave: 'E2ETXID0001',
  tentativas: 10,
  erro: 'O PSP não respondeu em 10 s.',
  criada_em: '2026-03-09T12:00:00.000Z',
  morreu_em: '2026-03-10T11:00:00.000Z',
};

const tarefas = (mortas = [MORTA]): TarefasResponse => ({
  tipos: [
    {
      nome: 'pix.liquidar',
      descricao: 'Baixar um PIX confirmado',
      aguardando: 3,
      em_execucao: 1,
      falhas_24h: 2,
      mortas: 0,
      mais_antiga_aguardando_ha_segundos: 150,
    },
    {
      nome: 'pix.remover-cobranca',
      descricao: 'Remover no PSP uma cobrança sem dívida',
      aguardando: 0,
      em_execucao: 0,
      falhas_24h: 1,
      mortas: mortas.length,
      mais_antiga_aguardando_ha_segundos: null,
    },
  ],
  mortas,
});

let mortas = [MORTA];
let repetidas: string[] = [];
beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.super_admin);
  mortas = [MORTA];
  repetidas = [];
  server.use(
    http.get('/api/super-admin/admins', () =>
      HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }),
    ),
    http.get('/api/super-admin/saude', () => HttpResponse.json({}, { status: 503 })),
    http.get('/api/super-admin/tarefas', () => HttpResponse.json(tarefas(mortas))),
    http.post('/api/super-admin/tarefas/:id/repetir', ({ params }) => {
      repetidas.push(String(params.id));
      mortas = [];
      return HttpResponse.json(MORTA);
    }),
  );
});

const cartao = () => screen.findByRole('region', { name: 'Tarefas em segundo plano' });

describe('the queue in the health panel', () => {
  it('says per type what waits, runs, failed and died, in real plurals', async () => {
    renderApp('/super-admin');
    const tipos = await within(await cartao()).findByRole('list', { name: 'Tarefas por tipo' });
    const [liquidar, remover] = within(tipos).getAllByRole('listitem');
    expect(liquidar).toHaveTextContent(
      'pix.liquidar — 3 aguardando · 1 em execução · 2 falhas em 24 h · nenhuma morta · a mais antiga espera há 2 minutos',
    );
    expect(remover).toHaveTextContent('1 morta');
    expect(
      resumoDoTipo({
        ...tarefas().tipos[0],
        aguardando: 0,
        em_execucao: 0,
        falhas_24h: 1,
        mortas: 2,
      } as never),
    ).toBe('nada aguardando · nenhuma em execução · 1 falha em 24 h · 2 mortas');
  });

  it('lists each dead job with its last error, and "Tentar de novo" puts it back', async () => {
    const user = userEvent.setup();
    renderApp('/super-admin');
    const mortasLista = await within(await cartao()).findByRole('list', {
      name: 'Tarefas que falharam de vez',
    });
    expect(mortasLista).toHaveTextContent('pix.remover-cobranca (E2ETXID0001)');
    expect(mortasLista).toHaveTextContent('O PSP não respondeu em 10 s.');
    expect(mortasLista).toHaveTextContent('10 tentativas; falhou de vez em');
    await user.click(
      within(mortasLista).getByRole('button', {
        name: 'Tentar de novo a tarefa pix.remover-cobranca E2ETXID0001',
      }),
    );
    expect(await screen.findByText('Tarefa posta para tentar de novo.')).toBeInTheDocument();
    expect(repetidas).toEqual([MORTA.id]);
    await waitFor(async () => expect(await cartao()).toHaveTextContent('Nenhuma tarefa falhou de vez.'));
  });

  it('shows why the list could not be read, with a way to try again', async () => {
    server.use(http.get('/api/super-admin/tarefas', () => HttpResponse.json({}, { status: 500 })));
    renderApp('/super-admin');
    const c = await cartao();
    expect(
      await within(c).findByText(/Não foi possível carregar as tarefas em segundo plano/),
    ).toBeInTheDocument();
  });
});
