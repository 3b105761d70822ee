import { type ClienteDetalhe, reaisField } from '@cobranca/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { formDialogCallbacks } from '../../../components/report-form-error.ts';
import { fieldProps } from '../../../lib/field-props.ts';
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
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      data: '',
      valor: cliente.total_em_aberto > 0 ? reaisParaTexto(cliente.total_em_aberto) : '',
    },
  });

  const onSubmit = form.handleSubmit((body) =>
    mutation.mutate(
      body,
      formDialogCallbacks({
        success: `Promessa de pagamento para ${formatarData(body.data)} registrada.`,
        onClose,
        setError: form.setError,
        fields: FIELDS,
        fallback: 'Não foi possível registrar a promessa.',
      }),
    ),
  );

  return (
    <FormDialog
      title="Promessa de pagamento"
      submitLabel={mutation.isPending ? 'Registrando…' : 'Registrar promessa'}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <DateField control={form.control} name="data" label="Data prometida" minDate={hoje()} />
      <MoneyField {...fieldProps(form, 'valor')} label="Valor prometido" />
    </FormDialog>
  );
};
