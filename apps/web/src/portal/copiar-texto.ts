/**
 * Copies `texto` to the clipboard and answers what to announce. Where the clipboard is missing (outside
 * secure contexts) or refused (some in-app browsers), selects the field instead, for the phone's menu.
 */
export const copiarTexto = async (
  texto: string,
  campo: HTMLInputElement | HTMLTextAreaElement | null,
  copiado: string,
): Promise<string> => {
  try {
    if (!navigator.clipboard) throw new Error('sem clipboard');
    await navigator.clipboard.writeText(texto);
    return copiado;
  } catch {
    campo?.focus();
    campo?.select();
    return 'Não foi possível copiar. O código está selecionado: copie pelo menu do celular.';
  }
};
