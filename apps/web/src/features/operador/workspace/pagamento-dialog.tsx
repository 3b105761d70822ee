import { type ClienteDetalhe, type ContaReceber, FORMAS_PAGAMENTO, pagamentoBody } from '@cobranca/contracts';
import { formatarValorEmReais, reaisParaCentavos } from '@cobranca/dominio';
import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { formDialogCallbacks } from '../../../components/report-form-error.ts';
import { fieldProps } from '../../../lib/field-props.ts';
import { formatarData } from '../../../lib/format.ts';
import { useRegistrarPagamento } from '../api/cliente.ts';
import { DateField, dataAteHoje, MoneyField, reaisTexto } from './form-fields.tsx';
import { FORMA_LABELS } from './labels.ts';
import { hoje, reaisParaTexto } from './workspace-utils.ts';

const FIELDS = ['conta_id', 'valor', 'data', 'forma', 'observacao'] as const;

const contaLabel = (c: ContaReceber) =>
  `${c.descricao}${c.numero_parcela ? ` (${c.numero_parcela})` : ''} · venc. ${formatarData(c.vencimento)} · atualizado ${formatarValorEmReais(c.valor_atualizado)}`;

const atualizadoDe = (contas: ContaReceber[], id: number) =>
  contas.find((c) => c.id === id)?.valor_atualizado ?? Number.POSITIVE_INFINITY;

// Built per customer: the amount may not exceed the chosen receivable's updated amount (balance + encargos).
// The server checks it again for the payment's date.
const schemaFor = (contas: ContaReceber[]) =>
  z
    .object({
      conta_id: z.string().min(1, 'Escolha a conta paga.').transform(Number),
      valor: reaisTexto(pagamentoBody.shape.valor, 'Informe o valor pago.'),
      data: dataAteHoje,
      forma: z.union([z.literal(''), z.enum(FORMAS_PAGAMENTO)]).pipe(pagamentoBody.shape.forma),
      observacao: pagamentoBody.shape.observacao,
    })
    .refine(
      ({ conta_id, valor }) => reaisParaCentavos(valor) <= reaisParaCentavos(atualizadoDe(contas, conta_id)),
      {
        path: ['valor'],
        error: (issue) => {
          const { conta_id } = issue.input as { conta_id: number };
          return `O valor não pode passar do valor atualizado da conta (${formatarValorEmReais(atualizadoDe(contas, conta_id))}).`;
        },
        // Checked as soon as account and amount are valid, even while other fields still have errors.
        when: ({ issues }) => !issues.some((i) => i.path?.[0] === 'conta_id' || i.path?.[0] === 'valor'),
      },
    );

type PagamentoDialogProps = { cliente: ClienteDetalhe; contas: ContaReceber[]; onClose: () => void };

/** Records a full or partial payment of one open receivable (docs/produto.md §9). */
export const PagamentoDialog = ({ cliente, contas, onClose }: PagamentoDialogProps) => {
  const mutation = useRegistrarPagamento(cliente.id);
  const schema = useMemo(() => schemaFor(contas), [contas]);
  const primeira = contas[0];
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      conta_id: primeira ? String(primeira.id) : '',
      valor: primeira ? reaisParaTexto(primeira.valor_atualizado) : '',
      data: hoje(),
      forma: '',
      observacao: '',
    },
  });
  const {
    control,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const contaId = watch('conta_id');
  const forma = watch('forma');

  const onSubmit = form.handleSubmit(({ observacao, ...body }) =>
    mutation.mutate(
      { ...body, ...(observacao ? { observacao } : {}) },
      formDialogCallbacks({
        success: `Pagamento de ${formatarValorEmReais(body.valor)} registrado.`,
        onClose,
        setError: form.setError,
        fields: FIELDS,
        fallback: 'Não foi possível registrar o pagamento.',
      }),
    ),
  );

  return (
    <FormDialog
      title="Registrar pagamento"
      submitLabel={mutation.isPending ? 'Registrando…' : 'Registrar pagamento'}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        select
        label="Conta"
        value={contaId}
        onChange={(e) => {
          const conta = contas.find((c) => String(c.id) === e.target.value);
          setValue('conta_id', e.target.value, { shouldValidate: true });
          // The amount follows the chosen receivable's updated amount: paying it settles the receivable.
          if (conta) setValue('valor', reaisParaTexto(conta.valor_atualizado));
        }}
        fullWidth
        margin="dense"
        error={Boolean(errors.conta_id)}
        helperText={errors.conta_id?.message}
      >
        {contas.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {contaLabel(c)}
          </MenuItem>
        ))}
      </TextField>
      <MoneyField {...fieldProps(form, 'valor')} label="Valor pago" />
      <DateField control={control} name="data" label="Data do pagamento" maxDate={hoje()} />
      <TextField
        select
        label="Forma de pagamento"
        value={forma}
        onChange={(e) =>
          setValue('forma', e.target.value as (typeof FORMAS_PAGAMENTO)[number], { shouldValidate: true })
        }
        fullWidth
        margin="dense"
        error={Boolean(errors.forma)}
        helperText={errors.forma?.message}
      >
        {FORMAS_PAGAMENTO.map((f) => (
          <MenuItem key={f} value={f}>
            {FORMA_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...fieldProps(form, 'observacao')} label="Observação" multiline />
    </FormDialog>
  );
};
