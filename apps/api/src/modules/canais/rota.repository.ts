import type { Canal, CanalCliente } from '@cobranca/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linhasDe } from '../../db/linhas.ts';
import { emailArmazenado, emailConfigurado } from './email/email-settings.repository.ts';
import { type ContatoDoCliente, estadoDosCanais } from './rota.ts';
import { smsArmazenado, smsConfigurado } from './sms/sms-settings.repository.ts';

// What routing reads of each customer (docs/produto.md §12): addresses, the preferred channel, the
// channels opted out of, and whether the e-mail address bounced for good.

/** A customer's opt-outs by channel (json `{canal: instant}`), for the customer id `id` of the caller's query. */
export const optOutsSql = (id: SQL) =>
  sql`(SELECT jsonb_object_agg(o.canal, o.em) FROM opt_outs_canal o WHERE o.cliente_id = ${id})`;

/** When the customer's e-mail address `email` bounced for good (null: it did not). */
export const devolvidoEmSql = (email: SQL) =>
  sql`(SELECT d.devolvido_em FROM emails_devolvidos d WHERE d.email = lower(${email}))`;

type Linha = {
  telefone: string | null;
  email: string | null;
  canal_preferido: Canal | null;
  opt_outs: Record<string, string> | null;
  devolvido_em: string | Date | null;
};

/** The contact state routing reads, from a row with the two columns above. */
export const contatoDaLinha = (l: Linha): ContatoDoCliente => ({
  telefone: l.telefone,
  email: l.email,
  preferido: l.canal_preferido,
  optOuts: new Map(Object.entries(l.opt_outs ?? {}).map(([c, em]) => [c as Canal, new Date(em)])),
  emailDevolvidoEm: l.devolvido_em ? new Date(l.devolvido_em) : null,
});

/** Each customer's contact state, for a slice of customers in one query. */
export const contatosDosClientes = async (
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, ContatoDoCliente>> => {
  if (ids.length === 0) return new Map();
  const linhas = linhasDe<Linha & { id: number }>(
    await db.execute(sql`
      SELECT c.id, c.telefone, c.email, c.canal_preferido, ${optOutsSql(sql`c.id`)} AS opt_outs,
        ${devolvidoEmSql(sql`c.email`)} AS devolvido_em
      FROM clientes c
      WHERE c.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`),
  );
  return new Map(linhas.map((l) => [Number(l.id), contatoDaLinha(l)]));
};

/** The channels configured, from their stored settings (no secret opened): WhatsApp always is. */
export const configuradosArmazenados = (email: unknown, sms: unknown): ReadonlySet<Canal> => {
  const canais = new Set<Canal>(['whatsapp']);
  if (emailConfigurado(emailArmazenado.parse(email ?? {}))) canais.add('email');
  if (smsConfigurado(smsArmazenado.parse(sms ?? {}))) canais.add('sms');
  return canais;
};

/** What a customer's channel states need besides its row: its opt-outs, its e-mail's bounce, the channels' settings. */
export type CanaisArmazenados = {
  opt_outs: Record<string, string> | null;
  devolvido_em: string | null;
  email: unknown;
  sms: unknown;
};

/** `CanaisArmazenados` as one JSON value, for the `clientes` row of the caller's statement. */
export const canaisArmazenadosSql = (clienteId: SQL, email: SQL): SQL => sql`(SELECT json_build_object(
    'opt_outs', ${optOutsSql(clienteId)},
    'devolvido_em', ${devolvidoEmSql(email)},
    'email', (SELECT valor FROM configuracoes WHERE chave = 'email'),
    'sms', (SELECT valor FROM configuracoes WHERE chave = 'sms')))`;

/** Each channel's state (docs/produto.md §12) from the customer's row and `canaisArmazenadosSql`. */
export const canaisDaLinha = (
  cliente: { telefone: string | null; email: string | null; canalPreferido: Canal | null },
  canais: CanaisArmazenados,
): CanalCliente[] =>
  estadoDosCanais(
    contatoDaLinha({
      ...canais,
      telefone: cliente.telefone,
      email: cliente.email,
      canal_preferido: cliente.canalPreferido,
    }),
    configuradosArmazenados(canais.email, canais.sms),
  );
