import type { PortalPlano, PortalPlanosResponse } from '@cobranca/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server.ts';
import { rotuloPlano } from './negociar.tsx';
import { comSessao, entrar, falha, pix } from './portal.test-fixtures.tsx';

const parcela = (numero: number, vencimento: string, valor: number) => ({
  numero,
  vencimento,
  valor,
  paga: false,
});

const AVISTA: PortalPlano = {
  parcelas: 1,
  valor_original: 1032.34,
  desconto: 51.62,
  total: 980.72,
  lista: [parcela(1, '2026-11-23', 980.72)],
  debito_automatico_disponivel: false,
  lista_debito_automatico: null,
};
const TRES: PortalPlano = {
  parcelas: 3,
  valor_original: 1032.34,
  desconto: 0,
  total: 1032.34,
  lista: [
    parcela(1, '2026-11-23', 344.12),
    parcela(2, '2026-12-23', 344.11),
    parcela(3, '2027-01-23', 344.11),
  ],
  debito_automatico_disponivel: false,
  lista_debito_automatico: null,
};
const DUAS: PortalPlano = {
  parcelas: 2,
  valor_original: 1032.34,
  desconto: 10,
  total: 1022.34,
  lista: [parcela(1, '2026-11-23', 511.17), parcela(2, '2026-12-23', 511.17)],
  debito_automatico_disponivel: false,
  lista_debito_automatico: null,
};

/** Three instalments that may go by automatic debit: monthly, the remainder on the first. */
const TRES_COM_DEBITO: PortalPlano = {
  ...TRES,
  lista: [
    parcela(1, '2027-01-31', 344.12),
    parcela(2, '2027-03-02', 344.11),
    parcela(3, '2027-04-01', 344.11),
  ],
  debito_automatico_disponivel: true,
  lista_debito_automatico: [
    parcela(1, '2027-01-31', 344.12),
    parcela(2, '2027-02-28', 344.11),
    parcela(3, '2027-03-31', 344.11),
  ],
};

const oferta = (planos: PortalPlano[] = [AVISTA, DUAS, TRES]): PortalPlanosResponse => ({
  planos,
  motivo: null,
});

describe('rotuloPlano', () => {
  it('says every instalment’s amount, as runs of equal ones in order', () => {
    expect(rotuloPlano(AVISTA)).toBe('À vista: R$ 980,72');
    expect(rotuloPlano(DUAS)).toBe('2 parcelas de R$ 511,17');
    expect(rotuloPlano(TRES)).toBe('3 parcelas: 1 de R$ 344,12 e 2 de R$ 344,11');
    const tresDiferentes: PortalPlano = {
      ...TRES,
      lista: [
        parcela(1, '2026-11-23', 806.39),
        parcela(2, '2026-12-23', 806.39),
        parcela(3, '2027-01-23', 806.37),
      ],
    };
    expect(rotuloPlano(tresDiferentes)).toBe('3 parcelas: 2 de R$ 806,39 e 1 de R$ 806,37');
  });
});

describe('portal: negotiate', () => {
  it('choose a plan, see its instalments, confirm, and get the agreement with the first PIX', async () => {
    let pedido: unknown;
    let consultas = 0;
    server.use(
      http.get(
        '/api/portal/planos',
        comSessao(() => HttpResponse.json(oferta())),
      ),
      http.post(
        '/api/portal/acordo',
        comSessao(async (request) => {
          pedido = await request.json();
          return HttpResponse.json({
            acordo: { id: 9, total: TRES.total, parcelas: TRES.lista },
            pix: pix({ valor: 344.12 }),
          });
        }),
      ),
      http.get(
        '/api/portal/pix/:txid',
        comSessao(() => {
          consultas += 1;
          return HttpResponse.json({ pix: pix({ valor: 344.12 }) });
        }),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Negociar' }));

    const grupo = await screen.findByRole('group', { name: 'Escolha como quer pagar' });
    const radios = within(grupo).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    // Each plan: the discount as its headline, every instalment's amount, the first and last dates, the total.
    const rotulos = within(grupo)
      .getAllByRole('radio')
      .map((radio) => radio.closest('.opcao')?.querySelector('label'));
    expect(rotulos.map((label) => [...(label?.children ?? [])].map((span) => span.textContent))).toEqual([
      [
        'R$ 51,62 de desconto',
        'À vista: R$ 980,72',
        'Vence em 23/11/2026',
        'Total R$ 980,72 em vez de R$ 1.032,34',
      ],
      [
        'R$ 10,00 de desconto',
        '2 parcelas de R$ 511,17',
        '1ª em 23/11/2026, última em 23/12/2026',
        'Total R$ 1.022,34 em vez de R$ 1.032,34',
      ],
      [
        '3 parcelas: 1 de R$ 344,12 e 2 de R$ 344,11',
        '1ª em 23/11/2026, última em 23/01/2027',
        'Total R$ 1.032,34',
      ],
    ]);

    await user.click(screen.getByRole('radio', { name: /3 parcelas: 1 de R\$ 344,12 e 2 de R\$ 344,11/ }));
    const parcelas = within(screen.getByRole('region', { name: 'Parcelas do plano escolhido' }));
    expect(parcelas.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '1ª parcela vence em 23/11/2026 R$ 344,12',
      '2ª parcela vence em 23/12/2026 R$ 344,11',
      '3ª parcela vence em 23/01/2027 R$ 344,11',
    ]);

    await user.click(screen.getByRole('button', { name: 'Confirmar acordo' }));
    expect(await screen.findByText('Confirmar acordo de 3 parcelas, total R$ 1.032,34?')).toBeInTheDocument();
    expect(pedido).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Acordo confirmado' })).toBeInTheDocument();
    expect(pedido).toEqual({ parcelas: 3, debito_automatico: false });
    expect(within(screen.getByRole('region', { name: 'Parcelas' })).getAllByRole('listitem')).toHaveLength(3);
    const pagamento = within(screen.getByRole('region', { name: 'Pague a 1ª parcela' }));
    expect(pagamento.getByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
    expect(pagamento.getByText('1ª parcela do acordo').parentElement).toHaveTextContent('R$ 344,12');
    // The agreement's PIX is followed like any other.
    await waitFor(() => expect(consultas).toBeGreaterThan(0));
  });

  it('offers automatic debit only on a plan that may have it; on, the monthly instalments and a PIX that authorises it', async () => {
    let pedido: unknown;
    const COMPOSTO = `${pix().pix_copia_e_cola.slice(0, -8)}80530014br.gov.bcb.pix2531simulador.pix.invalid/v2/rec/ab6304ABCD`;
    const doDebito = pix({ valor: 344.12, pix_copia_e_cola: COMPOSTO, autoriza_debito_automatico: true });
    server.use(
      http.get(
        '/api/portal/planos',
        comSessao(() => HttpResponse.json(oferta([AVISTA, TRES_COM_DEBITO]))),
      ),
      http.post(
        '/api/portal/acordo',
        comSessao(async (request) => {
          pedido = await request.json();
          return HttpResponse.json({
            acordo: { id: 9, total: TRES.total, parcelas: TRES_COM_DEBITO.lista_debito_automatico },
            gerando: true,
            debito_automatico: { status: 'aguardando_aprovacao', pix_copia_e_cola: null },
          });
        }),
      ),
      http.get(
        '/api/portal/acordo/pix',
        comSessao(() =>
          HttpResponse.json({
            pix: doDebito,
            gerando: false,
            debito_automatico: { status: 'aguardando_aprovacao', pix_copia_e_cola: COMPOSTO },
          }),
        ),
      ),
      http.get(
        '/api/portal/pix/:txid',
        comSessao(() => HttpResponse.json({ pix: doDebito })),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Negociar' }));
    const nome = 'Pagar as próximas parcelas por débito automático (PIX Automático)';
    await user.click(await screen.findByRole('radio', { name: /À vista/ }));
    expect(screen.queryByRole('checkbox', { name: nome })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /3 parcelas/ }));
    const debito = screen.getByRole('checkbox', { name: nome });
    expect(debito).not.toBeChecked();
    expect(debito).toHaveAccessibleDescription(
      'Você autoriza uma vez no app do seu banco e as parcelas são debitadas no vencimento. Pode cancelar quando quiser pelo app do banco.',
    );
    const vencimentos = () =>
      within(screen.getByRole('region', { name: 'Parcelas do plano escolhido' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(vencimentos()[1]).toBe('2ª parcela vence em 02/03/2027 R$ 344,11');
    await user.click(debito);
    // The chosen plan, its card and its instalments, as it would be made: monthly.
    expect(screen.getByRole('radio', { name: /3 parcelas/ })).toHaveAccessibleName(
      /1ª em 31\/01\/2027, última em 31\/03\/2027/,
    );
    expect(vencimentos()).toEqual([
      '1ª parcela vence em 31/01/2027 R$ 344,12',
      '2ª parcela vence em 28/02/2027 R$ 344,11',
      '3ª parcela vence em 31/03/2027 R$ 344,11',
    ]);
    // Back to à vista and confirmed: the switch does not go with a plan that cannot have it.
    await user.click(screen.getByRole('radio', { name: /À vista/ }));
    await user.click(screen.getByRole('radio', { name: /3 parcelas/ }));
    expect(screen.getByRole('checkbox', { name: nome })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Confirmar acordo' }));
    expect(
      screen.getByText(/as demais são debitadas no vencimento por débito automático/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Acordo confirmado' })).toBeInTheDocument();
    expect(pedido).toEqual({ parcelas: 3, debito_automatico: true });
    // The panel itself says what its code does: an activation that gave up shows the plain one.
    const pagamento = within(screen.getByRole('region', { name: 'Pague a 1ª parcela' }));
    expect(
      await pagamento.findByText('Este PIX paga a 1ª parcela e autoriza o débito automático das demais.'),
    ).toBeInTheDocument();
    expect(pagamento.getByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
    expect(pagamento.getByRole('textbox', { name: 'PIX copia e cola' })).toHaveValue(COMPOSTO);
  });

  it('a plan chosen with automatic debit that is no longer available sends it without', async () => {
    let pedido: unknown;
    server.use(
      http.get(
        '/api/portal/planos',
        comSessao(() => HttpResponse.json(oferta([AVISTA, TRES_COM_DEBITO]))),
      ),
      http.post(
        '/api/portal/acordo',
        comSessao(async (request) => {
          pedido = await request.json();
          return HttpResponse.json({
            acordo: { id: 9, total: AVISTA.total, parcelas: AVISTA.lista },
            gerando: false,
            debito_automatico: null,
          });
        }),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Negociar' }));
    await user.click(await screen.findByRole('radio', { name: /3 parcelas/ }));
    await user.click(screen.getByRole('checkbox', { name: /débito automático/ }));
    await user.click(screen.getByRole('radio', { name: /À vista/ }));
    await user.click(screen.getByRole('button', { name: 'Confirmar acordo' }));
    expect(screen.queryByText(/débito automático/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('heading', { level: 1, name: 'Acordo confirmado' });
    expect(pedido).toEqual({ parcelas: 1, debito_automatico: false });
  });

  it('"Voltar" on the confirmation returns to the choice without making anything', async () => {
    let pedidos = 0;
    server.use(
      http.get(
        '/api/portal/planos',
        comSessao(() => HttpResponse.json(oferta())),
      ),
      http.post(
        '/api/portal/acordo',
        comSessao(() => {
          pedidos += 1;
          return HttpResponse.json({});
        }),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Negociar' }));
    await user.click(await screen.findByRole('radio', { name: /À vista/ }));
    await user.click(screen.getByRole('button', { name: 'Confirmar acordo' }));
    expect(screen.getByText('Confirmar acordo de 1 parcela, total R$ 980,72?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('radio', { name: /À vista/ })).toBeChecked();
    expect(pedidos).toBe(0);
  });

  it('without a choice "Confirmar acordo" asks for one', async () => {
    server.use(
      http.get(
        '/api/portal/planos',
        comSessao(() => HttpResponse.json(oferta())),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Negociar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar acordo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha um dos planos.');
  });

  it('no PIX from the PSP’s side and nothing being made: the PIX comes by WhatsApp', async () => {
    server.use(
      http.get(
        '/api/portal/planos',
        comSessao(() => HttpResponse.json(oferta([AVISTA]))),
      ),
      http.post(
        '/api/portal/acordo',
        comSessao(() =>
          HttpResponse.json({
            acordo: { id: 9, total: AVISTA.total, parcelas: AVISTA.lista },
            gerando: false,
          }),
        ),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Negociar' }));
    await user.click(await screen.findByRole('radio', { name: /À vista/ }));
    await user.click(screen.getByRole('button', { name: 'Confirmar acordo' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(
      await screen.findByText('O código PIX da primeira parcela será enviado pelo WhatsApp.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR Code do PIX' })).not.toBeInTheDocument();
  });

  it('422: the message, and the plans read again', async () => {
    let leituras = 0;
    server.use(
      http.get(
        '/api/portal/planos',
        comSessao(() => {
          leituras += 1;
          return HttpResponse.json(leituras === 1 ? oferta() : oferta([AVISTA]));
        }),
      ),
      http.post(
        '/api/portal/acordo',
        comSessao(() =>
          falha(422, 'DADOS_INVALIDOS', 'Este plano não está mais disponível. Escolha de novo.'),
        ),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Negociar' }));
    await user.click(await screen.findByRole('radio', { name: /3 parcelas/ }));
    await user.click(screen.getByRole('button', { name: 'Confirmar acordo' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este plano não está mais disponível. Escolha de novo.',
    );
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
    expect(leituras).toBe(2);
    expect(screen.getByRole('radio', { name: /À vista/ })).not.toBeChecked();
  });

  it('no plans: the reason', async () => {
    server.use(
      http.get(
        '/api/portal/planos',
        comSessao(() => HttpResponse.json({ planos: [], motivo: 'Você já tem um acordo em andamento.' })),
      ),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Negociar' }));
    expect(await screen.findByText('Você já tem um acordo em andamento.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
