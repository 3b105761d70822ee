import {
  IMPORTACAO_ERROS_MAXIMO,
  type ImportacaoErro,
  type ImportacaoRelatorio,
  type ImportacaoStatus,
  type ImportacaoTipo,
} from '@cobranca/contracts';
import { formatarDataBr } from '@cobranca/dominio';
import type { ResultadoItem } from './importacao-lote.regras.ts';

export type Referencia = { linha: number } | { arquivo: string };
export type Totais = {
  criados: number;
  atualizados: number;
  ignorados: number;
  rejeitados: number;
  contasCriadas: number;
};
export type Problema = { campo?: string; mensagem: string };

/** The report's note on a receivable imported `prescrita` (docs/produto.md §7, decision 036). */
export const avisoDePrescrita = (campo: string, rotulo: string, vencimento: string): Problema => ({
  campo,
  mensagem: `${rotulo} vencida em ${formatarDataBr(vencimento)}, mais de 5 anos antes da importação: prescrita (Código Civil art. 206 §5 I), importada fora da cobrança.`,
});

/**
 * What an import tells the operator: totals per outcome (each row or file counts once) and the
 * problems, capped so a file of garbage cannot grow the stored report without bound.
 */
export class Relatorio {
  readonly totais: Totais = { criados: 0, atualizados: 0, ignorados: 0, rejeitados: 0, contasCriadas: 0 };
  private readonly problemas: ImportacaoErro[] = [];
  errosOmitidos = 0;

  rejeitar(referencia: Referencia, problemas: readonly Problema[]): void {
    this.totais.rejeitados += 1;
    for (const problema of problemas) this.anotar(referencia, problema);
  }

  /** A note that does not reject the row or file (a phone left out, say). */
  anotar(referencia: Referencia, problema: Problema): void {
    if (this.problemas.length >= IMPORTACAO_ERROS_MAXIMO) {
      this.errosOmitidos += 1;
      return;
    }
    this.problemas.push({ ...referencia, ...problema });
  }

  registrar(referencia: Referencia, resultado: ResultadoItem): void {
    if (resultado.resultado === 'rejeitado') {
      this.rejeitar(referencia, [{ mensagem: resultado.mensagem }]);
      return;
    }
    this.totais.contasCriadas += resultado.contasCriadas;
    if (resultado.resultado === 'criado') this.totais.criados += 1;
    else if (resultado.resultado === 'atualizado') this.totais.atualizados += 1;
    else this.totais.ignorados += 1;
  }

  /** Problems in file order (a malformed record can be reported after the rows that follow it). */
  get erros(): ImportacaoErro[] {
    return [...this.problemas].sort((a, b) => (a.linha ?? 0) - (b.linha ?? 0));
  }

  /** The answer of the import call (the same figures are stored on the import). */
  resposta(
    importacao: { id: number; tipo: ImportacaoTipo; arquivoNome: string },
    status: ImportacaoStatus,
  ): ImportacaoRelatorio {
    return {
      importacao_id: importacao.id,
      tipo: importacao.tipo,
      status,
      arquivo_nome: importacao.arquivoNome,
      criados: this.totais.criados,
      atualizados: this.totais.atualizados,
      ignorados: this.totais.ignorados,
      rejeitados: this.totais.rejeitados,
      contas_criadas: this.totais.contasCriadas,
      erros: this.erros,
      erros_omitidos: this.errosOmitidos,
    };
  }
}
