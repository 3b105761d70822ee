import type { SaidaSimulada } from '@cobranca/contracts';

type Status = { rotulo: string; cor: 'default' | 'success' | 'error' | 'warning' };

/**
 * What an outbox item's status may truthfully say. An e-mail gives no delivery or read receipt, so it is
 * "Enviado" once it left and "Devolvido" when it bounced; an SMS has the carrier's delivery report.
 */
export const statusDaSaida = (item: Pick<SaidaSimulada, 'canal' | 'status' | 'enviada_em'>): Status => {
  if (item.status === 'pendente') return { rotulo: 'Na fila', cor: 'warning' };
  if (item.canal === 'email') {
    if (item.status === 'falhou')
      return item.enviada_em ? { rotulo: 'Devolvido', cor: 'error' } : { rotulo: 'Falhou', cor: 'error' };
    return { rotulo: 'Enviado', cor: 'success' };
  }
  if (item.status === 'falhou') return { rotulo: 'Falhou', cor: 'error' };
  if (item.status === 'entregue' || item.status === 'lida') return { rotulo: 'Entregue', cor: 'success' };
  return { rotulo: 'Enviado', cor: 'success' };
};
