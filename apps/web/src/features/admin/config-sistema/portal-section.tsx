import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { FormSection } from '../../../components/form-section.tsx';
import { type CampoNumerico, CamposNumericos, NumeroField } from './campos-numericos.tsx';
import { LinhasEditaveis } from './linhas-editaveis.tsx';
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

/** One tier's fields: from how many days overdue, and the largest discounts it allows. */
const FaixaCampos = ({ index }: { index: number }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 1.5,
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
    }}
  >
    {CAMPOS_FAIXA.map(({ campo, label, step, max }) => (
      <NumeroField
        key={campo}
        name={`portal.faixas_desconto.${index}.${campo}`}
        label={label}
        step={step}
        min={0}
        max={max}
        size="small"
      />
    ))}
  </Box>
);

/** The self-service negotiation the customer's portal offers (docs/produto.md §22). */
export const PortalSection = () => {
  const {
    control,
    getValues,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'portal.faixas_desconto' });
  const faixasErrors = errors.portal?.faixas_desconto;
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
      <LinhasEditaveis
        linhas={fields}
        nome="Faixa"
        erro={faixasErrors?.root?.message ?? faixasErrors?.message}
        tituloId={faixasTitleId}
        grade="minmax(0, 1fr) auto"
        separarNoCelular
        campos={(index) => <FaixaCampos index={index} />}
        onRemover={remove}
        onAdicionar={addRow}
        maximo={MAX_FAIXAS}
        rotuloAdicionar="Adicionar faixa"
      />
    </FormSection>
  );
};
