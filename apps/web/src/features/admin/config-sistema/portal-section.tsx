import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { type Path, useFieldArray, useFormContext } from 'react-hook-form';
import { type CampoNumerico, CamposNumericos } from './campos-numericos.tsx';
import { FormSection } from './form-section.tsx';
import type { FaixaDesconto, SistemaForm } from './sistema-form.ts';

const MAX_FAIXAS = 10;
const MAX_DIAS = 3650;

const FIELDS: CampoNumerico[] = [
  {
    name: 'portal.validade_link_dias',
    label: 'Validade do link (dias)',
    helper: 'De 1 a 90 dias, contados do envio da mensagem com o link.',
  },
  {
    name: 'portal.parcelas_maximas',
    label: 'Máximo de parcelas',
    helper: 'De 1 a 24. Com 1, o portal oferece só o pagamento à vista.',
  },
  {
    name: 'portal.parcela_minima',
    label: 'Parcela mínima (R$)',
    helper: 'Nenhuma parcela de um plano do portal fica abaixo deste valor.',
    step: 0.01,
  },
  {
    name: 'portal.intervalo_dias',
    label: 'Intervalo entre parcelas (dias)',
    helper: 'De 7 a 60 dias entre um vencimento e o seguinte.',
  },
];

type CampoFaixa = {
  campo: keyof FaixaDesconto;
  label: string;
  step: number;
  max: number;
};

const CAMPOS_FAIXA: CampoFaixa[] = [
  { campo: 'a_partir_de_dias', label: 'A partir de (dias de atraso)', step: 1, max: MAX_DIAS },
  { campo: 'encargos_percentual', label: 'Desconto máximo nos encargos (%)', step: 0.01, max: 100 },
  { campo: 'principal_percentual', label: 'Desconto máximo no principal (%)', step: 0.01, max: 100 },
];

/** The self-service negotiation the customer's portal offers (docs/produto.md §22). */
export const PortalSection = () => {
  const {
    register,
    control,
    getValues,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'portal.faixas_desconto' });
  const faixasErrors = errors.portal?.faixas_desconto;
  const arrayError = faixasErrors?.root?.message ?? faixasErrors?.message;
  const faixasTitleId = useId();

  // A new tier starts 30 days after the last one with its discounts, which the admin then raises.
  const addRow = () => {
    const faixas = getValues('portal.faixas_desconto');
    const ultima = faixas.reduce<FaixaDesconto | undefined>(
      (maior, faixa) =>
        Number.isFinite(faixa.a_partir_de_dias) && (!maior || faixa.a_partir_de_dias > maior.a_partir_de_dias)
          ? faixa
          : maior,
      undefined,
    );
    append({
      a_partir_de_dias: Math.min((ultima?.a_partir_de_dias ?? -30) + 30, MAX_DIAS),
      encargos_percentual: ultima?.encargos_percentual ?? 0,
      principal_percentual: ultima?.principal_percentual ?? 0,
    });
  };

  return (
    <FormSection
      title="Portal do cliente"
      description="Pelo link pessoal que as mensagens levam no marcador {{link}}, o cliente vê e paga suas contas e pode fechar um acordo sozinho. O portal oferece planos do pagamento à vista até o máximo de parcelas, sem nenhuma parcela abaixo da mínima."
    >
      <CamposNumericos campos={FIELDS} />
      <Typography id={faixasTitleId} component="h4" variant="subtitle1" sx={{ mt: 3, fontWeight: 600 }}>
        Faixas de desconto
      </Typography>
      <Typography variant="body2" color="text.secondary">
        O desconto de cada conta segue a faixa dos seus dias de atraso: vale a faixa de maior início que a
        conta já alcançou. Os percentuais são o máximo que o portal pode abater dos encargos (multa e juros) e
        do valor principal.
      </Typography>
      {arrayError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {arrayError}
        </Alert>
      )}
      <Box role="group" aria-labelledby={faixasTitleId} sx={{ mt: 2, display: 'grid', gap: 2 }}>
        {fields.map((field, index) => (
          <Box
            key={field.id}
            role="group"
            aria-label={`Faixa ${index + 1}`}
            sx={{
              display: 'grid',
              gap: 1.5,
              alignItems: 'start',
              gridTemplateColumns: 'minmax(0, 1fr) auto',
              // Stacked on a phone, each tier's three fields need a line to tell them from the next.
              ...(index > 0 && { borderTop: { xs: 1, md: 0 }, borderColor: 'divider', pt: { xs: 2, md: 0 } }),
            }}
          >
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
              }}
            >
              {CAMPOS_FAIXA.map(({ campo, label, step, max }) => {
                const name: Path<SistemaForm> = `portal.faixas_desconto.${index}.${campo}`;
                const message = faixasErrors?.[index]?.[campo]?.message;
                return (
                  <TextField
                    key={campo}
                    {...register(name, { valueAsNumber: true })}
                    label={label}
                    type="number"
                    size="small"
                    error={Boolean(message)}
                    helperText={message}
                    fullWidth
                    slotProps={{
                      htmlInput: { step, min: 0, max, inputMode: step === 1 ? 'numeric' : 'decimal' },
                    }}
                  />
                );
              })}
            </Box>
            <IconButton
              aria-label={`Remover faixa ${index + 1}`}
              onClick={() => remove(index)}
              disabled={fields.length <= 1}
              sx={{ mt: 0.25 }}
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button startIcon={<AddIcon />} onClick={addRow} disabled={fields.length >= MAX_FAIXAS} sx={{ mt: 2 }}>
        Adicionar faixa
      </Button>
    </FormSection>
  );
};
