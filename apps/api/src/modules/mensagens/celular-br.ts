// Brazil's 9th digit (docs/formatos-externos.md §4.7): WhatsApp accounts older than the mandatory "9" still write
// from `55 11 8765-4321`, while the customer was imported as `+55 11 98765-4321` (or the other way round).

const COM_NONO = /^\+55(\d{2})9([6-9]\d{7})$/;
const SEM_NONO = /^\+55(\d{2})([6-9]\d{7})$/;

/** The E.164 number itself, then its Brazilian mobile twin with or without the 9th digit, if it has one. */
export const variantesCelular = (telefone: string): string[] => {
  if (COM_NONO.test(telefone)) return [telefone, telefone.replace(COM_NONO, '+55$1$2')];
  if (SEM_NONO.test(telefone)) return [telefone, telefone.replace(SEM_NONO, '+55$19$2')];
  return [telefone];
};
