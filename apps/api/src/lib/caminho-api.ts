/** Whether a request URL (path and query) belongs to the JSON API rather than the web app. */
export const ehCaminhoApi = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
