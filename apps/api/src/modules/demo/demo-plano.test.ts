import { hojeNoFuso } from '@cobranca/dominio';
import { describe, expect, it } from 'vitest';
import { identificarDocumento } from '../../lib/documentos.ts';
import { DEFAULT_TEMPLATES } from '../mensagens/default-templates.ts';
import { dvChaveNfe } from './demo-contas.ts';
import { renderizarTemplate } from './demo-mensagens.ts';
import { type EntradaPlano, linhaCliente, planejarDemo } from './demo-plano.ts';
import { criarSorteio } from './prng.ts';

const entrada = (agora: Date): EntradaPlano => ({
  agora,
  operadorIds: [3, 4, 5],
  empresa: { nome: 'Empresa Demonstração Ltda', documento: '11.222.333/0001-81' },
  regua: [
    { dias: -3, tipo: 'lembrete' },
    { dias: 0, tipo: 'vencimento' },
    { dias: 3, tipo: 'atraso' },
    { dias: 7, tipo: 'atraso' },
    { dias: 15, tipo: 'atraso' },
  ],
});

describe('renderizarTemplate', () => {
  it('fills the placeholders and leaves no gap where an empty {{pix}} was', () => {
    const texto = renderizarTemplate(DEFAULT_TEMPLATES.lembrete, {
      nome: 'Maria',
      valor: 'R$ 80,00',
      vencimento: '10/03/2026',
      empresa: 'Empresa Demonstração Ltda',
      empresa_documento: '11.222.333/0001-81',
      pix: '',
    });
    expect(texto).not.toMatch(/\{\{|\n{3,}/);
    expect(texto).toContain('Olá, Maria! Aqui é da Empresa Demonstração Ltda, CNPJ 11.222.333/0001-81.');
    expect(texto).toContain('R$ 80,00 vence em 10/03/2026');
  });
});

describe('dvChaveNfe', () => {
  it('computes the check digit of the NF-e manual example key', () => {
    expect(dvChaveNfe('5206043300991100250655012000000780026730161')).toBe(5);
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
