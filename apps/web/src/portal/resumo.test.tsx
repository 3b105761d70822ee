import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/server.ts';
import { diaDoInstante } from './formato.ts';
import { conta, entrar, falha, resumo, SESSAO } from './portal.test-fixtures.tsx';

const contaDe = (descricao: string) => {
  const titulo = screen.getByRole('heading', { level: 3, name: descricao });
  const item = titulo.closest('li');
  if (!item) throw new Error(`sem item para ${descricao}`);
  return within(item);
};

describe('portal: the summary', () => {
  it('greets and lists each debt with its amounts in reais, days overdue in pt-BR plurals', async () => {
    await entrar(
      resumo({
        contas: [
          conta(1, {
            descricao: 'Mensalidade outubro',
            vencimento: '2026-10-01',
            dias_atraso: 50,
            principal: 1234.56,
            multa: 24.69,
            juros: 20.58,
            total: 1279.83,
          }),
          conta(2, {
            descricao: 'Mensalidade novembro',
            vencimento: '2026-11-19',
            dias_atraso: 1,
            principal: 100,
            multa: 2,
            juros: 0.03,
            total: 102.03,
          }),
          conta(3, {
            descricao: 'Mensalidade dezembro',
            vencimento: '2026-12-01',
            dias_atraso: 0,
            principal: 100,
            multa: 0,
            juros: 0,
            total: 100,
          }),
        ],
        total: 1481.86,
      }),
    );
    const outubro = contaDe('Mensalidade outubro');
    expect(outubro.getByText(/Vencimento 01\/10\/2026/)).toHaveTextContent(
      'Vencimento 01/10/2026 (vencida há 50 dias)',
    );
    expect(outubro.getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(outubro.getByText('R$ 24,69')).toBeInTheDocument();
    expect(outubro.getByText('R$ 20,58')).toBeInTheDocument();
    expect(outubro.getByText('Valor atualizado').nextElementSibling).toHaveTextContent('R$ 1.279,83');

    expect(contaDe('Mensalidade novembro').getByText(/Vencimento/)).toHaveTextContent(
      'Vencimento 19/11/2026 (vencida há 1 dia)',
    );
    expect(contaDe('Mensalidade dezembro').getByText(/Vencimento/)).toHaveTextContent(
      /^Vencimento 01\/12\/2026$/,
    );

    expect(screen.getByText('Total atualizado').parentElement).toHaveTextContent(
      'Total atualizado R$ 1.481,86',
    );
    expect(screen.getByRole('button', { name: 'Pagar com PIX' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Negociar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Falar com um atendente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Não quero mais receber mensagens' })).toBeInTheDocument();
    expect(screen.queryByText('Você não tem débitos em aberto. Obrigado!')).not.toBeInTheDocument();
  });

  it('nothing open and no agreement: thanks, no pay or negotiate', async () => {
    await entrar(resumo({ contas: [], total: 0 }));
    expect(screen.getByText('Você não tem débitos em aberto. Obrigado!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar com PIX' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Negociar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Falar com um atendente' })).toBeInTheDocument();
  });

  it('an agreement: its instalments, paid ones marked, and no "Negociar"', async () => {
    await entrar(
      resumo({
        contas: [],
        total: 0,
        acordo: {
          id: 4,
          parcelas: [
            { numero: 1, vencimento: '2026-11-10', valor: 350.5, paga: true },
            { numero: 2, vencimento: '2026-12-10', valor: 350.25, paga: false },
            { numero: 3, vencimento: '2027-01-10', valor: 350.25, paga: false },
          ],
        },
      }),
    );
    const acordo = within(screen.getByRole('region', { name: 'Seu acordo' }));
    const itens = acordo.getAllByRole('listitem');
    expect(itens).toHaveLength(3);
    expect(itens[0]).toHaveTextContent('1ª parcela vence em 10/11/2026 R$ 350,50 Paga');
    expect(itens[1]).toHaveTextContent('2ª parcela vence em 10/12/2026 R$ 350,25 Em aberto');
    expect(acordo.getByText(/Próxima parcela/)).toHaveTextContent(
      'Próxima parcela: 2ª, R$ 350,25, vencimento 10/12/2026.',
    );
    expect(screen.getByRole('button', { name: 'Pagar com PIX' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Negociar' })).not.toBeInTheDocument();
    expect(screen.queryByText('Você não tem débitos em aberto. Obrigado!')).not.toBeInTheDocument();
  });

  it('notes: waiting for a person, and opted out (the opt-out action hidden)', async () => {
    const optOut = '2026-11-02T13:10:00.000Z';
    await entrar(resumo({ aguardando_atendimento: true, opt_out_em: optOut }));
    expect(screen.getByText('Um atendente vai falar com você em breve.')).toBeInTheDocument();
    const d = new Date(optOut);
    const dia = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
    expect(dia).toBe(diaDoInstante(optOut));
    expect(
      screen.getByText(`Você não recebe mais mensagens de cobrança (desde ${dia}).`),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Não quero mais receber mensagens' }),
    ).not.toBeInTheDocument();
  });

  it('a session that expired after the check: back to the document with a note', async () => {
    let resumos = 0;
    const user = await entrar();
    server.use(
      http.get('/api/portal/resumo', () => {
        resumos += 1;
        return falha(401, 'SESSAO_INVALIDA', 'Sessão expirada.');
      }),
      http.get('/api/portal/planos', () => falha(401, 'SESSAO_INVALIDA', 'Sessão expirada.')),
    );
    await user.click(screen.getByRole('button', { name: 'Negociar' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Para sua segurança, confirme seu CPF ou CNPJ' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sua sessão expirou. Confirme seu documento de novo.')).toBeInTheDocument();
    expect(screen.queryByText(/SESSAO_INVALIDA|Sessão expirada\./)).not.toBeInTheDocument();
    expect(resumos).toBe(0);
  });

  it('sends the session as a bearer token and keeps it out of storage', async () => {
    let autorizacao: string | null = null;
    server.use(
      http.get('/api/portal/planos', ({ request }) => {
        autorizacao = request.headers.get('authorization');
        return HttpResponse.json({ planos: [], motivo: 'Nada a negociar.' });
      }),
    );
    const user = await entrar();
    await user.click(screen.getByRole('button', { name: 'Negociar' }));
    expect(await screen.findByText('Nada a negociar.')).toBeInTheDocument();
    expect(autorizacao).toBe(`Bearer ${SESSAO}`);
    expect(JSON.stringify({ ...localStorage })).not.toContain(SESSAO);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(SESSAO);
  });

  it("offers a debt's boleto: its barcode and the linha digitável to copy", async () => {
    const svg = '<svg viewBox="0 0 810 75" xmlns="http://www.w3.org/2000/svg"><path d="M1 75L1 0"/></svg>';
    const linha = '34191.09008 00000.112342 01234.560009 8 16450000035000';
    const user = await entrar(
      resumo({
        contas: [
          conta(1, { descricao: 'Duplicata 1', boleto: { linha_digitavel: linha, codigo_barras_svg: svg } }),
          conta(2),
        ],
      }),
    );
    const duplicata = contaDe('Duplicata 1');
    expect(duplicata.getByRole('img', { name: 'Código de barras do boleto' })).toHaveAttribute(
      'src',
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
    );
    expect(duplicata.getByLabelText('Boleto: linha digitável')).toHaveValue(linha);
    await user.click(duplicata.getByRole('button', { name: 'Copiar linha digitável' }));
    expect(await navigator.clipboard.readText()).toBe(linha);
    expect(await duplicata.findByText('Linha digitável copiada')).toBeInTheDocument();
    expect(contaDe('NF-e 1234 parcela 2').queryByLabelText('Boleto: linha digitável')).toBeNull();
  });
});
