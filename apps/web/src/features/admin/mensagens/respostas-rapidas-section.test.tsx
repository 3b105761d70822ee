import type { RespostaRapidaView } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const URL = '/api/admin/configuracoes/mensagens/respostas-rapidas';
const TEMPLATES_URL = '/api/admin/configuracoes/mensagens/templates';

const resposta = (id: number, atalho: string, texto: string): RespostaRapidaView => ({
  id,
  atalho,
  texto,
  created_at: '2026-03-10T13:00:00.000Z',
  updated_at: '2026-03-10T13:00:00.000Z',
});

let stored: RespostaRapidaView[];
let writes: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  writes = [];
  stored = [
    resposta(1, 'pix', 'Olá, {{nome}}! Quer o código PIX de {{total}}?'),
    resposta(2, 'saudacao', 'Olá, {{nome}}! Podemos ajudar?'),
  ];
  server.use(
    // The templates above fail quietly: these tests are about the section below them.
    http.get(TEMPLATES_URL, () => HttpResponse.json({ code: 'ERRO_INTERNO', message: 'x' }, { status: 500 })),
    http.get(URL, () => HttpResponse.json(stored)),
  );
});

const secao = async () => within(await screen.findByRole('region', { name: 'Respostas rápidas' }));
const paste = async (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) => {
  await user.clear(field);
  await user.click(field);
  // paste, not type: user-event reads `{` as the start of a key name.
  await user.paste(value);
};

describe('Respostas rápidas (admin, Config. Mensagens)', () => {
  it('lists the replies by shortcut with their texts', async () => {
    renderApp('/admin/mensagens');
    const s = await secao();
    const lista = await s.findByRole('list', { name: 'Respostas rápidas cadastradas' });
    const itens = within(lista).getAllByRole('listitem');
    expect(itens.map((i) => within(i).getByText(/^\//).textContent)).toEqual(['/pix', '/saudacao']);
    expect(within(lista).getByText('Olá, {{nome}}! Podemos ajudar?')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    stored = [];
    renderApp('/admin/mensagens');
    const s = await secao();
    expect(
      await s.findByText(
        'Nenhuma resposta rápida cadastrada. Crie a primeira para os operadores usarem com "/".',
      ),
    ).toBeInTheDocument();
  });

  it('creates a reply, previewing it on sample data, and reloads the list', async () => {
    server.use(
      http.post(URL, async ({ request }) => {
        const body = (await request.json()) as { atalho: string; texto: string };
        writes.push({ method: 'POST', path: URL, body });
        stored = [...stored, resposta(3, body.atalho, body.texto)];
        return HttpResponse.json(stored.at(-1), { status: 201 });
      }),
    );
    renderApp('/admin/mensagens');
    const user = userEvent.setup();
    await user.click((await secao()).getByRole('button', { name: 'Nova resposta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova resposta rápida' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Atalho' }), 'segunda-via');
    await paste(user, within(dialog).getByRole('textbox', { name: 'Texto' }), 'Oi {{nome}}, segue a 2ª via.');
    expect(within(dialog).getByText('Oi Maria, segue a 2ª via.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([
      { method: 'POST', path: URL, body: { atalho: 'segunda-via', texto: 'Oi {{nome}}, segue a 2ª via.' } },
    ]);
    expect(await (await secao()).findByText('/segunda-via')).toBeInTheDocument();
  });

  it('refuses a bad shortcut and an unknown placeholder before calling the API', async () => {
    renderApp('/admin/mensagens');
    const user = userEvent.setup();
    await user.click((await secao()).getByRole('button', { name: 'Nova resposta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova resposta rápida' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Atalho' }), 'Bom Dia');
    await paste(user, within(dialog).getByRole('textbox', { name: 'Texto' }), 'Segue {{pix}}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(
      await within(dialog).findByText(
        'Use letras minúsculas sem acento, números e hífen (ex.: saudacao, segunda-via).',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(/^Marcadores desconhecidos: \{\{pix\}\}\. Use apenas/),
    ).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('puts the server’s duplicate-shortcut error under the field when editing', async () => {
    server.use(
      http.put(`${URL}/:id`, () =>
        HttpResponse.json(
          {
            code: 'ATALHO_EM_USO',
            message: 'Já existe uma resposta rápida com este atalho.',
            errors: { atalho: ['Já existe uma resposta rápida com este atalho.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderApp('/admin/mensagens');
    const user = userEvent.setup();
    await user.click(await (await secao()).findByRole('button', { name: 'Editar /saudacao' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar /saudacao' });
    const atalho = within(dialog).getByRole('textbox', { name: 'Atalho' });
    expect(atalho).toHaveValue('saudacao');
    await user.clear(atalho);
    await user.type(atalho, 'pix');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Já existe uma resposta rápida com este atalho.'),
    ).toBeInTheDocument();
    expect(atalho).toHaveAccessibleDescription('Já existe uma resposta rápida com este atalho.');
  });

  it('deletes only after confirmation', async () => {
    server.use(
      http.delete(`${URL}/:id`, ({ params }) => {
        writes.push({ method: 'DELETE', path: `${URL}/${String(params.id)}`, body: null });
        stored = stored.filter((r) => r.id !== Number(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/admin/mensagens');
    const user = userEvent.setup();
    await user.click(await (await secao()).findByRole('button', { name: 'Excluir /pix' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir resposta rápida?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(writes).toEqual([]);

    await user.click((await secao()).getByRole('button', { name: 'Excluir /pix' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Excluir resposta rápida?' })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    await waitFor(() => expect(writes).toEqual([{ method: 'DELETE', path: `${URL}/1`, body: null }]));
    await waitFor(async () => expect((await secao()).queryByText('/pix')).toBeNull());
  });
});
