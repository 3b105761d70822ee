import { type SistemaSettings, sistemaSettings } from '@cobranca/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestUser,
  issueToken,
  type TestApp,
} from '../../../test/build-test-app.ts';
import { auditLogs, configuracoes } from '../../db/schema/index.ts';

let t: TestApp;
let adminId: number;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminId = (await createTestUser(t.database, 'admin')).id;
  token = await issueToken(t.database, adminId);
});
afterAll(() => t.close());

const URL = '/api/admin/configuracoes/sistema';
const PADRAO = sistemaSettings.parse({});
const get = () => t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
const put = (payload: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: payload as object });

const ultimaAuditoria = async () => {
  const [row] = await t.database.db
    .select()
    .from(auditLogs)
    .where(eq(auditLogs.acao, 'configuracoes.sistema_alteradas'))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return row;
};

const alterado: SistemaSettings = {
  ...PADRAO,
  empresa: { nome: 'Cobranças Açaí Ltda', documento: '11.222.333/0001-81', contato: '(91) 4000-1234' },
  pix: { chave: '529.982.247-25', nome_recebedor: 'ACAI LTDA', cidade: 'BELEM' },
  regua: [
    { dias: -5, tipo: 'lembrete', canais: ['email'] },
    { dias: 0, tipo: 'vencimento', canais: ['whatsapp', 'sms'] },
    { dias: 10, tipo: 'atraso', canais: ['sms', 'email', 'whatsapp'] },
  ],
  fuso_horario: 'America/Belem',
  tentativas_com_falhas: 5,
};

describe('GET /api/admin/configuracoes/sistema', () => {
  it('returns the defaults before anything is saved', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(PADRAO);
  });
});

describe('PUT /api/admin/configuracoes/sistema', () => {
  it('saves the whole object, returns it normalised and reads it back', async () => {
    const response = await put(alterado);
    expect(response.statusCode).toBe(200);
    const esperado = { ...alterado, pix: { ...alterado.pix, chave: '52998224725' } };
    expect(response.json()).toEqual(esperado);
    expect((await get()).json()).toEqual(esperado);
    const [row] = await t.database.db.select().from(configuracoes).where(eq(configuracoes.chave, 'sistema'));
    expect(row?.updatedBy).toBe(adminId);
  });

  it('audits the list of top-level keys that changed', async () => {
    const atual = (await get()).json();
    await put({ ...atual, sessao_horas: 8, automacao_ativa: false });
    const audit = await ultimaAuditoria();
    expect(audit).toMatchObject({ usuarioId: adminId, entidade: 'configuracoes', entidadeId: 'sistema' });
    expect(audit?.detalhes).toEqual({ chaves_alteradas: ['sessao_horas', 'automacao_ativa'] });
    await put({ ...atual });
  });

  it('falls back to the default of a key left out (PUT replaces the whole object)', async () => {
    const { limites_contato: _fora, ...semLimites } = {
      ...alterado,
      limites_contato: { por_dia: 2, por_semana: 5 },
    };
    const response = await put(semLimites);
    expect(response.statusCode).toBe(200);
    expect(response.json().limites_contato).toEqual(PADRAO.limites_contato);
  });

  it('accepts each kind of PIX key', async () => {
    for (const chave of [
      '11.222.333/0001-81',
      'financeiro@empresa.com.br',
      '+5511987654321',
      '123e4567-e89b-12d3-a456-426614174000',
    ]) {
      const response = await put({ ...alterado, pix: { ...alterado.pix, chave } });
      expect(response.statusCode, chave).toBe(200);
    }
  });

  it('accepts an empty PIX key without receiver data', async () => {
    const response = await put({ ...alterado, pix: { chave: '', nome_recebedor: '', cidade: '' } });
    expect(response.statusCode).toBe(200);
  });

  describe('refusals', () => {
    it.each<[string, unknown, string[]]>([
      [
        'repeated régua days',
        {
          ...alterado,
          regua: [
            { dias: 0, tipo: 'vencimento' },
            { dias: 3, tipo: 'atraso' },
            { dias: 3, tipo: 'atraso' },
          ],
        },
        ['regua.2.dias'],
      ],
      ['an unknown time zone', { ...alterado, fuso_horario: 'America/Atlantida' }, ['fuso_horario']],
      [
        'a multa above 2 % (CDC art. 52 §1)',
        { ...alterado, encargos: { multa_percentual: 2.01, juros_mensal_percentual: 1 } },
        ['encargos.multa_percentual'],
      ],
      [
        'juros above 10 % a month, negative or with three decimals',
        { ...alterado, encargos: { multa_percentual: -1, juros_mensal_percentual: 10.001 } },
        ['encargos.juros_mensal_percentual', 'encargos.multa_percentual'],
      ],
      [
        'an invalid PIX key',
        { ...alterado, pix: { ...alterado.pix, chave: '123.456.789-00' } },
        ['pix.chave'],
      ],
      [
        'a PIX key without receiver and city',
        { ...alterado, pix: { chave: 'financeiro@empresa.com.br', nome_recebedor: '', cidade: '  ' } },
        ['pix.cidade', 'pix.nome_recebedor'],
      ],
      ['an unknown top-level key', { ...alterado, cor_tema: 'azul' }, ['cor_tema']],
      [
        'an unknown nested key',
        { ...alterado, empresa: { ...alterado.empresa, site: 'x' } },
        ['empresa.site'],
      ],
      [
        'an unknown key inside a régua step',
        { ...alterado, regua: [{ dias: 1, tipo: 'atraso', canal: 'sms' }] },
        ['regua.0.canal'],
      ],
      [
        'a step with an unknown template type',
        { ...alterado, regua: [{ dias: 1, tipo: 'spam' }] },
        ['regua.0.tipo'],
      ],
      [
        'a step too far after the due date',
        { ...alterado, regua: [{ dias: 400, tipo: 'atraso' }] },
        ['regua.0.dias'],
      ],
      ['no régua steps', { ...alterado, regua: [] }, ['regua']],
      [
        'a window that ends before it starts',
        {
          ...alterado,
          janela_envio: { ...alterado.janela_envio, dias_uteis: { inicio: '20:00', fim: '08:00' } },
        },
        ['janela_envio.dias_uteis.fim'],
      ],
      [
        'a badly written time',
        {
          ...alterado,
          janela_envio: { ...alterado.janela_envio, sabado: { inicio: '08h00', fim: '14:00' } },
        },
        ['janela_envio.sabado.inicio'],
      ],
      [
        'wrong types',
        { ...alterado, automacao_ativa: 'sim', sessao_horas: 1.5 },
        ['automacao_ativa', 'sessao_horas'],
      ],
      ['a JSON array', [], ['body']],
    ])('answers 422 for %s, naming the fields', async (_caso, payload, campos) => {
      const response = await put(payload);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.message).toBe('Os dados enviados são inválidos.');
      expect(Object.keys(body.errors).sort()).toEqual([...campos].sort());
    });

    it('changes nothing and writes no audit entry when refused', async () => {
      await put(alterado);
      const antes = (await get()).json();
      const auditAntes = await ultimaAuditoria();
      await put({ ...alterado, fuso_horario: 'Nowhere/Land' });
      expect((await get()).json()).toEqual(antes);
      expect((await ultimaAuditoria())?.id).toBe(auditAntes?.id);
    });
  });
});
