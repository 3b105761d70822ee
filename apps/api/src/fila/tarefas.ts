import { ativarRecorrencia } from '../modules/debito-automatico/adesao/jobs/ativar.job.ts';
import { encerrarRecorrencia } from '../modules/debito-automatico/adesao/jobs/encerrar.job.ts';
import {
  cobrarDebitos,
  PERIODO_DEBITO_SEGUNDOS,
} from '../modules/debito-automatico/cobranca/jobs/cobrar.job.ts';
import { lerCobrancaRecorrente } from '../modules/debito-automatico/cobranca/jobs/ler-cobranca.job.ts';
import { lerRecorrencia } from '../modules/debito-automatico/cobranca/jobs/ler-recorrencia.job.ts';
import { despacharMensagem } from '../modules/mensagens/jobs/despachar-mensagem.job.ts';
import { lerCaixaDeEmail, PERIODO_CAIXA_SEGUNDOS } from '../modules/mensagens/jobs/ler-caixa.job.ts';
import { enviarTermos } from '../modules/negociacoes/jobs/enviar-termos.job.ts';
import { cobrarParcelas } from '../modules/pix/cobrancas/jobs/cobrar-parcelas.job.ts';
import { removerCobrancaNoPsp } from '../modules/pix/cobrancas/jobs/remover-cobranca.job.ts';
import { conciliarComPsp } from '../modules/pix/liquidacao/jobs/conciliar.job.ts';
import { confirmarNotificacaoPix } from '../modules/pix/liquidacao/jobs/confirmar-notificacao.job.ts';
import { liquidarPix } from '../modules/pix/liquidacao/jobs/liquidar-pix.job.ts';
import { planejarRegua } from '../modules/regua/jobs/planejar.job.ts';
import { PERIODO_PRESCRICAO_SEGUNDOS, prescreverContas } from '../modules/regua/jobs/prescrever.job.ts';
import type { Agendamento } from './fila.ts';
import type { Tarefa } from './tarefa.ts';

// Every job type (each declared in its module's jobs/ folder) and the scheduled ones: the one list the
// installer and the workers read (docs/efeitos-colaterais.md).

export const TAREFAS: readonly Tarefa[] = [
  confirmarNotificacaoPix,
  liquidarPix,
  conciliarComPsp,
  removerCobrancaNoPsp,
  cobrarParcelas,
  enviarTermos,
  despacharMensagem,
  planejarRegua,
  prescreverContas,
  lerCaixaDeEmail,
  ativarRecorrencia,
  encerrarRecorrencia,
  lerRecorrencia,
  lerCobrancaRecorrente,
  cobrarDebitos,
];

/** The scheduled jobs; the régua plans only where the engine runs (the server or the workers, not tests). */
export const agendamentos = (periodos: {
  pixConciliacaoSegundos: number;
  reguaSegundos?: number;
}): Agendamento[] => [
  { tarefa: conciliarComPsp, periodoSegundos: periodos.pixConciliacaoSegundos },
  { tarefa: prescreverContas, periodoSegundos: PERIODO_PRESCRICAO_SEGUNDOS },
  { tarefa: lerCaixaDeEmail, periodoSegundos: PERIODO_CAIXA_SEGUNDOS },
  { tarefa: cobrarDebitos, periodoSegundos: PERIODO_DEBITO_SEGUNDOS },
  ...(periodos.reguaSegundos ? [{ tarefa: planejarRegua, periodoSegundos: periodos.reguaSegundos }] : []),
];
