import {
  type PixProvedor,
  type PixSettingsBody,
  type PixSettingsView,
  pixSettingsBody,
  type TipoContaRecebedor,
} from '@cobranca/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

export type CertificadoFormato = 'pem' | 'pkcs12';

/**
 * The PIX provider form (docs/produto.md §21): every field a string; secrets and certificates start
 * empty, since the stored ones never come back.
 */
export type PixForm = {
  provedor: PixProvedor;
  chave: string;
  base_url: string;
  token_url: string;
  client_id: string;
  client_secret: string;
  /** Which certificate input is shown; not sent. */
  certificado_formato: CertificadoFormato;
  certificado_pem: string;
  chave_privada_pem: string;
  /** The chosen .p12/.pfx, read as base64. */
  pkcs12_base64: string;
  /** Its file name, shown beside the button; not sent. */
  pkcs12_nome: string;
  pkcs12_senha: string;
  webhook_url: string;
  validade_apos_vencimento_dias: string;
  /** PIX Automático's `recebedor`; all three empty sends null (docs/decisions/043-pix-automatico.md). */
  conta_recebedor: { agencia: string; conta: string; tipo_conta: TipoContaRecebedor | '' };
};

/** The account's fields, named as the API names their errors (`conta_recebedor.agencia`…). */
export const CAMPOS_CONTA = [
  'conta_recebedor.agencia',
  'conta_recebedor.conta',
  'conta_recebedor.tipo_conta',
] as const;
type CampoConta = (typeof CAMPOS_CONTA)[number];
export type PixField = Exclude<keyof PixForm, 'conta_recebedor'> | CampoConta;

const SEMPRE: readonly PixField[] = ['provedor', 'chave', 'validade_apos_vencimento_dias'];
const PSP: readonly PixField[] = ['base_url', 'token_url', 'client_id', 'client_secret', 'webhook_url'];
const CERTIFICADO: Record<CertificadoFormato, readonly PixField[]> = {
  pem: ['certificado_pem', 'chave_privada_pem'],
  pkcs12: ['pkcs12_base64', 'pkcs12_senha'],
};

/** The fields on screen for these values: where a message can be shown (the rest goes to the snackbar). */
export const camposVisiveis = (values: Pick<PixForm, 'provedor' | 'certificado_formato'>): PixField[] =>
  values.provedor === 'simulador'
    ? [...SEMPRE]
    : [...SEMPRE, ...PSP, 'certificado_formato', ...CERTIFICADO[values.certificado_formato], ...CAMPOS_CONTA];

export const toForm = (view: PixSettingsView): PixForm => ({
  provedor: view.provedor,
  chave: view.chave,
  base_url: view.base_url ?? '',
  token_url: view.token_url ?? '',
  client_id: view.client_id ?? '',
  client_secret: '',
  certificado_formato: view.certificado?.formato ?? 'pem',
  certificado_pem: '',
  chave_privada_pem: '',
  pkcs12_base64: '',
  pkcs12_nome: '',
  pkcs12_senha: '',
  webhook_url: view.webhook_url ?? '',
  validade_apos_vencimento_dias: String(view.validade_apos_vencimento_dias),
  conta_recebedor: {
    agencia: view.conta_recebedor?.agencia ?? '',
    conta: view.conta_recebedor?.conta ?? '',
    tipo_conta: view.conta_recebedor?.tipo_conta ?? '',
  },
});

const filled = (value: string) => value.trim() !== '';
const orNull = (value: string) => (filled(value) ? value.trim() : null);
// An emptied number field is NaN, which the schema reports in words ("Informe os dias…"), not 0.
const dias = (value: string) => (filled(value) ? Number(value) : Number.NaN);

const certificado = (values: PixForm): Partial<PixSettingsBody> => {
  if (values.certificado_formato === 'pkcs12')
    return filled(values.pkcs12_base64)
      ? {
          pkcs12_base64: values.pkcs12_base64,
          ...(values.pkcs12_senha ? { pkcs12_senha: values.pkcs12_senha } : {}),
        }
      : {};
  return filled(values.certificado_pem) || filled(values.chave_privada_pem)
    ? { certificado_pem: values.certificado_pem.trim(), chave_privada_pem: values.chave_privada_pem.trim() }
    : {};
};

const contaRecebedor = ({
  agencia,
  conta,
  tipo_conta,
}: PixForm['conta_recebedor']): PixSettingsBody['conta_recebedor'] =>
  filled(agencia) || filled(conta) || tipo_conta !== ''
    ? // A type not chosen ('') goes as is, for the schema to report on its field.
      { agencia: orNull(agencia), conta: conta.trim(), tipo_conta: tipo_conta as TipoContaRecebedor }
    : null;

/**
 * The PUT body. The simulator sends only the key and the validity, so the PSP settings stay stored for
 * later; an empty secret or certificate is left out, which keeps the stored one.
 */
export const toBody = (values: PixForm): PixSettingsBody => {
  const comum = {
    provedor: values.provedor,
    chave: values.chave.trim(),
    validade_apos_vencimento_dias: dias(values.validade_apos_vencimento_dias),
  };
  if (values.provedor === 'simulador') return comum;
  return {
    ...comum,
    base_url: orNull(values.base_url),
    token_url: orNull(values.token_url),
    client_id: orNull(values.client_id),
    ...(filled(values.client_secret) ? { client_secret: values.client_secret.trim() } : {}),
    ...certificado(values),
    webhook_url: orNull(values.webhook_url),
    conta_recebedor: contaRecebedor(values.conta_recebedor),
  };
};

// What a PSP cannot be called without, when nothing is stored yet.
const obrigatorios = (values: PixForm, stored: PixSettingsView): [PixField, string][] => {
  const faltam: [PixField, string][] = [];
  if (!filled(values.chave)) faltam.push(['chave', 'Informe a chave PIX que recebe os pagamentos.']);
  if (values.provedor === 'simulador') return faltam;
  if (!filled(values.base_url)) faltam.push(['base_url', 'Informe a URL base da API Pix (https://…/v2).']);
  if (!filled(values.token_url)) faltam.push(['token_url', 'Informe a URL de token do PSP (https://…).']);
  if (!filled(values.client_id)) faltam.push(['client_id', 'Informe o Client ID.']);
  if (!filled(values.client_secret) && !stored.client_secret)
    faltam.push(['client_secret', 'Informe o Client secret.']);
  if (values.certificado_formato === 'pkcs12') {
    if (!filled(values.pkcs12_base64) && !stored.certificado)
      faltam.push(['pkcs12_base64', 'Escolha o arquivo .p12/.pfx do certificado.']);
    return faltam;
  }
  // A PEM certificate only works with its private key: both go together, or neither.
  const novo = filled(values.certificado_pem) || filled(values.chave_privada_pem);
  if (novo || !stored.certificado) {
    if (!filled(values.certificado_pem)) faltam.push(['certificado_pem', 'Cole o certificado (PEM).']);
    if (!filled(values.chave_privada_pem))
      faltam.push(['chave_privada_pem', 'Cole a chave privada (PEM) do certificado.']);
  }
  return faltam;
};

const CAMPO_DA_CONTA = {
  'conta_recebedor.agencia': 'agencia',
  'conta_recebedor.conta': 'conta',
  'conta_recebedor.tipo_conta': 'tipo_conta',
} as const satisfies Record<CampoConta, keyof PixForm['conta_recebedor']>;

const ehCampoConta = (campo: string): campo is CampoConta => campo in CAMPO_DA_CONTA;

// The account's issues carry its sub-field (`conta_recebedor.conta`); the rest, the top-level field.
const campoDoIssue = (path: readonly PropertyKey[]): PixField => {
  const [topo, sub] = path.map(String);
  if (topo !== 'conta_recebedor') return topo as PixField;
  const campo = `conta_recebedor.${sub}`;
  return ehCampoConta(campo) ? campo : 'conta_recebedor.conta';
};

/** Validates the body the form would send with the shared schema, plus what the chosen provider needs. */
export const pixResolver =
  (stored: () => PixSettingsView): Resolver<PixForm, unknown, PixSettingsBody> =>
  async (values) => {
    const errors: FieldErrors<PixForm> = {};
    const add = (field: PixField, message: string) => {
      const erro = { type: 'validation', message };
      if (ehCampoConta(field)) {
        errors.conta_recebedor ??= {};
        errors.conta_recebedor[CAMPO_DA_CONTA[field]] ??= erro;
      } else errors[field] ??= erro;
    };
    for (const [field, message] of obrigatorios(values, stored())) add(field, message);
    const visiveis = camposVisiveis(values);
    const parsed = pixSettingsBody.safeParse(toBody(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = campoDoIssue(issue.path);
        // An issue without a field on screen still has to block the submit somewhere visible.
        add(visiveis.includes(field) ? field : 'provedor', issue.message);
      }
    }
    if (!parsed.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: parsed.data, errors: {} };
  };

/** A .p12/.pfx file as base64 (FileReader's data URL without its `data:…;base64,` prefix). */
export const lerArquivoBase64 = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('Falha ao ler o arquivo.'));
    reader.readAsDataURL(file);
  });
