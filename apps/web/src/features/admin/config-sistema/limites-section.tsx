import { FormSection } from '../../../components/form-section.tsx';
import { type CampoNumerico, CamposNumericos } from './campos-numericos.tsx';

const FIELDS: CampoNumerico[] = [
  {
    name: 'tentativas_com_falhas',
    label: 'Tentativas até "com falhas"',
    helper: 'Contatos sem resposta antes de o cliente ir para um operador.',
  },
  { name: 'limites_contato.por_dia', label: 'Mensagens por cliente por dia', helper: 'Entre 1 e 10.' },
  { name: 'limites_contato.por_semana', label: 'Mensagens por cliente por semana', helper: 'Entre 1 e 30.' },
  {
    name: 'vazao_canal_por_segundo',
    label: 'Vazão do canal (mensagens por segundo)',
    helper: 'WhatsApp Cloud API: 80 por número, por padrão.',
  },
  {
    name: 'desconto_maximo_percentual',
    label: 'Desconto máximo em acordos (%)',
    helper: 'Maior desconto que um operador pode conceder.',
    step: 0.5,
  },
  {
    name: 'sessao_horas',
    label: 'Duração da sessão (horas)',
    helper: 'Depois disso, é preciso entrar de novo.',
  },
];

/** Contact caps, throughput and other numeric limits. */
export const LimitesSection = () => (
  <FormSection title="Limites">
    <CamposNumericos campos={FIELDS} />
  </FormSection>
);
