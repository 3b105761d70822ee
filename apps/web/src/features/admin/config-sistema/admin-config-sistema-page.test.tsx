import type { SistemaSettings } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

const URL = '/api/admin/configuracoes/sistema';

const settings = (): SistemaSettings => ({
  empresa: {
    nome: 'Empresa Demonstração Ltda',
    documento: '11.222.333/0001-81',
    contato: '(11) 4000-1234, de segunda a sexta, das 9h às 18h',
  },
  pix: { chave: '11222333000181', nome_recebedor: 'EMPRESA DEMO', cidade: 'SAO PAULO' },
  // Out of order on purpose: the screen shows the steps sorted by day.
  regua: [
    { dias: 7, tipo: 'atraso', canais: ['whatsapp', 'email'] },
    { dias: -3, tipo: 'lembrete', canais: ['whatsapp', 'email'] },
    { dias: 0, tipo: 'vencimento', canais: ['whatsapp', 'email'] },
  ],
  janela_envio: {
    dias_uteis: { inicio: '08:00', fim: '20:00' },
    sabado: { inicio: '08:00', fim: '14:00' },
    domingo: null,
    feriados_nacionais: false,
  },
  fuso_horario: 'America/Sao_Paulo',
  tentativas_com_falhas: 3,
  limites_contato: { por_dia: 1, por_semana: 3 },
  vazao_canal_por_segundo: 80,
  desconto_maximo_percentual: 30,
  encargos: { multa_percentual: 2, juros_mensal_percentual: 1 },
  portal: {
    validade_link_dias: 30,
    parcelas_maximas: 6,
    parcela_minima: 50,
    intervalo_dias: 30,
    // Out of order on purpose: the screen shows the tiers by days overdue.
    faixas_desconto: [
      { a_partir_de_dias: 90, encargos_percentual: 100, principal_percentual: 10 },
      { a_partir_de_dias: 0, encargos_percentual: 0, principal_percentual: 0 },
      { a_partir_de_dias: 30, encargos_percentual: 50, principal_percentual: 0 },
    ],
  },
  sessao_horas: 12,
  automacao_ativa: true,
  conciliacao_operadores: false,
  debito_automatico: true,
});

let sent: unknown[];
beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.admin);
  sent = [];
  server.use(
    http.get(URL, () => HttpResponse.json(settings())),
    http.put(URL, async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      return HttpResponse.json(body);
    }),
  );
});

const FAIXAS_ORDENADAS = [
  { a_partir_de_dias: 0, encargos_percentual: 0, principal_percentual: 0 },
  { a_partir_de_dias: 30, encargos_percentual: 50, principal_percentual: 0 },
  { a_partir_de_dias: 90, encargos_percentual: 100, principal_percentual: 10 },
];

const etapa = (n: number) => screen.getByRole('group', { name: `Etapa ${n}` });
const diasOf = (n: number) => within(etapa(n)).getByRole<HTMLInputElement>('spinbutton', { name: 'Dias' });
const tipoOf = (n: number) => within(etapa(n)).getByRole('combobox', { name: 'Mensagem' });
const portal = () => within(screen.getByRole('region', { name: 'Portal do cliente' }));
const faixa = (n: number) => portal().getByRole('group', { name: `Faixa ${n}` });
const campoDaFaixa = (n: number, label: string) =>
  within(faixa(n)).getByRole<HTMLInputElement>('spinbutton', { name: label });
const faixasNaTela = () =>
  portal()
    .getAllByRole('group', { name: /^Faixa \d+$/ })
    .map((grupo) =>
      within(grupo)
        .getAllByRole<HTMLInputElement>('spinbutton')
        .map((campo) => campo.valueAsNumber),
    );
const replace = async (user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) => {
  await user.clear(input);
  await user.type(input, text);
};
// The first render also loads the admin area's chunk, hence the longer wait.
const ready = () => screen.findByLabelText('Nome da empresa');

describe('AdminConfigSistemaPage', () => {
  it('fills the form from the API, with the régua sorted by day', async () => {
    renderApp('/admin/config-sistema');
    expect(await ready()).toHaveValue('Empresa Demonstração Ltda');
    expect(screen.getByLabelText('CNPJ/CPF da empresa')).toHaveValue('11.222.333/0001-81');
    expect(screen.getByLabelText('Chave PIX')).toHaveValue('11222333000181');
    expect([1, 2, 3].map((n) => diasOf(n).valueAsNumber)).toEqual([-3, 0, 7]);
    expect([1, 2, 3].map((n) => tipoOf(n).textContent)).toEqual(['Lembrete', 'Vencimento', 'Atraso']);
    expect(diasOf(1)).toHaveAccessibleDescription('negativo = antes do vencimento');
    expect(screen.getByLabelText('Início (dias úteis)')).toHaveValue('08:00');
    expect(screen.getByRole('switch', { name: 'Enviar aos sábados' })).toBeChecked();
    expect(screen.getByLabelText('Fim (sábado)')).toHaveValue('14:00');
    expect(screen.getByRole('switch', { name: 'Enviar aos domingos' })).not.toBeChecked();
    expect(screen.queryByLabelText('Início (domingo)')).toBeNull();
    expect(screen.getByLabelText('Mensagens por cliente por semana')).toHaveValue(3);
    expect(screen.getByRole('switch', { name: 'Envio automático ativo' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('adds and removes régua steps and sends the whole settings object', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    await user.click(screen.getByRole('button', { name: 'Remover etapa 2' }));
    expect(screen.queryByRole('group', { name: 'Etapa 3' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Adicionar etapa' }));
    expect(diasOf(3)).toHaveValue(8);
    await user.click(tipoOf(3));
    await user.click(await screen.findByRole('option', { name: 'Negociação' }));
    await user.click(screen.getByRole('switch', { name: 'Enviar aos sábados' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        ...settings(),
        regua: [
          { dias: -3, tipo: 'lembrete', canais: ['whatsapp', 'email'] },
          { dias: 7, tipo: 'atraso', canais: ['whatsapp', 'email'] },
          { dias: 8, tipo: 'negociacao', canais: ['whatsapp', 'email'] },
        ],
        janela_envio: { ...settings().janela_envio, sabado: null },
        portal: { ...settings().portal, faixas_desconto: FAIXAS_ORDENADAS },
      },
    ]);
  });

  it('orders each step’s channels, adds SMS, and never leaves a step without one', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    const etapa = within(
      screen.getByRole('group', { name: 'Canais da etapa 1, na ordem em que são tentados' }),
    );
    expect(etapa.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      '1º WhatsApp',
      '2º E-mail',
      'SMS',
    ]);
    await user.click(etapa.getByRole('button', { name: 'Tentar E-mail antes na etapa 1' }));
    await user.click(etapa.getByRole('checkbox', { name: 'SMS' }));
    expect(etapa.getByRole('checkbox', { name: '3º SMS' })).toBeChecked();
    await user.click(etapa.getByRole('checkbox', { name: '2º WhatsApp' }));
    await user.click(etapa.getByRole('checkbox', { name: '2º SMS' }));
    // The one left cannot be unchecked.
    expect(etapa.getByRole('checkbox', { name: '1º E-mail' })).toBeDisabled();
    await user.click(etapa.getByRole('checkbox', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
    expect((sent[0] as SistemaSettings).regua[0]).toEqual({
      dias: -3,
      tipo: 'lembrete',
      canais: ['email', 'sms'],
    });
  });

  it('takes the sending window as 24-hour HH:MM text and sends it', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    const inicio = screen.getByLabelText('Início (dias úteis)');
    expect(inicio).toHaveAttribute('type', 'text');
    await user.clear(inicio);
    await user.type(inicio, '0730');
    await user.clear(screen.getByLabelText('Fim (sábado)'));
    await user.type(screen.getByLabelText('Fim (sábado)'), '1815');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      janela_envio: {
        dias_uteis: { inicio: '07:30', fim: '20:00' },
        sabado: { inicio: '08:00', fim: '18:15' },
      },
    });
  });

  it('refuses an incomplete time with the 24-hour rule and sends nothing', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    const fim = screen.getByLabelText('Fim (dias úteis)');
    await user.clear(fim);
    await user.type(fim, '9');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(fim).toHaveAccessibleDescription('Informe um horário de 00:00 a 23:59 (24 horas).'),
    );
    expect(sent).toEqual([]);
  });

  it('moves an edited step to its place by day', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    await user.clear(diasOf(3));
    await user.type(diasOf(3), '-5');
    await user.tab();
    expect([1, 2, 3].map((n) => diasOf(n).valueAsNumber)).toEqual([-5, -3, 0]);
    expect(tipoOf(1)).toHaveTextContent('Atraso');
  });

  it('shows the server’s 422 for regua.1.dias beside that row', async () => {
    server.use(
      http.put(URL, () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: { 'regua.1.dias': ['Já existe uma etapa neste dia.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    await user.click(screen.getByRole('switch', { name: 'Envio automático ativo' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(diasOf(2)).toHaveAccessibleDescription('Já existe uma etapa neste dia.'));
    expect(diasOf(2)).toHaveAttribute('aria-invalid', 'true');
    expect(diasOf(1)).toHaveAccessibleDescription('negativo = antes do vencimento');
    expect(await screen.findByText('Os dados enviados são inválidos.')).toBeInTheDocument();
  });

  it('checks the fields with the shared schema before sending', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    await user.clear(diasOf(3));
    await user.type(diasOf(3), '200');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(diasOf(3)).toHaveAccessibleDescription('No máximo 180 dias depois.'));
    await user.clear(screen.getByLabelText('Duração da sessão (horas)'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe um número.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses a multa above 2 % with the legal reason, and sends the encargos', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    const multa = screen.getByLabelText('Multa por atraso (%)');
    expect(multa).toHaveValue(2);
    expect(screen.getByLabelText('Juros de mora (% ao mês)')).toHaveValue(1);
    await user.clear(multa);
    await user.type(multa, '2.5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A multa por atraso é limitada a 2% (CDC, art. 52, § 1º).')).toBeVisible();
    expect(sent).toHaveLength(0);
    await user.clear(multa);
    await user.type(multa, '1.5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ encargos: { multa_percentual: 1.5, juros_mensal_percentual: 1 } });
  });

  it('shows the customers’ contact and the portal policy, its tiers sorted by days overdue', async () => {
    renderApp('/admin/config-sistema');
    await ready();
    const contato = screen.getByLabelText('Contato para clientes');
    expect(contato).toHaveValue('(11) 4000-1234, de segunda a sexta, das 9h às 18h');
    expect(contato).toHaveAccessibleDescription(
      'Telefone, e-mail ou horário de atendimento; aparece no portal do cliente.',
    );
    const secao = portal();
    expect(secao.getByLabelText('Validade do link (dias)')).toHaveValue(30);
    expect(secao.getByLabelText('Máximo de parcelas')).toHaveValue(6);
    expect(secao.getByLabelText('Parcela mínima (R$)')).toHaveValue(50);
    expect(secao.getByLabelText('Intervalo entre parcelas (dias)')).toHaveValue(30);
    expect(faixasNaTela()).toEqual(FAIXAS_ORDENADAS.map(Object.values));
    expect(secao.getByText(/do pagamento à vista até o máximo de parcelas/)).toBeInTheDocument();
    expect(
      secao.getByText(/O desconto de cada conta segue a faixa dos seus dias de atraso/),
    ).toBeInTheDocument();
  });

  it('edits the portal policy and its tiers and sends them with the rest', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    const contato = screen.getByLabelText('Contato para clientes');
    await user.clear(contato);
    await user.type(contato, 'atendimento@empresa.com.br');
    const secao = portal();
    await replace(user, secao.getByLabelText('Máximo de parcelas'), '12');
    await replace(user, secao.getByLabelText('Parcela mínima (R$)'), '25.5');
    await user.click(secao.getByRole('button', { name: 'Remover faixa 2' }));
    await user.click(secao.getByRole('button', { name: 'Adicionar faixa' }));
    // A new tier starts 30 days after the last one, with its discounts.
    expect(faixasNaTela()).toEqual([
      [0, 0, 0],
      [90, 100, 10],
      [120, 100, 10],
    ]);
    await replace(user, campoDaFaixa(3, 'Desconto máximo no principal (%)'), '20.5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Configurações salvas.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      empresa: { ...settings().empresa, contato: 'atendimento@empresa.com.br' },
      portal: {
        validade_link_dias: 30,
        parcelas_maximas: 12,
        parcela_minima: 25.5,
        intervalo_dias: 30,
        faixas_desconto: [
          { a_partir_de_dias: 0, encargos_percentual: 0, principal_percentual: 0 },
          { a_partir_de_dias: 90, encargos_percentual: 100, principal_percentual: 10 },
          { a_partir_de_dias: 120, encargos_percentual: 100, principal_percentual: 20.5 },
        ],
      },
    });
  });

  it('keeps at least one tier', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    const secao = portal();
    await user.click(secao.getByRole('button', { name: 'Remover faixa 3' }));
    await user.click(secao.getByRole('button', { name: 'Remover faixa 2' }));
    expect(faixasNaTela()).toEqual([[0, 0, 0]]);
    expect(secao.getByRole('button', { name: 'Remover faixa 1' })).toBeDisabled();
  });

  it('checks the portal policy with the shared schema, each message beside its field', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    const secao = portal();
    await replace(user, secao.getByLabelText('Validade do link (dias)'), '91');
    await replace(user, secao.getByLabelText('Máximo de parcelas'), '25');
    await replace(user, secao.getByLabelText('Parcela mínima (R$)'), '0.5');
    await replace(user, secao.getByLabelText('Intervalo entre parcelas (dias)'), '6');
    await replace(user, campoDaFaixa(2, 'Desconto máximo nos encargos (%)'), '150');
    await replace(user, campoDaFaixa(3, 'Desconto máximo no principal (%)'), '10.555');
    await replace(user, campoDaFaixa(3, 'A partir de (dias de atraso)'), '-1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(secao.getByLabelText('Validade do link (dias)')).toHaveAccessibleDescription(
        'Use de 1 a 90 dias.',
      ),
    );
    expect(secao.getByLabelText('Máximo de parcelas')).toHaveAccessibleDescription('Use de 1 a 24 parcelas.');
    expect(secao.getByLabelText('Parcela mínima (R$)')).toHaveAccessibleDescription(
      'A parcela mínima deve ser de pelo menos R$ 1,00.',
    );
    expect(secao.getByLabelText('Intervalo entre parcelas (dias)')).toHaveAccessibleDescription(
      'Use de 7 a 60 dias.',
    );
    expect(campoDaFaixa(2, 'Desconto máximo nos encargos (%)')).toHaveAccessibleDescription(
      'Use de 0 a 100%.',
    );
    expect(campoDaFaixa(2, 'Desconto máximo nos encargos (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(campoDaFaixa(2, 'Desconto máximo no principal (%)')).toHaveAttribute('aria-invalid', 'false');
    expect(campoDaFaixa(3, 'Desconto máximo no principal (%)')).toHaveAccessibleDescription(
      'Use no máximo duas casas decimais.',
    );
    expect(campoDaFaixa(3, 'A partir de (dias de atraso)')).toHaveAccessibleDescription(
      'Use 0 ou mais dias.',
    );
    expect(sent).toEqual([]);
  });

  it('refuses two tiers starting on the same day, above the tiers', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    await replace(user, campoDaFaixa(3, 'A partir de (dias de atraso)'), '30');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(
      await portal().findByText('Cada faixa deve começar em um número de dias diferente.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    await replace(user, campoDaFaixa(3, 'A partir de (dias de atraso)'), '60');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(portal().queryByText('Cada faixa deve começar em um número de dias diferente.')).toBeNull();
    expect(sent[0]).toMatchObject({
      portal: {
        faixas_desconto: [
          FAIXAS_ORDENADAS[0],
          FAIXAS_ORDENADAS[1],
          { ...FAIXAS_ORDENADAS[2], a_partir_de_dias: 60 },
        ],
      },
    });
  });

  it('shows the server’s 422 for a tier’s field beside it', async () => {
    server.use(
      http.put(URL, () =>
        HttpResponse.json(
          {
            code: 'DADOS_INVALIDOS',
            message: 'Os dados enviados são inválidos.',
            errors: {
              'portal.faixas_desconto.1.principal_percentual': ['Acima do permitido pela política.'],
            },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    await ready();
    await replace(user, portal().getByLabelText('Máximo de parcelas'), '3');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(campoDaFaixa(2, 'Desconto máximo no principal (%)')).toHaveAccessibleDescription(
        'Acima do permitido pela política.',
      ),
    );
    expect(await screen.findByText('Os dados enviados são inválidos.')).toBeInTheDocument();
  });

  it('discards the changes after confirmation', async () => {
    const user = userEvent.setup();
    renderApp('/admin/config-sistema');
    const nome = await ready();
    await user.clear(nome);
    await user.type(nome, 'Outra Empresa');
    await user.click(screen.getByRole('button', { name: 'Descartar alterações' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descartar alterações?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(nome).toHaveValue('Outra Empresa');
    await user.click(screen.getByRole('button', { name: 'Descartar alterações' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(nome).toHaveValue('Empresa Demonstração Ltda'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });
});
