// Our message id travels with each Cloud API send as `biz_opaque_callback_data`, and Meta echoes it in
// every status webhook of that message (docs/formatos-externos.md §4.6): how a send whose answer never got recorded
// (the sender died after Meta accepted it) is recognised and reconciled instead of sent again.

const REFERENCIA = /^msg:([1-9][0-9]*)$/;

export const referenciaDoEnvio = (mensagemId: number): string => `msg:${mensagemId}`;

/** The id of our message that a reference names, or null when it names none (absent, someone else's). */
export const mensagemDaReferencia = (referencia: string | undefined): number | null => {
  const id = Number(REFERENCIA.exec(referencia ?? '')?.[1]);
  return Number.isSafeInteger(id) ? id : null;
};
