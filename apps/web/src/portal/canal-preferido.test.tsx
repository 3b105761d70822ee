import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server.ts';
import { comSessao, entrar, falha, resumo } from './portal.test-fixtures.tsx';

const grupo = () => screen.getByRole('group', { name: 'Como prefere receber nossas mensagens?' });

describe('portal: the preferred channel', () => {
  it('offers the available channels and "Tanto faz", starting from the saved one; saves and says so', async () => {
    const enviados: unknown[] = [];
    server.use(
      http.put(
        '/api/portal/canal-preferido',
        comSessao(async (request) => {
          const corpo = (await request.json()) as { canal: string | null };
          enviados.push(corpo);
          return HttpResponse.json({ canal_preferido: corpo.canal });
        }),
      ),
    );
    const user = await entrar(resumo({ canal_preferido: 'sms', canais_disponiveis: ['email', 'sms'] }));
    const radios = within(grupo()).getAllByRole('radio');
    expect(radios.map((r) => r.closest('div')?.textContent)).toEqual([
      'E-mail',
      'SMS (mensagem de texto)',
      'Tanto faz',
    ]);
    expect(within(grupo()).getByRole('radio', { name: 'SMS (mensagem de texto)' })).toBeChecked();
    const salvar = screen.getByRole('button', { name: 'Salvar preferência' });
    // Nothing changed yet: nothing to save.
    expect(salvar).toBeDisabled();

    await user.click(within(grupo()).getByRole('radio', { name: 'E-mail' }));
    await user.click(salvar);
    expect(await screen.findByText('Pronto. Vamos procurar você primeiro por e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Pronto. Vamos procurar você primeiro por e-mail.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(salvar).toBeDisabled();

    await user.click(within(grupo()).getByRole('radio', { name: 'Tanto faz' }));
    expect(screen.queryByText(/Pronto\./)).not.toBeInTheDocument();
    await user.click(salvar);
    expect(await screen.findByText('Pronto. Vamos usar o canal que estiver disponível.')).toBeInTheDocument();
    expect(enviados).toEqual([{ canal: 'email' }, { canal: null }]);
  });

  it('a failure keeps the choice and says why; a second try saves', async () => {
    let pedidos = 0;
    server.use(
      http.put(
        '/api/portal/canal-preferido',
        comSessao(() => {
          pedidos += 1;
          return pedidos === 1
            ? falha(422, 'DADOS_INVALIDOS', 'Escolha WhatsApp, e-mail ou SMS.')
            : HttpResponse.json({ canal_preferido: 'whatsapp' });
        }),
      ),
    );
    const user = await entrar();
    await user.click(within(grupo()).getByRole('radio', { name: 'WhatsApp' }));
    await user.click(screen.getByRole('button', { name: 'Salvar preferência' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escolha WhatsApp, e-mail ou SMS.');
    expect(within(grupo()).getByRole('radio', { name: 'WhatsApp' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Salvar preferência' }));
    expect(await screen.findByText('Pronto. Vamos procurar você primeiro por WhatsApp.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the server down is said in plain words', async () => {
    server.use(
      http.put(
        '/api/portal/canal-preferido',
        comSessao(() => falha(500, 'ERRO_INTERNO', 'Internal Server Error')),
      ),
    );
    const user = await entrar();
    await user.click(within(grupo()).getByRole('radio', { name: 'E-mail' }));
    await user.click(screen.getByRole('button', { name: 'Salvar preferência' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível salvar sua preferência agora. Tente de novo em instantes.',
    );
  });

  it('is not offered with a single channel', async () => {
    await entrar(resumo({ canais_disponiveis: ['whatsapp'] }));
    expect(screen.queryByRole('group', { name: /Como prefere/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Não quero mais receber mensagens' })).toBeInTheDocument();
  });

  it('is not offered after an opt-out', async () => {
    await entrar(resumo({ opt_out_em: '2026-11-20T15:07:00.000Z' }));
    expect(screen.queryByRole('group', { name: /Como prefere/ })).not.toBeInTheDocument();
  });
});
