import type { BoletoContaBody, ContaReceber } from '@cobranca/contracts';
import { validarBoletoDaConta } from '@cobranca/dominio';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contasReceber } from '../../db/schema/index.ts';
import type { Ator } from '../../lib/ator.ts';
import { ErroDominio } from '../../lib/errors.ts';
import { registrarAuditoria } from '../auditoria/auditoria.repository.ts';
import { deClienteDoOperador, type EscopoOperador } from '../clientes/escopo-operador.ts';
import { buscarAtualizacao } from '../clientes/valor-atualizado.ts';
import { toContaReceber } from './conta-receber.mapper.ts';

// A receivable's boleto typed by its operator (docs/conciliacao.md §1): the same checks as the CSV's,
// the nosso número unique per bank, an empty form removes it. Audited.

export const CONTA_NAO_ENCONTRADA = 'Conta a receber não encontrada.';

export const salvarBoletoDaConta = async (
  db: Db,
  escopo: EscopoOperador,
  contaId: number,
  body: BoletoContaBody,
  ator: Ator,
): Promise<ContaReceber> =>
  db.transaction(async (tx) => {
    const [conta] = await tx
      .select()
      .from(contasReceber)
      .where(and(eq(contasReceber.id, contaId), deClienteDoOperador(contasReceber.clienteId, escopo)))
      .for('update');
    if (!conta) throw new ErroDominio('CONTA_NAO_ENCONTRADA', CONTA_NAO_ENCONTRADA);
    const lido = validarBoletoDaConta(
      {
        banco: body.banco ?? '',
        nossoNumero: body.nosso_numero ?? '',
        linhaDigitavel: body.linha_digitavel ?? '',
        codigoBarras: body.codigo_barras ?? '',
      },
      { valorCentavos: conta.valorCentavos, vencimento: conta.vencimento },
    );
    if (!lido.ok)
      throw new ErroDominio(
        'DADOS_INVALIDOS',
        'O boleto não confere.',
        Object.fromEntries(lido.problemas.map((p) => [p.campo, [p.mensagem]])),
      );
    const boleto = lido.boleto;
    if (boleto?.nossoNumero) {
      const [outra] = await tx
        .select({ id: contasReceber.id })
        .from(contasReceber)
        .where(
          and(
            eq(contasReceber.banco, boleto.banco),
            eq(contasReceber.nossoNumero, boleto.nossoNumero),
            ne(contasReceber.id, conta.id),
          ),
        );
      if (outra)
        throw new ErroDominio('DADOS_INVALIDOS', 'O nosso número já é de outra conta.', {
          nosso_numero: [
            `O nosso número ${boleto.nossoNumero} do banco ${boleto.banco} já é da conta nº ${outra.id}.`,
          ],
        });
    }
    const [salva] = await tx
      .update(contasReceber)
      .set({
        banco: boleto?.banco ?? null,
        nossoNumero: boleto?.nossoNumero ?? null,
        linhaDigitavel: boleto?.linhaDigitavel ?? null,
        codigoBarras: boleto?.codigoBarras ?? null,
      })
      .where(eq(contasReceber.id, conta.id))
      .returning();
    if (!salva) throw new Error(`conta ${conta.id} sumiu na própria transação`);
    await registrarAuditoria(tx, {
      usuarioId: ator.usuarioId,
      acao: boleto ? 'conta.boleto_informado' : 'conta.boleto_removido',
      descricao: boleto
        ? `Boleto do banco ${boleto.banco} informado na conta nº ${conta.id}`
        : `Boleto removido da conta nº ${conta.id}`,
      entidade: 'conta_receber',
      entidadeId: conta.id,
      detalhes: {
        cliente_id: conta.clienteId,
        antes: { banco: conta.banco, nosso_numero: conta.nossoNumero, linha_digitavel: conta.linhaDigitavel },
        depois: boleto,
      },
      ip: ator.ip,
    });
    return toContaReceber(salva, await buscarAtualizacao(tx));
  });
