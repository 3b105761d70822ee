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

/** One customer's channel states (docs/produto.md §12), for screens outside the workspace (the portal). */
export const canaisDoCliente = async (db: DbOrTx, clienteId: number): Promise<CanalCliente[]> => {
  const [contatos, [config]] = await Promise.all([
    contatosDosClientes(db, [clienteId]),
    linhasDe<{ email: unknown; sms: unknown }>(
      await db.execute(sql`
        SELECT (SELECT valor FROM configuracoes WHERE chave = 'email') AS email,
          (SELECT valor FROM configuracoes WHERE chave = 'sms') AS sms`),
    ),
  ]);
  const contato = contatos.get(clienteId);
  return contato ? estadoDosCanais(contato, configuradosArmazenados(config?.email, config?.sms)) : [];
};
