import { janelaEnvioResponse } from '@cobranca/contracts';
import { hojeNoFuso, instanteNoFuso } from '@cobranca/dominio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { relogioDoSistema } from '../../lib/relogio.ts';
import { authErrors } from '../../lib/route-schemas.ts';
import { dentroDaJanela, horarioDoDia, proximaAbertura } from './calendario.ts';
import { estadoDaAutomacao } from './motor.ts';

/**
 * The sending window as the operator area shows it (docs/produto.md §11): the banner while it is
 * closed, and "Agendada · sai às 08:00" on the régua messages waiting for it.
 */
export const janelaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operador/janela-envio',
    {
      schema: {
        tags: ['mensagens'],
        summary: 'Janela de envio das mensagens automáticas: aberta agora? quando abre ou fecha?',
        response: { 200: janelaEnvioResponse, ...authErrors },
      },
    },
    async () => {
      const agora = relogioDoSistema.agora();
      const { settings, automacaoLigada } = await estadoDaAutomacao(app.db);
      const { janela_envio: janela, fuso_horario: fuso } = settings;
      const aberta = dentroDaJanela(agora, janela, fuso);
      const hoje = hojeNoFuso(agora, fuso);
      const horario = horarioDoDia(hoje, janela);
      return {
        aberta,
        automacao_ligada: automacaoLigada,
        abre_em: aberta ? null : proximaAbertura(agora, janela, fuso).toISOString(),
        fecha_em: aberta && horario ? instanteNoFuso(hoje, horario.fim, fuso).toISOString() : null,
        fuso_horario: fuso,
      };
    },
  );
};
