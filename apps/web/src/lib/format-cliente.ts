import { applyMask, unmask } from './masks.ts';

/** CPF `000.000.000-00` (11 digits) or CNPJ `00.000.000/0000-00` (14, also the alphanumeric one); else as stored. */
export const formatDocumento = (documento: string): string => {
  const raw = unmask(documento);
  if (/^\d{11}$/.test(raw)) return applyMask(raw, 'cpf');
  if (/^[0-9A-Za-z]{12}\d{2}$/.test(raw)) return applyMask(raw, 'cnpj');
  // Foreign documents have no Brazilian layout.
  return documento;
};

/** `+5511987654321` (E.164, as stored) → `(11) 98765-4321`; numbers from abroad stay as they are. */
export const formatTelefone = (telefone: string | null): string => {
  if (!telefone) return '—';
  const digits = telefone.replace(/\D/g, '');
  if (telefone.trim().startsWith('+') && !digits.startsWith('55')) return telefone;
  const national = digits.length > 11 ? digits.replace(/^55/, '') : digits;
  if (/^\d{10,11}$/.test(national)) return applyMask(national, 'telefone');
  return telefone;
};
