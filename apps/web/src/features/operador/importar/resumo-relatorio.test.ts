import { describe, expect, it } from 'vitest';
import { type RelatorioDados, resumoDoRelatorio } from './resumo-relatorio.ts';

const BASE: RelatorioDados = {
  id: 1,
  tipo: 'csv',
  status: 'concluida',
  criados: 3,
  atualizados: 1,
  ignorados: 0,
  rejeitados: 0,
  contas_criadas: 0,
  erros: [],
  erros_omitidos: 0,
};

describe('resumoDoRelatorio', () => {
  it('is green when everything went in', () => {
    expect(resumoDoRelatorio(BASE)).toEqual({
      severidade: 'success',
      texto: 'Importação concluída: 3 clientes criados e 1 cliente atualizado.',
    });
  });

  it('warns about rejected lines and points to the problems', () => {
    const r = { ...BASE, rejeitados: 2, contas_criadas: 1, erros: [{ linha: 4, mensagem: 'CPF inválido' }] };
    expect(resumoDoRelatorio(r)).toEqual({
      severidade: 'warning',
      texto:
        'Importação concluída: 3 clientes criados, 1 cliente atualizado e 1 conta a receber criada. 2 linhas rejeitadas. Veja os problemas abaixo.',
    });
  });

  it('counts receivables and rejected notes of an XML import', () => {
    const r = { ...BASE, tipo: 'xml' as const, criados: 1, atualizados: 0, ignorados: 2, rejeitados: 1 };
    expect(resumoDoRelatorio(r).texto).toBe(
      'Importação concluída: 1 cliente criado, 0 clientes atualizados, 0 contas a receber criadas e 2 registros ignorados. 1 nota rejeitada.',
    );
  });

  it('colours interrupted and failed imports', () => {
    expect(resumoDoRelatorio({ ...BASE, status: 'interrompida' })).toMatchObject({
      severidade: 'warning',
      texto: expect.stringMatching(/^Importação interrompida antes do fim:/),
    });
    expect(resumoDoRelatorio({ ...BASE, status: 'falhou' }).severidade).toBe('error');
    expect(resumoDoRelatorio({ ...BASE, status: 'processando' }).severidade).toBe('info');
  });
});
