import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server.ts';
import { ApiError, CONNECTION_ERROR } from './api-client.ts';
import { useSession } from './session.ts';
import { enviarArquivos } from './upload.ts';

const TOKEN = `cob_${'u'.repeat(43)}`;
const user = { id: 3, name: 'Olívia', email: 'olivia@teste.local', role: 'operador' } as const;
const csv = () => new File(['nome;documento\nAna;52998224725\n'], 'clientes.csv', { type: 'text/csv' });

beforeEach(() => useSession.setState({ token: TOKEN, user }));
afterEach(() => vi.unstubAllGlobals());

describe('enviarArquivos (through MSW, which intercepts XMLHttpRequest)', () => {
  it('posts every file under the field with the bearer token and the XHR marker', async () => {
    let recebido: { headers: Headers; conteudos: string[] } | undefined;
    server.use(
      http.post('/api/operador/contas-receber/importar-xml', async ({ request }) => {
        const form = await request.formData();
        const files = form.getAll('arquivo_xml') as File[];
        recebido = { headers: request.headers, conteudos: await Promise.all(files.map((f) => f.text())) };
        return HttpResponse.json({ importacao_id: 7 });
      }),
    );
    const resposta = await enviarArquivos('/operador/contas-receber/importar-xml', 'arquivo_xml', [
      new File(['<NFe>1</NFe>'], 'nota-1.xml'),
      new File(['<NFe>2</NFe>'], 'nota-2.xml'),
    ]);
    expect(resposta).toEqual({ importacao_id: 7 });
    expect(recebido?.conteudos).toEqual(['<NFe>1</NFe>', '<NFe>2</NFe>']);
    expect(recebido?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(recebido?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(recebido?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('reports the upload finished (100%) before the answer arrives', async () => {
    server.use(http.post('/api/up', () => HttpResponse.json({ ok: true })));
    const progresso: number[] = [];
    await enviarArquivos('/up', 'csv_file', [csv()], { onProgress: (p) => progresso.push(p) });
    expect(progresso.at(-1)).toBe(100);
  });

  it('rejects a 422 with the server message and field errors, keeping the session', async () => {
    server.use(
      http.post('/api/up', () =>
        HttpResponse.json(
          {
            code: 'ARQUIVO_INVALIDO',
            message: 'O arquivo enviado é inválido.',
            errors: { csv_file: ['O arquivo não é um CSV.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const error = await enviarArquivos('/up', 'csv_file', [csv()]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      detail: 'O arquivo enviado é inválido.',
      errors: { csv_file: ['O arquivo não é um CSV.'] },
    });
    expect(useSession.getState().token).toBe(TOKEN);
  });

  it('ends the session on a 401', async () => {
    server.use(
      http.post('/api/up', () =>
        HttpResponse.json({ code: 'NAO_AUTENTICADO', message: 'Não autenticado.' }, { status: 401 }),
      ),
    );
    await expect(enviarArquivos('/up', 'csv_file', [csv()])).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBeNull();
  });

  it('turns a network failure into the connection message', async () => {
    server.use(http.post('/api/up', () => HttpResponse.error()));
    await expect(enviarArquivos('/up', 'csv_file', [csv()])).rejects.toEqual(
      new ApiError(0, CONNECTION_ERROR),
    );
  });

  it('rejects at once when the signal is already aborted, sending nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    // No handler: MSW would fail the test on any request.
    await expect(
      enviarArquivos('/up', 'csv_file', [csv()], { signal: controller.signal }),
    ).rejects.toBeDefined();
  });
});

/** Just enough of XMLHttpRequest to drive upload events by hand. */
class FakeXhr {
  static ultima: FakeXhr | undefined;
  readonly upload = new EventTarget();
  readonly events = new EventTarget();
  readonly headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  aborted = false;
  constructor() {
    FakeXhr.ultima = this;
  }
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send() {}
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }
  progresso(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }
  responder(status: number, body: unknown) {
    this.upload.dispatchEvent(new Event('load'));
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

describe('enviarArquivos (stubbed XMLHttpRequest)', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('reports the percentage sent, then 100 while the server processes', async () => {
    const progresso: number[] = [];
    const envio = enviarArquivos('/up', 'csv_file', [csv()], { onProgress: (p) => progresso.push(p) });
    const xhr = FakeXhr.ultima as FakeXhr;
    xhr.progresso(0, 400);
    xhr.progresso(101, 400);
    xhr.progresso(400, 400);
    xhr.responder(200, { ok: 1 });
    await expect(envio).resolves.toEqual({ ok: 1 });
    expect(progresso).toEqual([0, 25, 100, 100]);
    expect(xhr.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      Authorization: `Bearer ${TOKEN}`,
    });
  });

  it('aborts the request when the signal fires', async () => {
    const controller = new AbortController();
    const envio = enviarArquivos('/up', 'csv_file', [csv()], { signal: controller.signal });
    controller.abort();
    await expect(envio).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.ultima?.aborted).toBe(true);
  });
});
