import type { ClienteLista } from '@cobranca/contracts';
import { mensagens } from '../../db/schema/index.ts';
import { conteudoNaTela } from '../../lib/conteudo-mensagem.ts';

// A customer's newest message as lists and the workspace header show it: enough to say its true state
// ("Agendada", "Na fila", "Entregue"...), docs/produto.md §12.

export const colunasUltimaMensagem = {
  conteudo: mensagens.conteudo,
  direcao: mensagens.direcao,
  origem: mensagens.origem,
  status: mensagens.status,
  canal: mensagens.canal,
  erroMensagem: mensagens.erroMensagem,
  erroCodigo: mensagens.erroCodigo,
  proximaTentativaEm: mensagens.proximaTentativaEm,
  createdAt: mensagens.createdAt,
};

type Linha = Pick<
  typeof mensagens.$inferSelect,
  | 'conteudo'
  | 'direcao'
  | 'origem'
  | 'status'
  | 'canal'
  | 'erroMensagem'
  | 'erroCodigo'
  | 'proximaTentativaEm'
  | 'createdAt'
>;

export const toUltimaMensagem = (m: Linha): NonNullable<ClienteLista['ultima_mensagem']> => ({
  conteudo: conteudoNaTela(m.conteudo, m.status),
  direcao: m.direcao,
  origem: m.origem,
  status: m.status,
  canal: m.canal,
  erro: m.erroMensagem ?? m.erroCodigo,
  proxima_tentativa_em: m.status === 'pendente' ? (m.proximaTentativaEm?.toISOString() ?? null) : null,
  created_at: m.createdAt.toISOString(),
});
