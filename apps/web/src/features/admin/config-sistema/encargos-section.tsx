import { FormSection } from '../../../components/form-section.tsx';
import { type CampoNumerico, CamposNumericos } from './campos-numericos.tsx';

const FIELDS: CampoNumerico[] = [
  {
    name: 'encargos.multa_percentual',
    label: 'Multa por atraso (%)',
    helper: 'Cobrada uma vez sobre o saldo. Máximo de 2% (Código de Defesa do Consumidor, art. 52, § 1º).',
    step: 0.01,
  },
  {
    name: 'encargos.juros_mensal_percentual',
    label: 'Juros de mora (% ao mês)',
    helper:
      'Juros simples, proporcionais aos dias de atraso (mês de 30 dias). Usual: 1% ao mês (Código Civil, art. 406).',
  },
] as const;

/** Multa and juros of overdue receivables: what lists, messages and PIX charges add to the principal. */
export const EncargosSection = () => (
  <FormSection
    title="Encargos por atraso"
    description="Uma conta vencida passa a valer o saldo mais multa e juros, contados do dia seguinte ao vencimento (ou ao próximo dia útil, se o vencimento cair em fim de semana ou feriado nacional). Os valores aparecem atualizados nas listas, nas mensagens e nas cobranças PIX."
  >
    <CamposNumericos campos={FIELDS} />
  </FormSection>
);
