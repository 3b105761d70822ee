import {
  type ClienteDetalhe,
  type ContaReceber,
  negociacaoBody,
  type TermosAcordoView,
} from '@cobranca/contracts';
import {
  calcularAcordo,
  ehDataIso,
  formatarReais,
  formatarValorEmReais,
  lerReais,
  reaisParaCentavos,
  somarDias,
} from '@cobranca/dominio';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { fieldProps } from '../../../lib/field-props.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { formatarData } from '../../../lib/format.ts';
import { useCriarNegociacao, useDisponibilidadeDebito } from '../api/cliente.ts';
import { DateField, dataDeHoje, MoneyField, reaisTexto } from './form-fields.tsx';
import { NegociacaoPreview } from './negociacao-preview.tsx';
import { hoje } from './workspace-utils.ts';

const FIELDS = [
  'desconto',
  'parcelas',
  'primeiro_vencimento',
  'intervalo_dias',
  'observacao',
  'debito_automatico',
] as const;
const { shape } = negociacaoBody;

const regras = new Intl.PluralRules('pt-BR');
const quantasParcelas = (n: number) => `${n} ${regras.select(n) === 'one' ? 'parcela' : 'parcelas'}`;

/** What the operator is told after confirming: the agreement, and truthfully whether the terms went out. */
export const avisoDoAcordo = (
  parcelas: number,
  termos: TermosAcordoView | undefined,
): { mensagem: string; cor: 'success' | 'warning' } => {
  const acordo = `Acordo em ${quantasParcelas(parcelas)} registrado`;
  if (!termos) return { mensagem: `${acordo}.`, cor: 'success' };
  if (termos.na_fila) return { mensagem: `${acordo}; os termos foram para a fila de envio.`, cor: 'success' };
  return {
    mensagem: `${acordo}, mas os termos não foram enviados: ${termos.motivo ?? 'o cliente não pode receber mensagens.'}`,
    cor: 'warning',
  };
};

/** Before confirming: whether the customer will receive the terms (same rules as the server's). */
const destinoDosTermos = (cliente: ClienteDetalhe, debito: boolean): string => {
  if (!cliente.telefone) return 'O cliente não tem telefone cadastrado: os termos não serão enviados.';
  if (cliente.opt_out) return 'O cliente pediu para não receber mensagens: os termos não serão enviados.';
  return debito
    ? 'Ao confirmar, os termos vão para o cliente com um PIX que paga a 1ª parcela e autoriza, no app do banco dele, o débito automático das demais.'
    : 'Ao confirmar, os termos do acordo (parcelas, valores e o PIX da primeira parcela) vão para o cliente por mensagem.';
};

/** Why the automatic debit cannot be chosen for this agreement now; null when it can. */
const semDebito = (
  cliente: ClienteDetalhe,
  disponibilidade: { disponivel: boolean; motivo: string | null } | undefined,
  parcelas: number,
): string | null => {
  if (!disponibilidade) return 'Verificando se o débito automático está disponível…';
  if (!disponibilidade.disponivel) return disponibilidade.motivo ?? 'Débito automático indisponível.';
  if (cliente.documento_tipo !== 'cpf' && cliente.documento_tipo !== 'cnpj')
    return 'O débito automático exige o CPF ou o CNPJ do cliente.';
  if (!(parcelas >= 2)) return 'O débito automático vale para acordos de 2 ou mais parcelas.';
  return null;
};

const schemaFor = (totalCentavos: number) =>
  z.object({
    desconto: reaisTexto(shape.desconto, 'Informe o desconto (0 para nenhum).').refine(
      (d) => reaisParaCentavos(d) < totalCentavos,
      'O desconto deve ser menor que o total das contas.',
    ),
    parcelas: shape.parcelas,
    primeiro_vencimento: dataDeHoje,
    intervalo_dias: z.number({ error: 'Informe o intervalo em dias.' }).pipe(shape.intervalo_dias.unwrap()),
    observacao: shape.observacao,
    debito_automatico: z.boolean(),
  });

/** The instalments of the agreement as typed; none while a field the arithmetic needs is unusable. */
const previaDoAcordo = (
  totalCentavos: number,
  [desconto, parcelas, primeiro, intervalo, mensal]: [string, number, string, number, boolean],
) => {
  const descontoCentavos = lerReais(desconto || '0');
  const previaValida =
    ehDataIso(primeiro) &&
    parcelas <= 24 &&
    Number.isInteger(intervalo) &&
    intervalo >= 1 &&
    intervalo <= 90 &&
    descontoCentavos !== null;
  return previaValida
    ? calcularAcordo({
        saldosCentavos: [totalCentavos],
        descontoCentavos,
        parcelas,
        primeiroVencimento: primeiro,
        intervaloDias: intervalo,
        mensal,
      }).parcelas
    : [];
};

/** The selected receivables at today's updated amounts, their total, and the encargos a discount may waive. */
const ContasDoAcordo = ({ contas, totalCentavos }: { contas: ContaReceber[]; totalCentavos: number }) => {
  const encargosCentavos = contas.reduce(
    (soma, c) => soma + reaisParaCentavos(c.multa) + reaisParaCentavos(c.juros),
    0,
  );
  return (
    <>
      <Box component="ul" aria-label="Contas do acordo" sx={{ pl: 2, my: 0 }}>
        {contas.map((c) => (
          <Typography component="li" variant="body2" key={c.id}>
            {c.descricao} · venc. {formatarData(c.vencimento)} · {formatarValorEmReais(c.valor_atualizado)}
          </Typography>
        ))}
      </Box>
      <Typography sx={{ mt: 1, fontWeight: 600 }}>
        Total atualizado: {formatarReais(totalCentavos)}
      </Typography>
      {encargosCentavos > 0 && (
        <Typography variant="body2" color="text.secondary">
          Inclui {formatarReais(encargosCentavos)} de multa e juros, que o desconto pode dispensar.
        </Typography>
      )}
    </>
  );
};

type NegociacaoDialogProps = {
  cliente: ClienteDetalhe;
  contas: ContaReceber[];
  onClose: () => void;
  onSuccess: () => void;
};

/** An agreement over the selected open receivables, with a live preview of its instalments (docs/produto.md §8). */
export const NegociacaoDialog = ({ cliente, contas, onClose, onSuccess }: NegociacaoDialogProps) => {
  const mutation = useCriarNegociacao(cliente.id);
  // Agreements start from today's updated amounts; the discount may waive the encargos (docs/produto.md §8).
  const totalCentavos = contas.reduce((soma, c) => soma + reaisParaCentavos(c.valor_atualizado), 0);
  const schema = useMemo(() => schemaFor(totalCentavos), [totalCentavos]);
  const [geral, setGeral] = useState<string | null>(null);
  const idAjudaDebito = useId();
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      desconto: '0',
      parcelas: 1,
      primeiro_vencimento: somarDias(hoje(), 7),
      intervalo_dias: 30,
      observacao: '',
      debito_automatico: false,
    },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = form;

  // The server's own arithmetic: what the preview shows is what the agreement will store.
  const previa = previaDoAcordo(
    totalCentavos,
    watch(['desconto', 'parcelas', 'primeiro_vencimento', 'intervalo_dias', 'debito_automatico']),
  );
  const disponibilidade = useDisponibilidadeDebito();
  const debito = watch('debito_automatico');
  const motivoSemDebito = semDebito(cliente, disponibilidade.data, watch('parcelas'));

  const onSubmit = handleSubmit(({ observacao, debito_automatico, ...valores }) => {
    setGeral(null);
    // Monthly instalments: a recurrence charges once a month (docs/pix-automatico.md §1).
    const comDebito = debito_automatico && motivoSemDebito === null;
    mutation.mutate(
      {
        contas: contas.map((c) => c.id),
        ...valores,
        ...(comDebito ? { debito_automatico: true, intervalo_dias: 30 } : {}),
        ...(observacao ? { observacao } : {}),
      },
      {
        onSuccess: (data) => {
          const { mensagem, cor } = avisoDoAcordo(valores.parcelas, data?.termos);
          notify[cor](mensagem);
          onSuccess();
        },
        onError: (error) => {
          const message = errorMessage(error, 'Não foi possível registrar o acordo.');
          const placed = setServerFieldErrors(error, setError, FIELDS);
          // The chosen receivables have no field of their own: their problem goes on top.
          const contasErro = error instanceof ApiError ? error.errors.contas?.join(' ') : undefined;
          if (contasErro || !placed) setGeral(contasErro ?? message);
          notify.error(message);
        },
      },
    );
  });

  return (
    <FormDialog
      title="Negociar contas"
      submitLabel={mutation.isPending ? 'Registrando…' : 'Confirmar acordo'}
      pending={mutation.isPending}
      onSubmit={onSubmit}
      onClose={onClose}
      erro={geral}
    >
      <ContasDoAcordo contas={contas} totalCentavos={totalCentavos} />
      <MoneyField {...fieldProps(form, 'desconto')} label="Desconto" />
      <Box sx={{ display: 'flex', gap: 2 }}>
        <TextField
          {...register('parcelas', { valueAsNumber: true })}
          label="Parcelas"
          type="number"
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { min: 1, max: 24 } }}
          error={Boolean(errors.parcelas)}
          helperText={errors.parcelas?.message ?? 'De 1 a 24'}
        />
        <TextField
          {...register('intervalo_dias', { valueAsNumber: true })}
          label="Intervalo em dias"
          type="number"
          fullWidth
          margin="dense"
          disabled={debito}
          slotProps={{ htmlInput: { min: 1, max: 90 } }}
          error={Boolean(errors.intervalo_dias)}
          helperText={
            errors.intervalo_dias?.message ?? (debito ? 'Mensal: no mesmo dia de cada mês' : undefined)
          }
        />
      </Box>
      <DateField control={control} name="primeiro_vencimento" label="Primeiro vencimento" minDate={hoje()} />
      <TextField {...fieldProps(form, 'observacao')} label="Observação" multiline />
      <Controller
        name="debito_automatico"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: 1 }}
            label="Débito automático por PIX (PIX Automático) nas parcelas seguintes"
            control={
              <Switch
                checked={field.value && motivoSemDebito === null}
                disabled={motivoSemDebito !== null}
                onChange={(_evento, ligado) => {
                  field.onChange(ligado);
                  if (ligado) form.setValue('intervalo_dias', 30);
                }}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref, 'aria-describedby': idAjudaDebito } }}
              />
            }
          />
        )}
      />
      <FormHelperText id={idAjudaDebito} error={Boolean(errors.debito_automatico)}>
        {errors.debito_automatico?.message ??
          motivoSemDebito ??
          'O cliente autoriza uma vez e cada parcela é debitada na sua data, com novas tentativas se faltar saldo.'}
      </FormHelperText>
      <NegociacaoPreview parcelas={previa} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {destinoDosTermos(cliente, debito && motivoSemDebito === null)}
      </Typography>
    </FormDialog>
  );
};
