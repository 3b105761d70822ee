import { type ClienteDetalhe, reaisField } from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { reportFormError } from '../../../components/report-form-error.ts';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { formatarData } from '../../../lib/format.ts';
import { useRegistrarPromessa } from '../api/cliente.ts';
import { DateField, dataDeHoje, MoneyField, reaisTexto } from './form-fields.tsx';
import { hoje, reaisParaTexto } from './workspace-utils.ts';

const FIELDS = ['data', 'valor'] as const;
const schema = z.object({
  data: dataDeHoje,
  valor: reaisTexto(reaisField('o valor prometido'), 'Informe o valor prometido.'),
});

/** The customer promised to pay: collection is snoozed until that date (docs/produto.md §10). */
export const PromessaDialog = ({ cliente, onClose }: { cliente: ClienteDetalhe; onClose: () => void }) => {
  const mutation = useRegistrarPromessa(cliente.id);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      data: '',
      valor: cliente.total_em_aberto > 0 ? reaisParaTexto(cliente.total_em_aberto) : '',
    },
  });

  const onSubmit = handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: () => {
        notify.success(`Promessa de pagamento para ${formatarData(body.data)} registrada.`);
        onClose();
      },
      onError: (error) => {
        reportFormError(error, setError, FIELDS, 'Não foi possível registrar a promessa.');
      },
    }),
  );

  return (
    <FormDialog
      title="Promessa de pagamento"
      submitLabel={mutation.isPending ? 'Registrando…' : 'Registrar promessa'}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <DateField control={control} name="data" label="Data prometida" minDate={hoje()} />
      <MoneyField
        {...register('valor')}
        label="Valor prometido"
        error={Boolean(errors.valor)}
        helperText={errors.valor?.message}
      />
    </FormDialog>
  );
};
