import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server.ts';
import { horaDoInstante } from './formato.ts';
import { abrirPortal, CREDOR, confirmarDocumento, falha, link, TOKEN } from './portal.test-fixtures.tsx';
import { tokenDoEndereco } from './portal-app.tsx';

describe('tokenDoEndereco', () => {
  it('reads the last segment of /p/<token>', () => {
    expect(tokenDoEndereco('/p/abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenDoEndereco('/p/abc_DEF-123/')).toBe('abc_DEF-123');
    expect(tokenDoEndereco('/p/')).toBe('');
    expect(tokenDoEndereco('/')).toBe('');
  });
});

describe('portal: the link', () => {
  it('asks the link with the token and shows the creditor, loading first', async () => {
    let corpo: unknown;
    server.use(
      http.post('/api/portal/link', async ({ request }) => {
        corpo = await request.json();
        expect(request.headers.get('content-type')).toBe('application/json');
        return HttpResponse.json(link());
      }),
    );
    abrirPortal();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Para sua segurança, confirme seu CPF ou CNPJ' }),
    ).toBeInTheDocument();
    expect(corpo).toEqual({ token: TOKEN });
    expect(screen.getByRole('banner')).toHaveTextContent('Loja Exemplo Ltda');
    expect(screen.getByRole('banner')).toHaveTextContent('CNPJ 12.345.678/0001-95');
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
    // The token never shows on the page.
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('indisponível: a friendly page with the creditor’s contact, no error code', async () => {
    server.use(http.post('/api/portal/link', () => HttpResponse.json(link({ situacao: 'indisponivel' }))));
    abrirPortal();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este link não está mais disponível' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Para falar com Loja Exemplo Ltda: (11) 4000-1234')).toBeInTheDocument();
    expect(screen.getByText(/cada nova mensagem traz um link novo/)).toBeInTheDocument();
    expect(screen.queryByText(/LINK_INDISPONIVEL|indisponivel/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('CPF ou CNPJ')).not.toBeInTheDocument();
  });

  it('indisponível without a contact: answer the WhatsApp message', async () => {
    server.use(
      http.post('/api/portal/link', () =>
        HttpResponse.json(link({ situacao: 'indisponivel', credor: { ...CREDOR, contato: '  ' } })),
      ),
    );
    abrirPortal();
    expect(
      await screen.findByText(
        'Para falar com Loja Exemplo Ltda, responda à mensagem que você recebeu no WhatsApp.',
      ),
    ).toBeInTheDocument();
  });

  it('bloqueado: says until when, and "Tentar de novo" asks the link again', async () => {
    const ate = '2026-11-20T15:42:00.000Z';
    let chamadas = 0;
    server.use(
      http.post('/api/portal/link', () => {
        chamadas += 1;
        return HttpResponse.json(chamadas < 3 ? link({ situacao: 'bloqueado', bloqueado_ate: ate }) : link());
      }),
    );
    const user = abrirPortal();
    const hora = new Date(ate);
    const hhmm = `${String(hora.getHours()).padStart(2, '0')}:${String(hora.getMinutes()).padStart(2, '0')}`;
    expect(hhmm).toBe(horaDoInstante(ate));
    expect(
      await screen.findByText(new RegExp(`Por segurança, este link está bloqueado até (.* às )?${hhmm}\\.`)),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText(/O link continua bloqueado/)).toBeInTheDocument();
    expect(chamadas).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByLabelText('CPF ou CNPJ')).toBeInTheDocument();
  });

  it('network failure or 5xx: a message and a retry', async () => {
    let chamadas = 0;
    server.use(
      http.post('/api/portal/link', () => {
        chamadas += 1;
        return chamadas === 1 ? HttpResponse.error() : falha(503, 'BANCO_INDISPONIVEL', 'Banco fora.');
      }),
    );
    const user = abrirPortal();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar. Verifique sua conexão e tente de novo.',
    );
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(chamadas).toBe(2));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar.');
    expect(screen.queryByText(/Banco fora|BANCO_INDISPONIVEL/)).not.toBeInTheDocument();

    server.use(http.post('/api/portal/link', () => HttpResponse.json(link())));
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByLabelText('CPF ou CNPJ')).toBeInTheDocument();
  });
});

describe('portal: the document check', () => {
  const comLink = () => server.use(http.post('/api/portal/link', () => HttpResponse.json(link())));

  it('a wrong document: the server’s message under the field, which is invalid and focused', async () => {
    comLink();
    let enviado: unknown;
    server.use(
      http.post('/api/portal/sessao', async ({ request }) => {
        enviado = await request.json();
        return falha(422, 'DOCUMENTO_NAO_CONFERE', 'O documento não confere.', {
          documento: ['O documento não confere. Restam 2 tentativas.'],
        });
      }),
    );
    const user = abrirPortal();
    await confirmarDocumento(user, '123.456.789-00');
    const campo = screen.getByLabelText('CPF ou CNPJ');
    expect(await screen.findByText('O documento não confere. Restam 2 tentativas.')).toBeInTheDocument();
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(campo).toHaveAccessibleDescription(/Restam 2 tentativas/);
    expect(campo).toHaveFocus();
    // Punctuation off; the token from the address.
    expect(enviado).toEqual({ token: TOKEN, documento: '12345678900' });
  });

  it('an empty field is refused without asking the server', async () => {
    comLink();
    const user = abrirPortal();
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('Informe o CPF ou CNPJ.')).toBeInTheDocument();
    expect(screen.getByLabelText('CPF ou CNPJ')).toHaveFocus();
  });

  it('423: asks the link again and shows the lock', async () => {
    let linkLido = 0;
    server.use(
      http.post('/api/portal/link', () => {
        linkLido += 1;
        return HttpResponse.json(
          linkLido === 1
            ? link()
            : link({ situacao: 'bloqueado', bloqueado_ate: '2026-11-20T15:42:00.000Z' }),
        );
      }),
      http.post('/api/portal/sessao', () => falha(423, 'LINK_BLOQUEADO', 'Link bloqueado.')),
    );
    const user = abrirPortal();
    await confirmarDocumento(user);
    expect(await screen.findByText(/Por segurança, este link está bloqueado até/)).toBeInTheDocument();
    expect(linkLido).toBe(2);
  });

  it('404: the link is gone', async () => {
    comLink();
    server.use(http.post('/api/portal/sessao', () => falha(404, 'LINK_INDISPONIVEL', 'Link indisponível.')));
    const user = abrirPortal();
    await confirmarDocumento(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Este link não está mais disponível' }),
    ).toBeInTheDocument();
  });

  it('429: the server’s message, and the button is usable again', async () => {
    comLink();
    server.use(
      http.post('/api/portal/sessao', () =>
        falha(429, 'MUITAS_REQUISICOES', 'Muitas tentativas. Aguarde um minuto e tente de novo.'),
      ),
    );
    const user = abrirPortal();
    await confirmarDocumento(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Aguarde um minuto e tente de novo.',
    );
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeEnabled();
  });

  it('the button is busy and disabled while the check runs', async () => {
    comLink();
    let responder: (r: Response) => void = () => {};
    server.use(http.post('/api/portal/sessao', () => new Promise<Response>((r) => (responder = r))));
    const user = abrirPortal();
    await confirmarDocumento(user);
    const botao = screen.getByRole('button', { name: 'Continuar' });
    expect(botao).toBeDisabled();
    expect(botao).toHaveAttribute('aria-busy', 'true');
    responder(falha(422, 'DOCUMENTO_NAO_CONFERE', 'O documento não confere.'));
    await waitFor(() => expect(botao).toBeEnabled());
    expect(screen.getByText('O documento não confere.')).toBeInTheDocument();
  });
});
