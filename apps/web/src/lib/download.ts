import { apiFetch, authHeaders } from './api-client.ts';

/** Hands a Blob to the browser as a download named `nome` (an object URL clicked through a hidden link). */
export const salvarArquivo = (blob: Blob, nome: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers still read the URL right after the click.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/**
 * GETs `/api{path}` as a file and saves it as `nome`. A plain link cannot send the bearer token, so
 * the file comes through fetch with the API client's headers, errors and 401 handling.
 */
export const baixarArquivo = async (path: string, nome: string, signal?: AbortSignal): Promise<void> => {
  const response = await apiFetch(path, { headers: authHeaders('*/*'), signal });
  salvarArquivo(await response.blob(), nome);
};
