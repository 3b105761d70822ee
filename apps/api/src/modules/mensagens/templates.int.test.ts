import { TEMPLATE_TIPOS, type TemplateTipo } from '@cobranca/contracts';
import { gerarCpf } from '@cobranca/dominio';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import {
  auditLogs,
  clientes,
  contasReceber,
  mensagemTemplates,
  mensagens,
  pagamentos,
} from '../../db/schema/index.ts';
import { DEFAULT_EMAILS, DEFAULT_SMS, DEFAULT_TEMPLATES } from './default-templates.ts';

let t: TestApp;
let adminId: number;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminId = (await createTestUser(t.database, 'admin')).id;
  token = await issueToken(t.database, adminId);
});
afterAll(() => t.close());

const URL_TEMPLATES = '/api/admin/configuracoes/mensagens/templates';
const getTemplates = () => t.app.inject({ method: 'GET', url: URL_TEMPLATES, headers: bearer(token) });
const putTemplate = (tipo: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/configuracoes/mensagens/${tipo}`,
    headers: bearer(token),
    payload,
  });

const IDENTIFICACAO = 'Aqui é da {{empresa}}, CNPJ {{empresa_documento}}.';
const ZERO = { enviadas: 0, taxa_resposta: 0, valor_recuperado: 0 };

// ── seed helpers ─────────────────────────────────────────────────────────────────────────────────
let seq = 0;
const random = () => ((seq * 7919 + 13) % 1000) / 1000;
const novoCliente = async (nome: string) => {
  seq += 1;
  const documento = gerarCpf(random);
  const [row] = await t.database.db
    .insert(clientes)
    .values({
      nome,
      documento,
      documentoTipo: 'cpf',
      termoBusca: nome.toLowerCase(),
      origemContato: 'manual',
    })
    .returning({ id: clientes.id });
  if (!row) throw new Error('cliente não inserido');
  return row.id;
};

const pagar = async (clienteId: number, data: string, valorCentavos: number) => {
  const [conta] = await t.database.db
    .insert(contasReceber)
    .values({ clienteId, origem: 'manual', descricao: 'Fatura', valorCentavos, vencimento: data })
    .returning({ id: contasReceber.id });
  if (!conta) throw new Error('conta não inserida');
  await t.database.db.insert(pagamentos).values({
    clienteId,
    contaId: conta.id,
    valorCentavos,
    principalCentavos: valorCentavos,
    data,
    forma: 'pix',
  });
};

type Envio = {
  tipo: TemplateTipo | null;
  em: Date;
  status?: 'enviada' | 'entregue' | 'lida' | 'falhou' | 'pendente';
};
const enviar = async (clienteId: number, { tipo, em, status = 'enviada' }: Envio) => {
  await t.database.db.insert(mensagens).values({
    clienteId,
    telefone: '+5511987654321',
    direcao: 'saida',
    origem: tipo ? 'regua' : 'operador',
    status,
    conteudo: 'Olá',
    canal: 'whatsapp',
    provedor: 'simulador',
    templateTipo: tipo,
    createdAt: em,
    enviadaEm: status === 'pendente' || status === 'falhou' ? null : em,
  });
};
const responder = async (clienteId: number, em: Date) => {
  await t.database.db.insert(mensagens).values({
    clienteId,
    telefone: '+5511987654321',
    direcao: 'entrada',
    origem: 'cliente',
    status: 'recebida',
    conteudo: 'Oi, vou pagar',
    canal: 'whatsapp',
    provedor: 'simulador',
    createdAt: em,
  });
};

const DIA = 86_400_000;
const T0 = new Date('2026-03-02T13:00:00Z'); // 10:00 in São Paulo, Monday 02/03/2026
const depois = (dias: number) => new Date(T0.getTime() + dias * DIA);

describe('GET /api/admin/configuracoes/mensagens/templates', () => {
  it('returns the five types with the shipped defaults, no warnings, zero figures and the simulator status', async () => {
    const response = await getTemplates();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body.mensagens).sort()).toEqual([...TEMPLATE_TIPOS].sort());
    for (const tipo of TEMPLATE_TIPOS) {
      expect(body.mensagens[tipo]).toEqual({
        tipo,
        texto: DEFAULT_TEMPLATES[tipo],
        whatsapp_template_nome: null,
        whatsapp_idioma: 'pt_BR',
        email_assunto: DEFAULT_EMAILS[tipo].assunto,
        email_texto: DEFAULT_EMAILS[tipo].texto,
        sms_texto: DEFAULT_SMS[tipo],
        updated_at: null,
        avisos: [],
        estatisticas: ZERO,
      });
    }
    expect(body.whatsapp).toMatchObject({
      provedor: 'simulador',
      status: 'conectado',
      numero_exibicao: 'Simulador',
    });
  });

  it('computes sends, reply rate and amount recovered within 7 days of each send', async () => {
    const ana = await novoCliente('Ana');
    const bruno = await novoCliente('Bruno');
    const carla = await novoCliente('Carla');
    // Ana: two reminders (day 0 and day 1), replies on day 2 (within 7 days of both), pays on 05/03.
    await enviar(ana, { tipo: 'lembrete', em: T0 });
    await enviar(ana, { tipo: 'lembrete', em: depois(1), status: 'lida' });
    await responder(ana, depois(2));
    await pagar(ana, '2026-03-05', 15_000); // in both reminder windows: counted once
    await pagar(ana, '2026-03-01', 9_900); // the day before the first send: not recovered by it
    // Bruno: a delivered reminder, replies only after 8 days; an overdue notice on day 9; pays on 12/03.
    await enviar(bruno, { tipo: 'lembrete', em: T0, status: 'entregue' });
    await responder(bruno, depois(8));
    await enviar(bruno, { tipo: 'atraso', em: depois(9) });
    await pagar(bruno, '2026-03-12', 20_000); // 10 days after the reminder, 1 day after the notice
    // Carla: a failed reminder and a pending notice do not count, nor does her payment or reply.
    await enviar(carla, { tipo: 'lembrete', em: T0, status: 'falhou' });
    await enviar(carla, { tipo: 'vencimento', em: T0, status: 'pendente' });
    await enviar(carla, { tipo: null, em: T0 }); // operator free text: no template
    await responder(carla, depois(1));
    await pagar(carla, '2026-03-03', 5_000);

    const body = (await getTemplates()).json();
    // Reminders: 3 sent (Ana ×2, Bruno); Ana's 2 got a reply within 7 days → 2/3 = 66.7 %.
    expect(body.mensagens.lembrete.estatisticas).toEqual({
      enviadas: 3,
      taxa_resposta: 66.7,
      valor_recuperado: 150,
    });
    // Overdue: 1 sent, Bruno's reply came before it; his payment 1 day later → R$ 200,00.
    expect(body.mensagens.atraso.estatisticas).toEqual({
      enviadas: 1,
      taxa_resposta: 0,
      valor_recuperado: 200,
    });
    expect(body.mensagens.vencimento.estatisticas).toEqual(ZERO);
    expect(body.mensagens.negociacao.estatisticas).toEqual(ZERO);
  });
});

describe('PUT /api/admin/configuracoes/mensagens/:tipo', () => {
  it('saves the text, returns the view and records who changed it in the audit log', async () => {
    const texto = `Olá, {{nome}}! ${IDENTIFICACAO} Sua fatura de {{valor}} vence em {{vencimento}}.`;
    const response = await putTemplate('vencimento', { texto: `  ${texto}  ` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ tipo: 'vencimento', texto, avisos: [], whatsapp_idioma: 'pt_BR' });
    expect(Date.now() - Date.parse(body.updated_at)).toBeLessThan(60_000);
    expect(body.estatisticas).toEqual(ZERO);

    const [row] = await t.database.db
      .select()
      .from(mensagemTemplates)
      .where(eq(mensagemTemplates.tipo, 'vencimento'));
    expect(row).toMatchObject({ texto, updatedBy: adminId });
    expect((await getTemplates()).json().mensagens.vencimento.texto).toBe(texto);

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.acao, 'template.alterado'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({
      usuarioId: adminId,
      entidade: 'mensagem_template',
      entidadeId: 'vencimento',
    });
    expect(audit?.detalhes).toMatchObject({
      tipo: 'vencimento',
      texto_anterior: DEFAULT_TEMPLATES.vencimento,
    });
  });

  it('saves wording the CDC forbids but returns the warnings', async () => {
    const texto = `${IDENTIFICACAO} Última chance, {{nome}}: pague {{valor}} ou seu nome vai para o SERASA.`;
    const response = await putTemplate('atraso', { texto });
    expect(response.statusCode).toBe(200);
    const avisos: string[] = response.json().avisos;
    expect(avisos).toHaveLength(2);
    expect(avisos.join(' ')).toMatch(/"ultima chance".*pressão indevida/);
    expect(avisos.join(' ')).toMatch(/"serasa".*negativação/);
    expect((await getTemplates()).json().mensagens.atraso.avisos).toEqual(avisos);
  });

  it('keeps the approved WhatsApp template name when omitted and clears it with null', async () => {
    const texto = 'Obrigado pelo pagamento de {{valor}}, {{nome}}!';
    const com = await putTemplate('agradecimento', {
      texto,
      whatsapp_template_nome: 'agradecimento_v2',
      whatsapp_idioma: 'en_US',
    });
    expect(com.json()).toMatchObject({
      whatsapp_template_nome: 'agradecimento_v2',
      whatsapp_idioma: 'en_US',
    });
    const omitido = await putTemplate('agradecimento', { texto });
    expect(omitido.json()).toMatchObject({
      whatsapp_template_nome: 'agradecimento_v2',
      whatsapp_idioma: 'en_US',
    });
    const limpo = await putTemplate('agradecimento', { texto, whatsapp_template_nome: null });
    expect(limpo.json()).toMatchObject({ whatsapp_template_nome: null, whatsapp_idioma: 'en_US' });
  });

  it('accepts unicode and emoji and returns them intact', async () => {
    const texto = `Olá, {{nome}}! 🙂 ${IDENTIFICACAO} Ação: pagar {{valor}} até {{vencimento}} — obrigado! 日本語 👍🏽`;
    const response = await putTemplate('lembrete', { texto });
    expect(response.statusCode).toBe(200);
    expect(response.json().texto).toBe(texto);
    expect((await getTemplates()).json().mensagens.lembrete.texto).toBe(texto);
  });

  it('stores markup as plain text, unchanged', async () => {
    const texto = `<script>alert("x")</script> {{nome}} ${IDENTIFICACAO} <img src=x onerror=alert(1)>`;
    const response = await putTemplate('negociacao', { texto });
    expect(response.statusCode).toBe(200);
    expect(response.json().texto).toBe(texto);
    const [row] = await t.database.db
      .select()
      .from(mensagemTemplates)
      .where(eq(mensagemTemplates.tipo, 'negociacao'));
    expect(row?.texto).toBe(texto);
  });

  describe('refusals', () => {
    const expect422 = async (tipo: string, payload: object, campo: string, mensagem?: RegExp) => {
      const response = await putTemplate(tipo, payload);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.message).toBe('Os dados enviados são inválidos.');
      expect(body.errors[campo]?.length).toBeGreaterThan(0);
      if (mensagem) expect(body.errors[campo].join(' ')).toMatch(mensagem);
      return body;
    };

    it('answers 422 for an unknown tipo, naming the accepted ones', async () => {
      await expect422('cobranca', { texto: `Olá {{nome}} ${IDENTIFICACAO}` }, 'tipo', /lembrete, vencimento/);
    });

    it('answers 422 for an unknown placeholder', async () => {
      const body = await expect422(
        'lembrete',
        { texto: `Olá {{cpf}} e {{ senha }} ${IDENTIFICACAO}` },
        'texto',
      );
      expect(body.errors.texto).toEqual(['Marcadores desconhecidos: {{cpf}}, {{senha}}.']);
    });

    it('answers 422 for unbalanced braces', async () => {
      await expect422('agradecimento', { texto: 'Obrigado {{nome}, até logo }}' }, 'texto', /sem par/);
    });

    it.each(['lembrete', 'vencimento', 'atraso'])(
      'answers 422 when the %s template does not identify the creditor (CDC 42-A)',
      async (tipo) => {
        await expect422(
          tipo,
          { texto: 'Olá {{nome}}, pague {{valor}} até {{vencimento}}.' },
          'texto',
          /42-A/,
        );
      },
    );

    it('answers 422 for a text over 4096 characters (WhatsApp limit)', async () => {
      await expect422('agradecimento', { texto: `Obrigado {{nome}}! ${'a'.repeat(4100)}` }, 'texto', /4096/);
    });

    it.each([
      ['a missing texto', {}],
      ['a texto shorter than 10 characters', { texto: '   curto  ' }],
      ['a non-string texto', { texto: 42 }],
    ])('answers 422 for %s', async (_caso, payload) => {
      await expect422('agradecimento', payload, 'texto');
    });

    it('answers 422 for an unknown field and an invalid WhatsApp template name', async () => {
      const texto = 'Obrigado pelo pagamento, {{nome}}!';
      await expect422('agradecimento', { texto, assunto: 'x' }, 'assunto');
      await expect422(
        'agradecimento',
        { texto, whatsapp_template_nome: 'Nome Com Espaço' },
        'whatsapp_template_nome',
      );
    });

    it('changes nothing when refused', async () => {
      const antes = (await getTemplates()).json().mensagens.agradecimento.texto;
      await putTemplate('agradecimento', { texto: 'Olá {{desconhecido}} tudo bem?' });
      expect((await getTemplates()).json().mensagens.agradecimento.texto).toBe(antes);
    });
  });
});
