import { CANAIS_PADRAO_ETAPA, TEMPLATE_TIPOS_REGUA } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { FormSection } from '../../../components/form-section.tsx';
import { TIPO_LABELS } from '../mensagens/template-labels.ts';
import { CampoSelecao } from './campo-selecao.tsx';
import { CanaisEtapa } from './canais-etapa.tsx';
import { LinhasEditaveis } from './linhas-editaveis.tsx';
import type { SistemaForm } from './sistema-form.ts';

const MAX_ETAPAS = 20;
const MAX_DIAS = 180;
const TIPO_OPCOES = TEMPLATE_TIPOS_REGUA.map((tipo) => [tipo, TIPO_LABELS[tipo]] as const);

/** "3 dias antes do vencimento", "No dia do vencimento", "1 dia após o vencimento". */
export const descreverDias = (dias: number): string => {
  if (!Number.isInteger(dias)) return '';
  if (dias === 0) return 'No dia do vencimento';
  const n = Math.abs(dias);
  return `${contagem(n, 'dia', 'dias')} ${dias < 0 ? 'antes do' : 'após o'} vencimento`;
};

/**
 * One step's fields: its day (the row moves to its place once typed, through `onDiasBlur`), its message,
 * from `sm` up the day in words, and on a second line its channels in order.
 */
const EtapaCampos = ({ index, onDiasBlur }: { index: number; onDiasBlur: () => void }) => {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  const dias = useWatch({ control, name: `regua.${index}.dias` });
  const diasError = errors.regua?.[index]?.dias?.message;
  const registered = register(`regua.${index}.dias`, { valueAsNumber: true });
  return (
    <>
      <TextField
        {...registered}
        onBlur={async (event) => {
          await registered.onBlur(event);
          onDiasBlur();
        }}
        label="Dias"
        type="number"
        size="small"
        error={Boolean(diasError)}
        helperText={diasError ?? 'negativo = antes do vencimento'}
        slotProps={{ htmlInput: { step: 1, min: -60, max: MAX_DIAS } }}
      />
      <CampoSelecao name={`regua.${index}.tipo`} label="Mensagem" opcoes={TIPO_OPCOES} />
      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' }, pt: 1 }}>
        {descreverDias(dias ?? Number.NaN)}
      </Typography>
      <CanaisEtapa index={index} />
    </>
  );
};

/** The collection schedule: one row per step, kept sorted by day (docs/produto.md §11). */
export const ReguaSection = () => {
  const {
    control,
    getValues,
    formState: { errors },
  } = useFormContext<SistemaForm>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'regua' });

  // Once the days are typed in, the row moves to its place, so the list always reads in sending order.
  const placeRow = (index: number) => {
    const etapas = getValues('regua');
    const dias = etapas[index]?.dias;
    if (dias === undefined || !Number.isFinite(dias)) return;
    const others = etapas.filter((_, i) => i !== index);
    const target = others.filter((etapa) => etapa.dias <= dias).length;
    if (target !== index) move(index, target);
  };

  const addRow = () => {
    const ultimo = Math.max(
      0,
      ...getValues('regua')
        .map((etapa) => etapa.dias)
        .filter(Number.isFinite),
    );
    append({ dias: Math.min(ultimo + 1, MAX_DIAS), tipo: 'atraso', canais: [...CANAIS_PADRAO_ETAPA] });
  };

  return (
    <FormSection
      title="Régua de cobrança"
      description="Quando cada mensagem automática sai, em dias contados a partir do vencimento de cada conta."
    >
      <LinhasEditaveis
        linhas={fields}
        nome="Etapa"
        erro={errors.regua?.root?.message ?? errors.regua?.message}
        grade={{ xs: '1fr 1fr auto', sm: '140px minmax(0, 220px) 1fr auto' }}
        campos={(index) => <EtapaCampos index={index} onDiasBlur={() => placeRow(index)} />}
        onRemover={remove}
        onAdicionar={addRow}
        maximo={MAX_ETAPAS}
        rotuloAdicionar="Adicionar etapa"
      />
    </FormSection>
  );
};
