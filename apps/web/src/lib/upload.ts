import { ApiError, authHeaders, CONNECTION_ERROR, failure, parseBody } from './api-client.ts';

export type UploadOptions = {
  /** Percentage of the request body sent (0–100); 100 once the upload is over and the server works. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/**
 * POSTs files as multipart/form-data under `/api{path}`, each under `campo`. XMLHttpRequest rather than
 * fetch, because only it reports upload progress. Headers, errors and 401 as in the API client.
 */
export const enviarArquivos = <T>(
  path: string,
  campo: string,
  files: readonly File[],
  { onProgress, signal }: UploadOptions = {},
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const form = new FormData();
    for (const file of files) form.append(campo, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    // No Content-Type: the browser writes the multipart boundary itself.
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.upload.addEventListener('load', () => onProgress?.(100));
    xhr.addEventListener('load', () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body as T);
        return;
      }
      reject(failure(xhr.status, body, path));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, CONNECTION_ERROR)));
    xhr.addEventListener('abort', () =>
      reject(signal?.reason ?? new DOMException('Envio cancelado.', 'AbortError')),
    );
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
