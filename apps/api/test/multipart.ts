/** A multipart/form-data body for `app.inject`, one part per file, all under `campo`. */
export const multipart = (
  campo: string,
  arquivos: { nome: string; conteudo: string | Buffer; tipo?: string }[],
): { payload: Buffer; headers: Record<string, string> } => {
  const fronteira = `----teste${Math.random().toString(16).slice(2)}`;
  const partes = arquivos.flatMap(({ nome, conteudo, tipo }) => [
    Buffer.from(
      `--${fronteira}\r\nContent-Disposition: form-data; name="${campo}"; filename="${nome}"\r\n` +
        `Content-Type: ${tipo ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.isBuffer(conteudo) ? conteudo : Buffer.from(conteudo),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...partes, Buffer.from(`--${fronteira}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${fronteira}` },
  };
};
