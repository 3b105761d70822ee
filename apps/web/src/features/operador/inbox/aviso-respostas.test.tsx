import type { ClienteLista, Paged } from '@cobranca/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSnackbarState, useSnackbarStore } from '../../../components/snackbar/snackbar-store.ts';
import { renderApp, resetSession, signInAs, TEST_USERS } from '../../../test/render-app.tsx';
import { quietApi, server } from '../../../test/server.ts';
import { AVISO_STORAGE_KEY, descartarSom, novasRespostas, useAvisoRespostas } from './aviso-respostas.ts';

const linha = (id: number, nome: string, patch: Partial<ClienteLista> = {}): ClienteLista => ({
  id,
  nome,
  documento: '52998224725',
  telefone: null,
  status: 'aguardando_atendimento',
  numero_chamadas: 0,
  total_em_aberto: 0,
  dias_atraso: 0,
  ultima_mensagem: null,
  operador: null,
  aguardando_desde: null,
  ultima_resposta: null,
  recuperado: 0,
  concluido_em: null,
  nao_lidas: 0,
  etiquetas: [],
  ...patch,
});
const resposta = (conteudo: string, created_at: string) => ({ conteudo, created_at });
const paged = (data: ClienteLista[]): Paged<ClienteLista> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: data.length,
});

describe('novasRespostas', () => {
  it('seeds without news, then reports only newer unread replies, once', () => {
    const vistas = new Map<number, string>();
    const maria = linha(1, 'Maria', {
      ultima_resposta: resposta('Oi', '2026-11-20T10:00:00Z'),
      nao_lidas: 1,
    });
    expect(novasRespostas(vistas, [maria], true)).toEqual([]);
    expect(novasRespostas(vistas, [maria], false)).toEqual([]);
    const depois = { ...maria, ultima_resposta: resposta('Paguei', '2026-11-20T10:05:00Z'), nao_lidas: 2 };
    const joao = linha(2, 'João', {
      ultima_resposta: resposta('Bom dia', '2026-11-20T10:06:00Z'),
      nao_lidas: 1,
    });
    // Read elsewhere already (another tab): no notice for it.
    const lida = linha(3, 'Lia', { ultima_resposta: resposta('Ok', '2026-11-20T10:07:00Z'), nao_lidas: 0 });
    expect(novasRespostas(vistas, [depois, joao, lida], false).map((n) => n.nome)).toEqual(['Maria', 'João']);
    expect(novasRespostas(vistas, [depois, joao, lida], false)).toEqual([]);
  });
});

// ── The shell's watcher, with Notification and AudioContext mocked ──────────────────────────────────

let fila: ClienteLista[];
let emAtendimento: ClienteLista[];
let consultasAviso: number;
const notificacoes: { titulo: string; opcoes: NotificationOptions | undefined }[] = [];
const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
const oscilador = {
  start: vi.fn(),
  stop: vi.fn(),
  connect: vi.fn(),
  type: '',
  frequency: { setValueAtTime: vi.fn() },
};

class NotificationFalsa {
  static permission: NotificationPermission = 'default';
  static requestPermission = requestPermission;
  constructor(titulo: string, opcoes?: NotificationOptions) {
    notificacoes.push({ titulo, opcoes });
  }
}
class AudioContextFalso {
  state = 'running';
  currentTime = 0;
  destination = {};
  createOscillator = () => oscilador;
  createGain = () => ({
    gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
    connect: vi.fn(),
  });
  resume = vi.fn();
  close = vi.fn(async () => {});
}

beforeEach(() => {
  resetSession();
  signInAs(TEST_USERS.operador);
  useSnackbarStore.setState(initialSnackbarState);
  useAvisoRespostas.setState({ ligado: false });
  descartarSom();
  notificacoes.length = 0;
  requestPermission.mockClear();
  oscilador.start.mockClear();
  NotificationFalsa.permission = 'default';
  requestPermission.mockImplementation(async () => {
    NotificationFalsa.permission = 'granted';
    return 'granted';
  });
  vi.stubGlobal('Notification', NotificationFalsa);
  vi.stubGlobal('AudioContext', AudioContextFalso);
  fila = [linha(1, 'Maria Souza', { ultima_resposta: resposta('Oi', '2026-11-20T10:00:00Z'), nao_lidas: 1 })];
  emAtendimento = [];
  consultasAviso = 0;
  server.use(
    http.get('/api/operador/clientes/:lista', ({ request, params }) => {
      const url = new URL(request.url);
      if (url.searchParams.get('ordem') === 'ultima_resposta') consultasAviso++;
      if (params.lista === 'aguardando-atendimento') return HttpResponse.json(paged(fila));
      if (params.lista === 'em-atendimento') return HttpResponse.json(paged(emAtendimento));
      return HttpResponse.json(paged([]));
    }),
    quietApi,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const abrir = async () => {
  const app = renderApp('/operador/contas-receber');
  await screen.findByRole('switch', { name: 'Avisar novas respostas' });
  return app;
};
/** What a live event does: the operator area's queries refetch. */
const eventoAoVivo = async (app: Awaited<ReturnType<typeof abrir>>) =>
  act(() => app.queryClient.invalidateQueries({ queryKey: ['operador'] }));

describe('opt-in notices of new replies', () => {
  it('stays off by default: no permission asked, no extra load, nothing shown', async () => {
    const app = await abrir();
    expect(screen.getByRole('switch', { name: 'Avisar novas respostas' })).not.toBeChecked();
    fila = [
      linha(1, 'Maria Souza', { ultima_resposta: resposta('Paguei', '2026-11-20T10:05:00Z'), nao_lidas: 2 }),
    ];
    await eventoAoVivo(app);
    expect(consultasAviso).toBe(0);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(notificacoes).toEqual([]);
  });

  it('asks permission on enabling, keeps the choice, and notifies each new reply once with a sound', async () => {
    const user = userEvent.setup();
    const app = await abrir();
    await user.click(screen.getByRole('switch', { name: 'Avisar novas respostas' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(AVISO_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { ligado: true },
    });
    await waitFor(() => expect(consultasAviso).toBeGreaterThanOrEqual(2));
    // What was already there when it was turned on is not news.
    expect(notificacoes).toEqual([]);

    fila = [
      linha(1, 'Maria Souza', {
        ultima_resposta: resposta('Posso pagar amanhã', '2026-11-20T10:05:00Z'),
        nao_lidas: 2,
      }),
    ];
    emAtendimento = [
      linha(2, 'João Pereira', {
        status: 'em_atendimento',
        ultima_resposta: resposta('Recebi o boleto', '2026-11-20T10:06:00Z'),
        nao_lidas: 1,
      }),
    ];
    await eventoAoVivo(app);
    await waitFor(() => expect(notificacoes).toHaveLength(2));
    expect(notificacoes).toEqual([
      { titulo: 'Nova resposta de Maria Souza', opcoes: { body: 'Posso pagar amanhã', tag: 'resposta-1' } },
      { titulo: 'Nova resposta de João Pereira', opcoes: { body: 'Recebi o boleto', tag: 'resposta-2' } },
    ]);
    expect(oscilador.start).toHaveBeenCalledTimes(1);

    // The same data again (another event, a poll): no duplicates.
    const antes = consultasAviso;
    await eventoAoVivo(app);
    await waitFor(() => expect(consultasAviso).toBeGreaterThan(antes));
    expect(notificacoes).toHaveLength(2);
    expect(oscilador.start).toHaveBeenCalledTimes(1);
  });

  it('still plays the sound when the browser refuses notifications, and says so', async () => {
    requestPermission.mockImplementation(async () => {
      NotificationFalsa.permission = 'denied';
      return 'denied';
    });
    const user = userEvent.setup();
    const app = await abrir();
    await user.click(screen.getByRole('switch', { name: 'Avisar novas respostas' }));
    expect(await screen.findByText(/O navegador bloqueou as notificações/)).toBeInTheDocument();
    await waitFor(() => expect(consultasAviso).toBeGreaterThanOrEqual(2));
    fila = [
      linha(1, 'Maria Souza', {
        ultima_resposta: resposta('Oi de novo', '2026-11-20T11:00:00Z'),
        nao_lidas: 2,
      }),
    ];
    await eventoAoVivo(app);
    await waitFor(() => expect(oscilador.start).toHaveBeenCalledTimes(1));
    expect(notificacoes).toEqual([]);
  });

  it('turns off again, and a stored choice comes back on the next visit', async () => {
    useAvisoRespostas.setState({ ligado: true });
    NotificationFalsa.permission = 'granted';
    const user = userEvent.setup();
    await abrir();
    const toggle = screen.getByRole('switch', { name: 'Avisar novas respostas' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(JSON.parse(localStorage.getItem(AVISO_STORAGE_KEY) ?? '{}')).toMatchObject({
      state: { ligado: false },
    });
  });
});
