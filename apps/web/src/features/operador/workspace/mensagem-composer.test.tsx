import type { RespostaRapidaRenderizada } from '@cobranca/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server.ts';
import { avisoLimite, contadorCaracteres, termoBarraNoCursor } from './respostas-rapidas-busca.ts';
import { openWorkspace, setupWorkspace } from './workspace.test-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

const composer = () => screen.getByRole('combobox', { name: 'Mensagem' });
const enviar = () => screen.getByRole('button', { name: 'Enviar mensagem' });

const RESPOSTAS: RespostaRapidaRenderizada[] = [
  { id: 1, atalho: 'pagamento-confirmado', texto: 'Pagamento confirmado. Muito obrigado, Maria!' },
  { id: 2, atalho: 'pix', texto: 'Olá, Maria! Identificamos um valor em aberto de R$ 100,00.' },
  { id: 3, atalho: 'saudacao', texto: 'Olá, Maria! Podemos ajudar com a negociação da sua fatura?' },
];

/** Serves the quick replies and counts the calls (they load only when asked for). */
const servirRespostas = (respostas: RespostaRapidaRenderizada[] = RESPOSTAS) => {
  const chamadas = { n: 0 };
  server.use(
    http.get('/api/operador/clientes/:id/respostas-rapidas', () => {
      chamadas.n += 1;
      return HttpResponse.json(respostas);
    }),
  );
  return chamadas;
};

describe('MensagemComposer: "/" quick replies', () => {
  it('opens a listbox on "/", filters by what follows, moves with the arrows and inserts with Enter', async () => {
    setupWorkspace();
    const chamadas = servirRespostas();
    await openWorkspace();
    expect(chamadas.n).toBe(0);
    expect(composer()).toHaveAttribute('aria-expanded', 'false');

    const user = userEvent.setup();
    await user.type(composer(), 'Bom dia! /pa');
    const lista = await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    expect(composer()).toHaveAttribute('aria-expanded', 'true');
    expect(composer()).toHaveAttribute('aria-controls', lista.id);
    const opcoes = () => within(screen.getByRole('listbox')).getAllByRole('option');
    expect(opcoes()).toHaveLength(1);
    expect(opcoes()[0]).toHaveTextContent('/pagamento-confirmado');
    expect(opcoes()[0]).toHaveAttribute('aria-selected', 'true');
    expect(composer()).toHaveAttribute('aria-activedescendant', opcoes()[0]?.id);

    await user.clear(composer());
    await user.type(composer(), 'Bom dia! /');
    await waitFor(() => expect(opcoes()).toHaveLength(3));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(opcoes()[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(opcoes()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');

    expect(composer()).toHaveValue('Bom dia! Olá, Maria! Podemos ajudar com a negociação da sua fatura?');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(composer()).toHaveAttribute('aria-expanded', 'false');
    // Enter chose the reply: nothing was sent.
    expect(chamadas.n).toBe(1);
  });

  it('inserts with Tab too, and Esc closes the list keeping the typed text', async () => {
    setupWorkspace();
    servirRespostas();
    await openWorkspace();
    const user = userEvent.setup();
    await user.type(composer(), '/pi');
    await screen.findByRole('option', { name: /\/pix/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(composer()).toHaveValue('/pi');

    await user.type(composer(), 'x');
    await user.keyboard('{Backspace}');
    await screen.findByRole('option', { name: /\/pix/ });
    await user.keyboard('{Tab}');
    expect(composer()).toHaveValue('Olá, Maria! Identificamos um valor em aberto de R$ 100,00.');
    expect(composer()).toHaveFocus();
  });

  it('says when nothing matches, and when the admin saved none', async () => {
    setupWorkspace();
    servirRespostas([]);
    await openWorkspace();
    const user = userEvent.setup();
    await user.type(composer(), '/');
    expect(
      await screen.findByText(
        'Nenhuma resposta rápida cadastrada. Peça ao administrador para criar em Config. Mensagens.',
      ),
    ).toBeInTheDocument();
  });

  it('does not open for a slash inside a word or a URL', async () => {
    setupWorkspace();
    const chamadas = servirRespostas();
    await openWorkspace();
    const user = userEvent.setup();
    await user.type(composer(), 'Pague em 10/12 ou veja https://exemplo.com/x');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(chamadas.n).toBe(0);
  });

  it('lists the quick replies under the button, with the empty state', async () => {
    setupWorkspace();
    servirRespostas([]);
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Respostas rápidas' }));
    expect(
      await screen.findByRole('menuitem', {
        name: 'Nenhuma resposta rápida cadastrada. Peça ao administrador para criar em Config. Mensagens.',
      }),
    ).toHaveAttribute('aria-disabled', 'true');
  });

  it('inserts a reply from the button, filled for the customer', async () => {
    setupWorkspace();
    servirRespostas();
    await openWorkspace();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Respostas rápidas' }));
    await user.click(await screen.findByRole('menuitem', { name: /\/saudacao/ }));
    expect(composer()).toHaveValue('Olá, Maria! Podemos ajudar com a negociação da sua fatura?');
  });
});

describe('MensagemComposer: the 4096-character limit', () => {
  it('refuses a text over the limit with the count and how much to cut, and never cuts it', async () => {
    setupWorkspace();
    const enviados: unknown[] = [];
    server.use(
      http.post('/api/operador/clientes/:id/mensagens', async ({ request }) => {
        enviados.push(await request.json());
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    await openWorkspace();
    const texto = 'a'.repeat(4100);
    fireEvent.change(composer(), { target: { value: texto } });
    expect(composer()).toHaveValue(texto);
    expect(composer()).toHaveAttribute('aria-invalid', 'true');
    expect(composer()).toHaveAccessibleDescription(
      '4.100/4.096 · A mensagem passa do limite de 4.096 caracteres do WhatsApp. Encurte 4 caracteres.',
    );
    expect(enviar()).toBeDisabled();
    fireEvent.keyDown(composer(), { key: 'Enter' });
    expect(composer()).toHaveValue(texto);
    expect(enviados).toEqual([]);

    fireEvent.change(composer(), { target: { value: 'a'.repeat(4096) } });
    expect(composer()).toHaveAttribute('aria-invalid', 'false');
    expect(enviar()).toBeEnabled();
  });
});

describe('composer rules', () => {
  it.each([
    [4097, 'A mensagem passa do limite de 4.096 caracteres do WhatsApp. Encurte 1 caractere.'],
    [5000, 'A mensagem passa do limite de 4.096 caracteres do WhatsApp. Encurte 904 caracteres.'],
    [6100, 'A mensagem passa do limite de 4.096 caracteres do WhatsApp. Encurte 2.004 caracteres.'],
  ])('avisoLimite(%i)', (tamanho, aviso) => {
    expect(avisoLimite(tamanho, 4096)).toBe(aviso);
  });

  it('avisoLimite is null up to the limit; the counter uses pt-BR thousands', () => {
    expect(avisoLimite(4096, 4096)).toBeNull();
    expect(contadorCaracteres(26, 4096)).toBe('26/4.096');
  });

  it.each([
    ['/sau', 4, { inicio: 0, fim: 4, consulta: 'sau' }],
    ['Oi /sau', 7, { inicio: 3, fim: 7, consulta: 'sau' }],
    ['Oi\n/', 4, { inicio: 3, fim: 4, consulta: '' }],
    ['Oi /sau mais', 12, null],
    ['a/b', 3, null],
    ['/a/b', 4, null],
  ])('termoBarraNoCursor(%j, %i)', (texto, cursor, esperado) => {
    expect(termoBarraNoCursor(texto, cursor)).toEqual(esperado);
  });
});
