import type {
  PortalConta,
  PortalCredor,
  PortalLinkResponse,
  PortalPix,
  PortalResumo,
} from '@cobranca/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { server } from '../test/server.ts';
import { PortalApp } from './portal-app.tsx';

export const TOKEN = 'Zk3p_9xQ-tokenDeTeste2026abcdefg';
export const SESSAO = 'sessao-de-teste-123';
export const DOCUMENTO = '529.982.247-25';

export const CREDOR: PortalCredor = {
  nome: 'Loja Exemplo Ltda',
  documento: '12345678000195',
  contato: '(11) 4000-1234',
};

export const link = (patch: Partial<PortalLinkResponse> = {}): PortalLinkResponse => ({
  situacao: 'ativo',
  credor: CREDOR,
  bloqueado_ate: null,
  ...patch,
});

export const conta = (id: number, patch: Partial<PortalConta> = {}): PortalConta => ({
  id,
  descricao: `NF-e 1234 parcela ${id}`,
  vencimento: '2026-11-01',
  dias_atraso: 19,
  principal: 1000,
  multa: 20,
  juros: 12.34,
  total: 1032.34,
  boleto: null,
  ...patch,
});

export const resumo = (patch: Partial<PortalResumo> = {}): PortalResumo => ({
  credor: CREDOR,
  primeiro_nome: 'Maria',
  contas: [conta(1)],
  total: 1032.34,
  acordo: null,
  aguardando_atendimento: false,
  opt_out_em: null,
  canal_preferido: null,
  canais_disponiveis: ['whatsapp', 'email', 'sms'],
  ...patch,
});

export const TXID = 'TxId0000000000000000000000000001';

export const pix = (patch: Partial<PortalPix> = {}): PortalPix => ({
  txid: TXID,
  valor: 1234.56,
  pix_copia_e_cola:
    '00020101021226830014br.gov.bcb.pix2561pix.example.com/qr/v2/cobv/abc5204000053039865802BR6304ABCD',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>',
  valida_ate: '2026-11-21T02:59:00.000Z',
  status: 'ativa',
  autoriza_debito_automatico: false,
  ...patch,
});

export const falha = (status: number, code: string, message: string, errors?: Record<string, string[]>) =>
  HttpResponse.json(errors ? { code, message, errors } : { code, message }, { status });

const autorizado = (request: Request) => request.headers.get('authorization') === `Bearer ${SESSAO}`;

/** A route of the signed-in customer: 401 without the session, as the API answers. */
export const comSessao =
  <T,>(responder: (request: Request) => T | Promise<T>) =>
  ({ request }: { request: Request }) =>
    autorizado(request) ? responder(request) : falha(401, 'SESSAO_INVALIDA', 'Sessão expirada.');

/** A valid link, the document `DOCUMENTO` accepted, and `lido` as the summary. */
export const ateResumo = (lido: PortalResumo = resumo()) => {
  server.use(
    http.post('/api/portal/link', () => HttpResponse.json(link())),
    http.post('/api/portal/sessao', async ({ request }) => {
      const corpo = (await request.json()) as { token: string; documento: string };
      return corpo.token === TOKEN && corpo.documento === '52998224725'
        ? HttpResponse.json({ sessao: SESSAO, expira_em: '2026-11-20T16:00:00.000Z' })
        : falha(422, 'DOCUMENTO_NAO_CONFERE', 'O documento não confere.', {
            documento: ['O documento não confere. Restam 2 tentativas.'],
          });
    }),
    http.get(
      '/api/portal/resumo',
      comSessao(() => HttpResponse.json(lido)),
    ),
    http.get(
      '/api/portal/comprovantes',
      comSessao(() => HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 })),
    ),
  );
};

/** The page at /p/<TOKEN>, with a PIX checked every 20 ms instead of 3 s. */
export const abrirPortal = () => {
  const user = userEvent.setup();
  render(<PortalApp token={TOKEN} intervaloPix={20} />);
  return user;
};

export const confirmarDocumento = async (user: ReturnType<typeof userEvent.setup>, valor = DOCUMENTO) => {
  await user.type(await screen.findByLabelText('CPF ou CNPJ'), valor);
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
};

/** Opens the page and passes the document check, up to the summary. */
export const entrar = async (lido: PortalResumo = resumo()) => {
  ateResumo(lido);
  const user = abrirPortal();
  await confirmarDocumento(user);
  await screen.findByRole('heading', { level: 1, name: `Olá, ${lido.primeiro_nome}` });
  return user;
};
