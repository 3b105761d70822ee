import { notify } from './snackbar/snackbar-store.ts';

/** Copies `valor` to the clipboard and says so in the snackbar (`sucesso`), or asks to copy by hand. */
export const copiarTexto = async (valor: string, sucesso = 'Copiado'): Promise<void> => {
  try {
    // Missing outside secure contexts (plain http on a LAN address), hence the check.
    if (!navigator.clipboard) throw new Error('clipboard indisponível');
    await navigator.clipboard.writeText(valor);
    notify.success(sucesso);
  } catch {
    notify.error('Não foi possível copiar. Selecione o texto e copie manualmente.');
  }
};
