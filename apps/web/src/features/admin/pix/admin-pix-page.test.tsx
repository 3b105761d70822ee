import type { PixSettingsView, PixStatus } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSnackbarState, useSnackbarStore } from '../../../components/snackbar/snackbar-store.ts';
import { theme } from '../../../lib/theme.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const URL = '/api/admin/configuracoes/pix';

const status = (extra: Partial<PixStatus> = {}): PixStatus => ({
  provedor: 'simulador',
  status: 'conectado',
  mensagem: null,
  verificado_em: null,
  recorrencias: true,
  ...extra,
});

const simulador = (extra: Partial<PixSettingsView> = {}): PixSettingsView => ({
  provedor: 'simulador',
  chave: '12345678000195',
  base_url: null,
  token_url: null,
  client_id: null,
  client_secret: null,
  certificado: null,
  webhook_url: null,
  validade_apos_vencimento_dias: 30,
  conta_recebedor: null,
  status: status(),
  ...extra,
});

const psp = (extra: Partial<PixSettingsView> = {}): PixSettingsView =>
  simulador({
    provedor: 'api_pix',
    chave: 'financeiro@empresa.com.br',
    base_url: 'https://pix.banco.example/api/v2',
    token_url: 'https://pix.banco.example/oauth/token',
    client_id: 'cliente-123',
    client_secret: '••••••••3f9a',
    certificado: { formato: 'pem', valido_ate: '2099-03-10T12:00:00.000Z' },
    webhook_url: 'https://cobranca.empresa.com.br',
    validade_apos_vencimento_dias: 45,
    status: status({
      provedor: 'api_pix',
      status: 'conectado',
      mensagem: 'Token obtido e certificado aceito pelo PSP.',
      verificado_em: '2026-03-10T13:05:00.000Z',
      recorrencias: true,
    }),
    ...extra,
  });

/** Serves `view` on GET and records each PUT body, answering `answer` (default: the view itself). */
const serve = (view: PixSettingsView, answer?: () => Response) => {
  const bodies: unknown[] = [];
  server.use(
    http.get(URL, () => HttpResponse.json(view)),
    http.put(URL, async ({ request }) => {
      bodies.push(await request.json());
      return answer ? answer() : HttpResponse.json(view);
    }),
  );
  return bodies;
};

afterEach(() => vi.restoreAllMocks());

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  useSnackbarStore.setState(initialSnackbarState);
  // The credits section below the settings (its own tests: creditos-pix-section.test.tsx).
  server.use(
    http.get('/api/admin/pix/creditos', () =>
      HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 }),
    ),
  );
});

const radio = (name: RegExp | string) => screen.findByRole('radio', { name });
const card = () => screen.getByRole('region', { name: 'Status da conexão' });
const contaGrupo = () => screen.getByRole('group', { name: 'Conta para o PIX Automático' });
const tipoConta = () => within(contaGrupo()).getByRole('combobox', { name: 'Tipo da conta' });
/** The card's "PIX Automático" row: its value, or null when the card has none. */
const automatico = () => {
  const termo = within(card()).queryByText('PIX Automático');
  return termo ? (termo.nextElementSibling?.textContent ?? '') : null;
};

describe('AdminPixPage (docs/produto.md §21)', () => {
  it('fills the form and the status card from the stored settings', async () => {
    serve(psp());
    renderApp('/admin/pix');
    expect(await radio(/API Pix de um PSP/)).toBeChecked();
    expect(screen.getByRole('heading', { level: 2, name: 'Configuração do PIX' })).toBeInTheDocument();
    expect(screen.getByLabelText('Chave PIX')).toHaveValue('financeiro@empresa.com.br');
    expect(screen.getByLabelText('URL base da API Pix')).toHaveValue('https://pix.banco.example/api/v2');
    expect(screen.getByLabelText('URL de token')).toHaveValue('https://pix.banco.example/oauth/token');
    expect(screen.getByLabelText('Client ID')).toHaveValue('cliente-123');
    const secret = screen.getByLabelText('Client secret');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('placeholder', '••••••••3f9a');
    expect(secret).toHaveAccessibleDescription('Valor atual oculto: deixe em branco para manter.');
    expect(screen.getByLabelText('Endereço público deste sistema (webhook)')).toHaveValue(
      'https://cobranca.empresa.com.br',
    );
    expect(screen.getByLabelText('Dias para pagar após o vencimento')).toHaveValue(45);
    expect(screen.getByRole('radio', { name: 'Certificado e chave (PEM)' })).toBeChecked();
    expect(screen.getByText('Certificado salvo: PEM · válido até 10/03/2099')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();

    expect(within(card()).getByText('Conectado')).toBeInTheDocument();
    expect(within(card()).getByText('API Pix de um PSP (Banco Central)')).toBeInTheDocument();
    expect(within(card()).getByText('10/03/2026 10:05')).toBeInTheDocument();
    expect(within(card()).getByText('Token obtido e certificado aceito pelo PSP.')).toBeInTheDocument();
    expect(automatico()).toBe('disponível');
    expect(contaGrupo()).toHaveAccessibleDescription(
      'A conta onde o PSP credita os débitos automáticos das parcelas (exigida pela API Pix para cobranças recorrentes).',
    );
    expect(within(contaGrupo()).getByLabelText('Agência')).toHaveValue('');
    expect(within(contaGrupo()).getByLabelText('Conta')).toHaveValue('');
    expect(screen.getByRole('region', { name: 'Como configurar' })).toHaveTextContent(
      'O certificado do servidor do PSP é sempre verificado',
    );
  });

  it('asks only for the key with the simulator, and saving it keeps the stored PSP settings', async () => {
    const bodies = serve(psp());
    const user = userEvent.setup();
    renderApp('/admin/pix');
    await user.click(await radio(/Simulador \(sem banco\)/));
    for (const label of ['URL base da API Pix', 'URL de token', 'Client ID', 'Client secret'])
      expect(screen.queryByLabelText(label)).toBeNull();
    expect(screen.queryByText(/Certificado salvo/)).toBeNull();
    const chave = screen.getByLabelText('Chave PIX');
    await user.clear(chave);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(chave).toHaveAccessibleDescription('Informe a chave PIX que recebe os pagamentos.');
    expect(bodies).toHaveLength(0);

    await user.type(chave, '+5511999990000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações do PIX salvas.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { provedor: 'simulador', chave: '+5511999990000', validade_apos_vencimento_dias: 45 },
    ]);
  });

  it('saves the PSP settings with a PKCS#12 file sent as base64 and its password', async () => {
    const bodies = serve(simulador());
    const user = userEvent.setup();
    renderApp('/admin/pix');
    await user.click(await radio(/API Pix de um PSP/));
    await user.type(screen.getByLabelText('URL base da API Pix'), 'https://pix.banco.example/api/v2');
    await user.type(screen.getByLabelText('URL de token'), 'https://pix.banco.example/oauth/token');
    await user.type(screen.getByLabelText('Client ID'), 'cliente-123');
    await user.type(screen.getByLabelText('Client secret'), 's3gr3d0');
    await user.click(screen.getByRole('radio', { name: 'Arquivo .p12/.pfx' }));
    // Nothing stored yet: the file is required.
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const arquivo = screen.getByLabelText('Arquivo do certificado (.p12/.pfx)');
    await waitFor(() =>
      expect(arquivo).toHaveAccessibleDescription('Escolha o arquivo .p12/.pfx do certificado.'),
    );
    expect(bodies).toHaveLength(0);

    const bytes = new Uint8Array([0x30, 0x82, 0x01, 0xff, 0x00, 0x7f]);
    await user.upload(arquivo, new File([bytes], 'empresa.pfx', { type: 'application/x-pkcs12' }));
    expect(await screen.findByText('empresa.pfx')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Senha do certificado'), 'senha-do-pfx');
    await user.type(
      screen.getByLabelText('Endereço público deste sistema (webhook)'),
      'https://cobranca.empresa.com.br',
    );
    const dias = screen.getByLabelText('Dias para pagar após o vencimento');
    await user.clear(dias);
    await user.type(dias, '60');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações do PIX salvas.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        provedor: 'api_pix',
        chave: '12345678000195',
        base_url: 'https://pix.banco.example/api/v2',
        token_url: 'https://pix.banco.example/oauth/token',
        client_id: 'cliente-123',
        client_secret: 's3gr3d0',
        pkcs12_base64: btoa(String.fromCharCode(...bytes)),
        pkcs12_senha: 'senha-do-pfx',
        webhook_url: 'https://cobranca.empresa.com.br',
        validade_apos_vencimento_dias: 60,
        conta_recebedor: null,
      },
    ]);
  });

  it('sends the account for PIX Automático, checked before it leaves', async () => {
    const bodies = serve(psp());
    const user = userEvent.setup();
    renderApp('/admin/pix');
    await radio(/API Pix de um PSP/);
    const grupo = within(contaGrupo());
    const agencia = grupo.getByLabelText('Agência');
    const conta = grupo.getByLabelText('Conta');
    await user.type(agencia, '12a');
    await user.type(conta, '12345-6');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(agencia).toHaveAccessibleDescription('A agência tem até 4 dígitos.'));
    expect(tipoConta()).toHaveAccessibleDescription('Escolha o tipo da conta.');
    expect(bodies).toHaveLength(0);

    await user.clear(agencia);
    await user.type(agencia, '0001');
    await user.click(tipoConta());
    await user.click(await screen.findByRole('option', { name: 'Conta poupança' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações do PIX salvas.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        provedor: 'api_pix',
        chave: 'financeiro@empresa.com.br',
        base_url: 'https://pix.banco.example/api/v2',
        token_url: 'https://pix.banco.example/oauth/token',
        client_id: 'cliente-123',
        webhook_url: 'https://cobranca.empresa.com.br',
        validade_apos_vencimento_dias: 45,
        conta_recebedor: { agencia: '0001', conta: '12345-6', tipo_conta: 'POUPANCA' },
      },
    ]);
  });

  it('shows the stored account and sends null once it is emptied', async () => {
    const bodies = serve(
      psp({ conta_recebedor: { agencia: null, conta: '998877', tipo_conta: 'PAGAMENTO' } }),
    );
    const user = userEvent.setup();
    renderApp('/admin/pix');
    await radio(/API Pix de um PSP/);
    const grupo = within(contaGrupo());
    const conta = grupo.getByLabelText('Conta');
    expect(grupo.getByLabelText('Agência')).toHaveValue('');
    expect(conta).toHaveValue('998877');
    expect(tipoConta()).toHaveTextContent('Conta de pagamento');

    await user.clear(conta);
    await user.click(tipoConta());
    await user.click(await screen.findByRole('option', { name: 'Não informado' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações do PIX salvas.')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ conta_recebedor: null });
  });

  it('places a 422 on the account’s field', async () => {
    const bodies = serve(
      psp({ conta_recebedor: { agencia: '0001', conta: '998877', tipo_conta: 'CORRENTE' } }),
      () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { 'conta_recebedor.conta': ['A conta não é do titular da chave PIX.'] },
          },
          { status: 422 },
        ),
    );
    const user = userEvent.setup();
    renderApp('/admin/pix');
    await radio(/API Pix de um PSP/);
    const conta = within(contaGrupo()).getByLabelText('Conta');
    await user.clear(conta);
    await user.type(conta, '112233');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(conta).toHaveAccessibleDescription('A conta não é do titular da chave PIX.'));
    expect(bodies[0]).toMatchObject({
      conta_recebedor: { agencia: '0001', conta: '112233', tipo_conta: 'CORRENTE' },
    });
    expect(useSnackbarStore.getState().message).toBe('Os dados enviados são inválidos.');
  });

  it.each<[string, Partial<PixStatus> & Pick<PixStatus, 'provedor'>, string | null]>([
    ['the simulator', { provedor: 'simulador' }, 'simulado'],
    ['a PSP that offers it', { provedor: 'api_pix', recorrencias: true }, 'disponível'],
    [
      'a PSP that does not',
      {
        provedor: 'api_pix',
        recorrencias: false,
        mensagem:
          'Token obtido e webhook registrado no PSP. O PSP não oferece PIX Automático com estas credenciais (escopos rec.*, cobr.*).',
      },
      'indisponível com estas credenciais',
    ],
    ['a PSP not verified yet', { provedor: 'api_pix', status: 'nao_verificado', recorrencias: null }, null],
  ])('says whether PIX Automático works with %s', async (_caso, extra, esperado) => {
    serve(extra.provedor === 'simulador' ? simulador() : psp({ status: status(extra) }));
    renderApp('/admin/pix');
    await radio(extra.provedor === 'simulador' ? /Simulador/ : /API Pix de um PSP/);
    expect(automatico()).toBe(esperado);
  });

  it('places a 422 beside the certificate password, and what no field takes in the snackbar', async () => {
    const bodies = serve(psp(), () =>
      HttpResponse.json(
        {
          code: 'DADOS_INVALIDOS',
          message: 'Os dados enviados são inválidos.',
          errors: {
            pkcs12_senha: ['Senha do certificado PKCS#12 incorreta.'],
            conta: ['A conta do PSP está bloqueada.'],
          },
        },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/pix');
    await user.click(await radio('Arquivo .p12/.pfx'));
    await user.upload(
      screen.getByLabelText('Arquivo do certificado (.p12/.pfx)'),
      new File([new Uint8Array([1, 2, 3])], 'novo.p12'),
    );
    await screen.findByText('novo.p12');
    const senha = screen.getByLabelText('Senha do certificado');
    await user.type(senha, 'errada');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(senha).toHaveAccessibleDescription('Senha do certificado PKCS#12 incorreta.'));
    expect(bodies[0]).toMatchObject({ pkcs12_base64: 'AQID', pkcs12_senha: 'errada' });
    // The stored secret was left alone: an empty field is not sent.
    expect(bodies[0]).not.toHaveProperty('client_secret');
    expect(useSnackbarStore.getState().message).toBe(
      'Os dados enviados são inválidos.\nconta: A conta do PSP está bloqueada.',
    );
  });

  it('verifies the connection, busy meanwhile, and shows the PSP’s reason', async () => {
    serve(psp());
    let responder: () => void = () => {};
    server.use(
      http.post(`${URL}/verificar`, async () => {
        await new Promise<void>((resolve) => {
          responder = resolve;
        });
        return HttpResponse.json(
          status({
            provedor: 'api_pix',
            status: 'erro',
            mensagem: 'O PSP recusou o certificado: expirado.',
            verificado_em: '2026-03-11T12:00:00.000Z',
            recorrencias: null,
          }),
        );
      }),
    );
    const user = userEvent.setup();
    renderApp('/admin/pix');
    await radio(/API Pix de um PSP/);
    await user.click(within(card()).getByRole('button', { name: 'Verificar conexão' }));
    const botao = within(card()).getByRole('button', { name: 'Verificando…' });
    expect(botao).toBeDisabled();
    responder();
    expect(await within(card()).findByText('Erro')).toBeInTheDocument();
    expect(within(card()).getByText('O PSP recusou o certificado: expirado.')).toBeInTheDocument();
    expect(within(card()).getByText('11/03/2026 09:00')).toBeInTheDocument();
    expect(automatico()).toBeNull();
    expect(within(card()).getByRole('button', { name: 'Verificar conexão' })).toBeEnabled();
    expect(useSnackbarStore.getState().message).toBe(
      'Falha na conexão: O PSP recusou o certificado: expirado.',
    );
  });

  it('shows an expired certificate as expired, in red', async () => {
    serve(psp({ certificado: { formato: 'pkcs12', valido_ate: '2024-01-31T15:00:00.000Z' } }));
    renderApp('/admin/pix');
    expect(await radio('Arquivo .p12/.pfx')).toBeChecked();
    const aviso = screen.getByText(/Certificado salvo: PKCS#12/);
    expect(aviso).toHaveTextContent(
      'Certificado salvo: PKCS#12 (.p12/.pfx) · vencido em 31/01/2024 — envie um novo certificado.',
    );
    expect(aviso).toHaveStyle({ color: theme.palette.error.main });
  });

  it('says so when the settings cannot be loaded', async () => {
    server.use(
      http.get(URL, async () => {
        await delay(10);
        return HttpResponse.json(
          { code: 'ERRO_INTERNO', message: 'Erro interno do servidor.' },
          { status: 500 },
        );
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/admin/pix');
    expect(await screen.findByText('Erro interno do servidor.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });
});
