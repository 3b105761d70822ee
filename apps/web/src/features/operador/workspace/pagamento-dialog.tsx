import { type ClienteDetalhe, type ContaReceber, FORMAS_PAGAMENTO, pagamentoBody } from '@cobranca/contracts';
import { formatarReais, formatarValorEmReais, lerReais, reaisParaCentavos } from '@cobranca/dominio';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { reportFormError } from '../../../components/report-form-error.ts';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldProps } from '../../../lib/field-props.ts';
import { formatarData } from '../../../lib/format.ts';
import { useRegistrarPagamento } from '../api/cliente.ts';
import { DateField, dataAteHoje, MoneyField, reaisTexto } from './form-fields.tsx';
import { FORMA_LABELS } from './labels.ts';
import { hoje, reaisParaTexto } from './workspace-utils.ts';

const FIELDS = ['conta_id', 'valor', 'data', 'forma', 'observacao'] as const;

const contaLabel = (c: ContaReceber) =>
  `${c.descricao}${c.numero_parcela ? ` (${c.numero_parcela})` : ''} · venc. ${formatarData(c.vencimento)} · atualizado ${formatarValorEmReais(c.valor_atualizado)}`;

const regras = new Intl.PluralRules('pt-BR');
const quantasContas = (n: number) => `${n} ${regras.select(n) === 'one' ? 'conta' : 'contas'}`;

/** The order the server applies one amount in: the oldest due date first, then the oldest receivable. */
const maisAntigasPrimeiro = (contas: ContaReceber[]) =>
  [...contas].sort((a, b) => a.vencimento.localeCompare(b.vencimento) || a.id - b.id);

/**
 * What each receivable takes of `valorCentavos`, oldest first, each up to today's updated amount (the
 * server recomputes it for the payment's date). Receivables the amount does not reach are left out.
 */
export const distribuirPagamento = (contas: ContaReceber[], valorCentavos: number) => {
  const partes: { conta: ContaReceber; centavos: number; quita: boolean }[] = [];
  let resto = valorCentavos;
  for (const conta of maisAntigasPrimeiro(contas)) {
    if (resto <= 0) break;
    const devido = reaisParaCentavos(conta.valor_atualizado);
    const centavos = Math.min(resto, devido);
    partes.push({ conta, centavos, quita: centavos === devido });
    resto -= centavos;
  }
  return partes;
};

const somaAtualizada = (contas: ContaReceber[]) =>
  contas.reduce((soma, c) => soma + reaisParaCentavos(c.valor_atualizado), 0);

const limiteCentavos = (contas: ContaReceber[], distribuir: boolean, contaId: string) =>
  distribuir
    ? somaAtualizada(contas)
    : reaisParaCentavos(contas.find((c) => String(c.id) === contaId)?.valor_atualizado ?? Number.MAX_VALUE);

// Built per customer: the amount may not exceed the chosen receivable's updated amount (balance + encargos),
// or their sum when it is spread over all of them. The server checks it again for the payment's date.
const schemaFor = (contas: ContaReceber[]) =>
  z
    .object({
      distribuir: z.boolean(),
      conta_id: z.string(),
      valor: reaisTexto(pagamentoBody.shape.valor, 'Informe o valor pago.'),
      data: dataAteHoje,
      forma: z.union([z.literal(''), z.enum(FORMAS_PAGAMENTO)]).pipe(pagamentoBody.shape.forma),
      observacao: pagamentoBody.shape.observacao,
    })
    .refine(({ distribuir, conta_id }) => distribuir || conta_id !== '', {
      path: ['conta_id'],
      error: 'Escolha a conta paga.',
    })
    .refine(
      ({ distribuir, conta_id, valor }) =>
        reaisParaCentavos(valor) <= limiteCentavos(contas, distribuir, conta_id),
      {
        path: ['valor'],
        error: (issue) => {
          const { distribuir, conta_id } = issue.input as { distribuir: boolean; conta_id: string };
          const limite = formatarReais(limiteCentavos(contas, distribuir, conta_id));
          return distribuir
            ? `O valor não pode passar da soma dos valores atualizados das contas em aberto (${limite}).`
            : `O valor não pode passar do valor atualizado da conta (${limite}).`;
        },
        // Checked as soon as account and amount are valid, even while other fields still have errors.
        when: ({ issues }) => !issues.some((i) => i.path?.[0] === 'conta_id' || i.path?.[0] === 'valor'),
      },
    );

/** How the amount typed so far would be spread, oldest first (shown while distributing). */
const Distribuicao = ({ contas, valor }: { contas: ContaReceber[]; valor: string }) => {
  const centavos = lerReais(valor || '0');
  const partes = centavos && centavos > 0 ? distribuirPagamento(contas, centavos) : [];
  if (partes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Informe o valor para ver como ele será distribuído.
      </Typography>
    );
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Distribuição ({quantasContas(partes.length)}, mais antiga primeiro)
      </Typography>
      <Box component="ul" aria-label="Distribuição do pagamento" sx={{ pl: 2, my: 0 }}>
        {partes.map(({ conta, centavos: parte, quita }) => (
          <Typography component="li" variant="body2" key={conta.id}>
            {conta.descricao} · venc. {formatarData(conta.vencimento)} · {formatarReais(parte)}{' '}
            {quita ? '(quita)' : '(parcial)'}
          </Typography>
        ))}
      </Box>
    </Box>
  );
};

type PagamentoDialogProps = { cliente: ClienteDetalhe; contas: ContaReceber[]; onClose: () => void };

/** The payment form (first open receivable, its whole updated amount, today) and its submission. */
const usePagamentoForm = ({ cliente, contas, onClose }: PagamentoDialogProps) => {
  const mutation = useRegistrarPagamento(cliente.id);
  const schema = useMemo(() => schemaFor(contas), [contas]);
  const primeira = contas[0];
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      distribuir: false,
      conta_id: primeira ? String(primeira.id) : '',
      valor: primeira ? reaisParaTexto(primeira.valor_atualizado) : '',
      data: hoje(),
      forma: '',
      observacao: '',
    },
  });

  const onSubmit = form.handleSubmit(({ observacao, distribuir: emVarias, conta_id, ...resto }) =>
    mutation.mutate(
      {
        ...(emVarias ? { contas_ids: contas.map((c) => c.id) } : { conta_id: Number(conta_id) }),
        ...resto,
        ...(observacao ? { observacao } : {}),
      },
      {
        onSuccess: (data) => {
          const quantas = data?.pagamentos?.length ?? 1;
          notify.success(
            quantas > 1
              ? `Pagamento de ${formatarValorEmReais(resto.valor)} registrado em ${quantasContas(quantas)}.`
              : `Pagamento de ${formatarValorEmReais(resto.valor)} registrado.`,
          );
          onClose();
        },
        onError: (error) => {
          // The receivables have no field of their own while distributing: their problem goes to the snackbar.
          const contasErro = error instanceof ApiError ? error.errors.contas_ids?.join(' ') : undefined;
          if (contasErro) notify.error(contasErro);
          else reportFormError(error, form.setError, FIELDS, 'Não foi possível registrar o pagamento.');
        },
      },
    ),
  );
  return { form, mutation, onSubmit };
};

/**
 * Records a full or partial payment of one open receivable, or one amount spread over all of them,
 * oldest first (docs/produto.md §9).
 */
export const PagamentoDialog = (props: PagamentoDialogProps) => {
  const { contas, onClose } = props;
  const { form, mutation, onSubmit } = usePagamentoForm(props);
  const {
    control,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const [contaId, forma, distribuir, valor] = watch(['conta_id', 'forma', 'distribuir', 'valor']);

  const alternarDistribuir = (ligado: boolean) => {
    setValue('distribuir', ligado);
    // The amount follows what is being paid: all of it by default.
    const conta = contas.find((c) => String(c.id) === contaId);
    const centavos = ligado ? somaAtualizada(contas) : conta ? reaisParaCentavos(conta.valor_atualizado) : 0;
    setValue('valor', reaisParaTexto(centavos / 100), { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <FormDialog
      title="Registrar pagamento"
      submitLabel={mutation.isPending ? 'Registrando…' : 'Registrar pagamento'}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {contas.length > 1 && (
        <FormControlLabel
          control={<Checkbox checked={distribuir} onChange={(e) => alternarDistribuir(e.target.checked)} />}
          label="Distribuir entre as contas em aberto (mais antiga primeiro)"
        />
      )}
      {!distribuir && (
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
      )}
      <MoneyField {...fieldProps(form, 'valor')} label="Valor pago" />
      {distribuir && <Distribuicao contas={contas} valor={valor} />}
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
