import type { ClienteDetalhe, MensagemView, SaidaSimulada } from '@cobranca/contracts';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
  type TestUser,
} from '../../../test/build-test-app.ts';
import { auditLogs, clientes, emailsSimulados, mensagens } from '../../db/schema/index.ts';
import { inserirCliente } from '../clientes/clientes.test-fixtures.ts';
import { configurarUrlPublica } from '../links-portal/links.ts';
import { descadastrarDoCanal } from './opt-out-canal.ts';

// The operator's side of the channels (docs/produto.md §12): each channel's state and the preferred one in
// the workspace, a message through the channel chosen (or the conversation's), and the admin's simulator
// outbox where e-mails and SMS "sent" can be answered, bounced or reported.

let t: TestApp;
let ana: TestUser;
let token: string;
let tokenOutra: string;
let tokenAdmin: string;

beforeAll(async () => {
  configurarUrlPublica('https://cobranca.exemplo.com.br');
  t = await buildTestApp();
  ana = await createTestUser(t.database, 'operador', { name: 'Ana Operadora' });
  token = await issueToken(t.database, ana.id);
  tokenOutra = await issueToken(t.database, (await createTestUser(t.database, 'operador')).id);
  tokenAdmin = await issueToken(t.database, (await createTestUser(t.database, 'admin')).id);
});
afterAll(() => t.close());

const novoCliente = (extra: Parameters<typeof inserirCliente>[1] extends infer N ? Partial<N> : never = {}) =>
  inserirCliente(t.database.db, {
    nome: 'Helena Canais',
    status: 'em_atendimento',
    operadorId: ana.id,
    email: 'helena@cliente.example',
    ...extra,
  });

const detalhe = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/operador/clientes/${id}`, headers: bearer(token) })
  ).json<ClienteDetalhe>();

const enviar = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/operador/clientes/${id}/mensagens`,
    headers: bearer(token),
    payload,
  });

describe("the customer's channels in the workspace", () => {
  it("shows each channel's state: available, opted out with its date, without an address", async () => {
    const id = await novoCliente({ telefone: null });
    const em = new Date('2026-03-12T12:00:00Z');
    await t.database.db.transaction((tx) =>
      descadastrarDoCanal(tx, { clienteId: id, canal: 'email', origem: 'reclamacao', prova: {}, agora: em }),
    );
    const c = await detalhe(id);
    expect(c.canal_preferido).toBeNull();
    expect(c.canais.map((x) => [x.canal, x.disponivel, x.opt_out_em])).toEqual([
      ['whatsapp', false, null],
      ['email', false, em.toISOString()],
      ['sms', false, null],
    ]);
    expect(c.canais[0]?.motivo).toBe('Sem celular cadastrado.');
  });

  it("sets and clears the preferred channel, audited; 422 on an unknown one; 404 on another operator's customer", async () => {
    const id = await novoCliente();
    const url = `/api/operador/clientes/${id}/canal-preferido`;
    const sms = await t.app.inject({ method: 'PUT', url, headers: bearer(token), payload: { canal: 'sms' } });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json<{ cliente: ClienteDetalhe }>().cliente.canal_preferido).toBe('sms');
    const nenhum = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { canal: null },
    });
    expect(nenhum.json<{ cliente: ClienteDetalhe }>().cliente.canal_preferido).toBeNull();
    const auditorias = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.acao, 'cliente.canal_preferido'), eq(auditLogs.entidadeId, String(id))));
    expect(auditorias.map((a) => a.detalhes)).toEqual([
      { anterior: null, novo: 'sms' },
      { anterior: 'sms', novo: null },
    ]);
    const ruim = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { canal: 'pombo' },
    });
    expect(ruim.statusCode).toBe(422);
    expect(ruim.json().detalhes?.canal ?? ruim.json().errors?.canal ?? ruim.body).toBeTruthy();
    const outra = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(tokenOutra),
      payload: { canal: 'sms' },
    });
    expect(outra.statusCode).toBe(404);
  });
});

describe("the operator's message", () => {
  it('goes by e-mail when asked: "sent" (never delivered), with a subject, shown in the thread with its channel', async () => {
    const id = await novoCliente();
    const r = await enviar(id, { conteudo: 'Olá, Helena! Segue o resumo da sua dívida.', canal: 'email' });
    expect(r.statusCode, r.body).toBe(201);
    const view = r.json<MensagemView>();
    expect(view).toMatchObject({ canal: 'email', status: 'enviada', entregue_em: null });
    // The subject it went with (none of its own: the company's), kept on the message.
    expect(view.assunto).toBe('Mensagem de Empresa Demonstração Ltda');
    const [row] = await t.database.db.select().from(mensagens).where(eq(mensagens.id, view.id));
    expect(row).toMatchObject({ email: 'helena@cliente.example', telefone: null, provedor: 'simulador' });
    const [bruto] = await t.database.db
      .select()
      .from(emailsSimulados)
      .where(eq(emailsSimulados.mensagemId, view.id));
    expect((await simpleParser(Buffer.from(bruto?.bruto ?? ''))).subject).toBe(
      'Mensagem de Empresa Demonstração Ltda',
    );
  });

  it('refuses a channel the customer cannot receive on, in pt-BR, sending nothing', async () => {
    const id = await novoCliente({ telefone: null });
    const r = await enviar(id, { conteudo: 'Oi', canal: 'sms' });
    expect(r.statusCode).toBe(422);
    expect(r.body).toContain('Sem celular cadastrado.');
    expect(await t.database.db.select().from(mensagens).where(eq(mensagens.clienteId, id))).toEqual([]);
  });

  it("goes, when no channel is asked, through the channel of the customer's last reply", async () => {
    const id = await novoCliente();
    await t.database.db.insert(mensagens).values({
      clienteId: id,
      email: 'helena@cliente.example',
      direcao: 'entrada',
      origem: 'cliente',
      status: 'recebida',
      conteudo: 'Prefiro falar por e-mail.',
      canal: 'email',
      provedor: 'simulador',
      canalMensagemId: '<resposta-1@cliente.example>',
      assunto: 'Re: Sua fatura',
    });
    const r = await enviar(id, { conteudo: 'Combinado, Helena.' });
    expect(r.json<MensagemView>().canal).toBe('email');
    const [bruto] = await t.database.db
      .select()
      .from(emailsSimulados)
      .where(eq(emailsSimulados.mensagemId, r.json<MensagemView>().id));
    // Threaded under the customer's e-mail.
    expect(bruto?.bruto).toContain('In-Reply-To: <resposta-1@cliente.example>');
    expect(bruto?.bruto).toContain('Subject: Re: Sua fatura');
  });
});

describe("the simulator's outbox (admin)", () => {
  const admin = (method: 'GET' | 'POST', url: string, payload?: object, tk = tokenAdmin) =>
    t.app.inject({ method, url, headers: bearer(tk), ...(payload ? { payload } : {}) });

  it('lists the e-mails and SMS sent, newest first, paged; shows the e-mail as it left; operators are refused', async () => {
    const id = await novoCliente();
    for (const conteudo of ['Primeira', 'Segunda', 'Terceira'])
      expect((await enviar(id, { conteudo, canal: 'email' })).statusCode).toBe(201);
    const pagina = await admin('GET', '/api/admin/simulador/saida?canal=email&limite=2');
    expect(pagina.statusCode, pagina.body).toBe(200);
    const { itens, proximo } = pagina.json<{ itens: SaidaSimulada[]; proximo: number | null }>();
    expect(itens.map((i) => i.texto)).toEqual(['Terceira', 'Segunda']);
    expect(itens[0]).toMatchObject({ canal: 'email', para: 'helena@cliente.example', status: 'enviada' });
    const resto = await admin('GET', `/api/admin/simulador/saida?canal=email&limite=2&antes_de=${proximo}`);
    expect(resto.json<{ itens: SaidaSimulada[] }>().itens[0]?.texto).toBe('Primeira');
    const um = await admin('GET', `/api/admin/simulador/saida/${itens[0]?.id}`);
    expect(um.json().html).toContain('Terceira');
    expect(um.json().html).not.toContain('cid:');
    expect((await admin('GET', '/api/admin/simulador/saida', undefined, token)).statusCode).toBe(403);
  });

  it("simulates the customer's reply, a bounce and a complaint through the real inbound path", async () => {
    const id = await novoCliente({ status: 'ativo' });
    const enviada = (
      await enviar(id, { conteudo: 'Podemos negociar?', canal: 'email' })
    ).json<MensagemView>();
    const resposta = await admin('POST', `/api/admin/simulador/saida/${enviada.id}/resposta`, {
      texto: 'Quero negociar.',
    });
    expect(resposta.statusCode, resposta.body).toBe(204);
    const [c] = await t.database.db.select().from(clientes).where(eq(clientes.id, id));
    expect(c?.status).toBe('aguardando_atendimento');
    expect(
      (await admin('POST', `/api/admin/simulador/saida/${enviada.id}/devolucao`, { permanente: true }))
        .statusCode,
    ).toBe(204);
    const [devolvida] = await t.database.db.select().from(mensagens).where(eq(mensagens.id, enviada.id));
    expect(devolvida).toMatchObject({ status: 'falhou', erroCodigo: 'devolvido' });
    expect((await detalhe(id)).canais[1]).toMatchObject({ canal: 'email', disponivel: false });
    expect((await admin('POST', `/api/admin/simulador/saida/${enviada.id}/reclamacao`)).statusCode).toBe(204);
    expect((await detalhe(id)).canais[1]?.opt_out_em).not.toBeNull();
    expect((await admin('POST', '/api/admin/simulador/saida/999999/reclamacao')).statusCode).toBe(404);
  });
});
