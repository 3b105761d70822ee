import { applyMask } from './masks.ts';

/** `+5511987654321` (E.164, as stored) → `(11) 98765-4321`; numbers from abroad stay as they are. */
export const formatarTelefone = (telefone: string | null): string => {
  if (!telefone) return '—';
  const digits = telefone.replace(/\D/g, '');
  if (telefone.trim().startsWith('+') && !digits.startsWith('55')) return telefone;
  const national = digits.length > 11 ? digits.replace(/^55/, '') : digits;
  if (/^\d{10,11}$/.test(national)) return applyMask(national, 'telefone');
  return telefone;
};
