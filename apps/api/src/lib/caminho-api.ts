/** Whether a request URL (path and query) belongs to the JSON API rather than the web app. */
export const ehCaminhoApi = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Whether a web-app path names a file (a built asset) rather than a client-side route, which has no extension. */
export const ehCaminhoDeArquivo = (path: string) =>
  path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(path);
