import type {
  CanalCliente,
  CanalOperador,
  ClienteDetalhe,
  CobrancasPixResponse,
  ComprovanteView,
  ContaReceber,
  DebitoAutomaticoDisponibilidade,
  JanelaEnvio,
  MensagemView,
} from '@cobranca/contracts';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { vi } from 'vitest';
import { initialSnackbarState, useSnackbarStore } from '../../../components/snackbar/snackbar-store.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';

/** 20/11/2026 12:00 in São Paulo: "today" of every workspace test. */
export const AGORA = new Date('2026-11-20T15:00:00.000Z');

export const conta = (id: number, patch: Partial<ContaReceber> = {}): ContaReceber => ({
  id,
  cliente_id: 7,
  origem: 'nfe',
  chave_nfe: null,
  numero_parcela: `00${id}`,
  descricao: `NF-e 1234 parcela ${id}`,
  valor: 50,
  valor_pago: 0,
  saldo: 50,
  multa: 0,
  juros: 0,
  valor_atualizado: 50,
  vencimento: '2026-11-01',
  status: 'aberta',
  pago_em: null,
  dias_atraso: 19,
  negociacao_id: null,
  banco: null,
  nosso_numero: null,
  linha_digitavel: null,
  codigo_barras: null,
  ...patch,
});

/** A customer's channel that can be used (patch it for an opt-out, a bounce or a missing address). */
export const canalCliente = (
  canal: CanalCliente['canal'],
  endereco: string | null,
  patch: Partial<CanalCliente> = {},
): CanalCliente => ({
  canal,
  disponivel: true,
  endereco,
  opt_out_em: null,
  devolvido_em: null,
  motivo: null,
  ...patch,
});

export const clienteDetalhe = (patch: Partial<ClienteDetalhe> = {}): ClienteDetalhe => ({
  id: 7,
  nome: 'Maria da Silva Souza',
  documento: '52998224725',
  documento_tipo: 'cpf',
  telefone: '+5511987654321',
  email: 'maria@example.com',
  canal_preferido: null,
  canais: [
    canalCliente('whatsapp', '+5511987654321'),
    canalCliente('email', 'maria@example.com'),
    canalCliente('sms', '+5511987654321'),
  ],
  status: 'em_atendimento',
  numero_chamadas: 1,
  total_em_aberto: 100,
  dias_atraso: 19,
  ultima_mensagem: null,
  operador: { id: 3, name: 'Olívia Operadora Santos' },
  aguardando_desde: null,
  pausa_motivo: null,
  opt_out: null,
  portal: { valido_ate: null, revogado_em: null },
  base_legal: 'execucao_contrato',
  origem_contato: 'nfe',
  contas: [
    conta(1, { descricao: 'NF-e 1234 parcela 1', valor: 60, valor_pago: 10, saldo: 50 }),
    conta(2, { descricao: 'NF-e 1234 parcela 2', vencimento: '2026-11-10', dias_atraso: 10 }),
    conta(3, { descricao: 'NF-e 999 quitada', status: 'paga', saldo: 0, valor_pago: 50, dias_atraso: 0 }),
  ],
  negociacoes: [],
  pagamentos: [],
  promessas: [],
  chamadas: [],
  pix_recebidos: [],
  etiquetas: [],
  ...patch,
});

export const mensagem = (id: number, patch: Partial<MensagemView> = {}): MensagemView => ({
  id,
  direcao: 'saida',
  origem: 'operador',
  status: 'entregue',
  canal: 'whatsapp',
  assunto: null,
  conteudo: `Mensagem ${id}`,
  autor: { id: 3, name: 'Olívia Operadora Santos' },
  created_at: `2026-11-19T1${id}:00:00.000Z`,
  enviada_em: null,
  entregue_em: null,
  lida_em: null,
  erro: null,
  proxima_tentativa_em: null,
  ...patch,
});

export type Chamada = { method: string; path: string; body: unknown };

export const SIMULADOR: CanalOperador = { provedor: 'simulador', simulador: true };
export const WHATSAPP_CLOUD: CanalOperador = { provedor: 'whatsapp_cloud', simulador: false };

/**
 * Signs in the operator, serves `cliente`, an empty thread, no PIX charges and the simulator channel (change
 * `estado.canal` before opening the page for another), and records every write.
 */
export const JANELA_ABERTA: JanelaEnvio = {
  aberta: true,
  automacao_ligada: true,
  abre_em: null,
  fecha_em: '2026-11-20T23:00:00.000Z',
  fuso_horario: 'America/Sao_Paulo',
};

export const setupWorkspace = (
  cliente: ClienteDetalhe = clienteDetalhe(),
  mensagens: MensagemView[] = [],
) => {
  resetSession();
  signInAs(TEST_USERS.operador);
  useSnackbarStore.setState(initialSnackbarState);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(AGORA);
  const estado = {
    cliente,
    mensagens,
    canal: SIMULADOR,
    janela: JANELA_ABERTA as JanelaEnvio,
    pix: { provedor: 'simulador', cobrancas: [] } as CobrancasPixResponse,
    comprovantes: [] as ComprovanteView[],
    debito: { disponivel: true, motivo: null } as DebitoAutomaticoDisponibilidade,
    writes: [] as Chamada[],
    detalheLoads: 0,
    mensagensLoads: 0,
    badgeLoads: 0,
  };
  const badge = () => {
    estado.badgeLoads++;
    return HttpResponse.json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 });
  };
  server.use(
    http.get('/api/operador/clientes/ativos', badge),
    http.get('/api/operador/clientes/aguardando-atendimento', badge),
    http.get('/api/operador/clientes/:id', () => {
      estado.detalheLoads++;
      return HttpResponse.json(estado.cliente);
    }),
    http.get('/api/operador/clientes/:id/mensagens', () => {
      estado.mensagensLoads++;
      return HttpResponse.json(estado.mensagens);
    }),
    http.get('/api/operador/canal', () => HttpResponse.json(estado.canal)),
    http.get('/api/operador/debito-automatico', () => HttpResponse.json(estado.debito)),
    http.get('/api/operador/janela-envio', () => HttpResponse.json(estado.janela)),
    http.get('/api/operador/clientes/:id/cobrancas-pix', () => HttpResponse.json(estado.pix)),
    http.get('/api/operador/clientes/:id/comprovantes', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const data = estado.comprovantes
        .slice((page - 1) * 20, page * 20)
        .map(({ id, valor, forma, data, horario }) => ({ id, valor, forma, data, horario }));
      const total = estado.comprovantes.length;
      return HttpResponse.json({
        data,
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / 20)),
        per_page: 20,
        total,
      });
    }),
    http.get('/api/operador/clientes/:id/comprovantes/:pagamentoId', ({ params }) => {
      const achado = estado.comprovantes.find((c) => c.id === Number(params.pagamentoId));
      return achado
        ? HttpResponse.json(achado)
        : HttpResponse.json(
            { code: 'COMPROVANTE_NAO_ENCONTRADO', message: 'Comprovante não encontrado.' },
            { status: 404 },
          );
    }),
  );
  return estado;
};

/** Records a write and answers `{cliente, ...extra}` with the given customer. */
export const answerWith =
  (estado: { writes: Chamada[]; cliente: ClienteDetalhe }, next: ClienteDetalhe, extra: object = {}) =>
  async ({ request }: { request: Request }) => {
    const text = await request.text();
    estado.writes.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
    });
    estado.cliente = next;
    return HttpResponse.json({ cliente: next, ...extra });
  };

/** Opens the workspace and waits for the customer's name. */
export const openWorkspace = async (id = 7) => {
  const app = renderApp(`/operador/clientes/${id}`);
  await screen.findByRole('heading', { level: 2, name: 'Maria da Silva Souza' });
  return app;
};
