import { hojeNoFuso, identificarDocumento } from '@cobranca/dominio';
import { describe, expect, it } from 'vitest';
import { type EntradaPlano, linhaCliente, planejarDemo } from './demo-plano.ts';
import { criarSorteio } from './prng.ts';

const entrada = (agora: Date): EntradaPlano => ({
  agora,
  operadorIds: [3, 4, 5],
  empresa: { nome: 'Empresa Demonstração Ltda', documento: '11.222.333/0001-81' },
  regua: [
    { dias: -3, tipo: 'lembrete', canais: ['whatsapp', 'email'] },
    { dias: 0, tipo: 'vencimento', canais: ['whatsapp', 'email'] },
    { dias: 3, tipo: 'atraso', canais: ['whatsapp', 'email'] },
    { dias: 7, tipo: 'atraso', canais: ['whatsapp', 'email'] },
    { dias: 15, tipo: 'atraso', canais: ['whatsapp', 'email'] },
  ],
});

describe('demo messages', () => {
  const agora = new Date('2026-03-02T15:00:00Z');
  const mensagens = planejarDemo(entrada(agora)).flatMap((p) => p.conversa.mensagens);

  it("are the engine's régua messages: every placeholder filled, no gap where the empty {{pix}} was", () => {
    const regua = mensagens.filter((m) => m.origem === 'regua');
    expect(regua.length).toBeGreaterThan(0);
    for (const m of regua) {
      expect(m.conteudo).not.toMatch(/\{\{|\n{3,}/);
      expect(m.conteudo).toContain('Empresa Demonstração Ltda, CNPJ 11.222.333/0001-81.');
    }
    const lembrete = regua.find((m) => m.templateTipo === 'lembrete');
    expect(lembrete?.conteudo).toMatch(/^Olá, .+! Aqui é da Empresa Demonstração Ltda/);
    expect(lembrete?.conteudo).toMatch(/fatura de R\$ [\d.]+,\d{2} vence em \d{2}\/\d{2}\/\d{4}\./);
  });

  it('thank for a payment with the message the payment service sends', () => {
    const agradecimentos = mensagens.filter((m) => m.templateTipo === 'agradecimento');
    expect(agradecimentos.length).toBeGreaterThan(0);
    for (const m of agradecimentos)
      expect(m.conteudo).toMatch(/^Olá, .+! Recebemos o seu pagamento de R\$ [\d.]+,\d{2}\. Muito obrigado!/);
  });
});

describe('criarSorteio', () => {
  it('repeats the same sequence for the same seed and stays in range', () => {
    const a = criarSorteio(42);
    const b = criarSorteio(42);
    const valores = Array.from({ length: 200 }, () => a.inteiro(1, 6));
    expect(valores).toEqual(Array.from({ length: 200 }, () => b.inteiro(1, 6)));
    expect(new Set(valores)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});

describe('planejarDemo', () => {
  const agora = new Date('2026-03-02T15:00:00Z');

  it('is deterministic for a given instant', () => {
    expect(planejarDemo(entrada(agora))).toEqual(planejarDemo(entrada(agora)));
  });

  it('keeps the same customers whatever the date, only their history moves', () => {
    const identidades = (data: Date) =>
      planejarDemo(entrada(data)).map(({ cliente }) => [cliente.nome, cliente.documento, cliente.perfil]);
    expect(identidades(new Date('2026-12-31T23:59:00Z'))).toEqual(identidades(agora));
  });

  it('plans only valid documents, past events and non-negative integer amounts', () => {
    const plano = planejarDemo(entrada(agora));
    for (const p of plano) {
      expect(identificarDocumento(p.cliente.documento)?.tipo).toBe(p.cliente.documentoTipo);
      expect(p.conversa.mensagens.every((m) => m.createdAt < agora)).toBe(true);
      expect(p.contas.every((c) => Number.isInteger(c.valorCentavos) && c.valorCentavos > 0)).toBe(true);
      expect(p.contas.every((c) => c.pagoEm === null || c.pagoEm <= hojeNoFuso(agora))).toBe(true);
    }
  });

  it('copes with the first day of a month (this month’s payments fall on that day)', () => {
    const primeiro = new Date('2026-04-01T12:00:00Z');
    const pagasNoMes = planejarDemo(entrada(primeiro))
      .flatMap((p) => p.contas)
      .filter((c) => c.pagoEm?.startsWith('2026-04'));
    expect(pagasNoMes.length).toBeGreaterThanOrEqual(6);
    expect(pagasNoMes.every((c) => c.pagoEm === '2026-04-01')).toBe(true);
  });

  it('shortly after midnight still plans history before now', () => {
    const madrugada = new Date('2026-04-01T03:05:00Z'); // 00:05 in São Paulo
    const plano = planejarDemo(entrada(madrugada));
    for (const p of plano) {
      expect(p.conversa.mensagens.every((m) => m.createdAt < madrugada)).toBe(true);
      expect(p.conversa.chamadas.every((c) => c.createdAt < madrugada)).toBe(true);
      const linha = linhaCliente(p);
      expect(linha.createdAt && linha.createdAt < madrugada).toBe(true);
    }
  });
});
