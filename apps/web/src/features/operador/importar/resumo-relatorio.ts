import type { ImportacaoRelatorio, ImportacaoStatus } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';

/** What both the import answer and the history detail carry, enough to show a report. */
export type RelatorioDados = Pick<
  ImportacaoRelatorio,
  | 'tipo'
  | 'status'
  | 'criados'
  | 'atualizados'
  | 'ignorados'
  | 'rejeitados'
  | 'contas_criadas'
  | 'erros'
  | 'erros_omitidos'
> & { id: number };

export type Severidade = 'success' | 'info' | 'warning' | 'error';

/** `a`, `a e b`, `a, b e c`. */
const juntar = (partes: string[]) =>
  partes.length <= 1 ? (partes[0] ?? '') : `${partes.slice(0, -1).join(', ')} e ${partes.at(-1)}`;

const ABERTURA: Record<ImportacaoStatus, string> = {
  concluida: 'Importação concluída',
  processando: 'Importação em andamento',
  interrompida: 'Importação interrompida antes do fim',
  falhou: 'A importação falhou',
};

const severidadeDe = (r: RelatorioDados): Severidade => {
  if (r.status === 'falhou') return 'error';
  if (r.status === 'processando') return 'info';
  if (r.status === 'interrompida' || r.rejeitados > 0 || r.erros.length > 0) return 'warning';
  return 'success';
};

/** The one sentence above a report, and its colour: green only when everything went in. */
export const resumoDoRelatorio = (r: RelatorioDados): { severidade: Severidade; texto: string } => {
  const partes = [
    contagem(r.criados, 'cliente criado', 'clientes criados'),
    contagem(r.atualizados, 'cliente atualizado', 'clientes atualizados'),
  ];
  if (r.tipo === 'xml' || r.contas_criadas > 0)
    partes.push(contagem(r.contas_criadas, 'conta a receber criada', 'contas a receber criadas'));
  if (r.ignorados > 0) partes.push(contagem(r.ignorados, 'registro ignorado', 'registros ignorados'));
  let texto = `${ABERTURA[r.status]}: ${juntar(partes)}.`;
  if (r.rejeitados > 0) {
    const rejeitados =
      r.tipo === 'xml'
        ? contagem(r.rejeitados, 'nota rejeitada', 'notas rejeitadas')
        : contagem(r.rejeitados, 'linha rejeitada', 'linhas rejeitadas');
    texto += ` ${rejeitados.charAt(0).toUpperCase()}${rejeitados.slice(1)}.`;
  }
  if (r.erros.length > 0) texto += ' Veja os problemas abaixo.';
  return { severidade: severidadeDe(r), texto };
};
