// A bank file's text (docs/conciliacao.md §2): UTF-8 when it decodes as such, else Windows-1252 (a
// superset of the Latin-1 most bank systems write); any line ending, with or without a final one.

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

export const decodificar = (bytes: Uint8Array): string => {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return windows1252.decode(bytes);
  }
};

/** The lines, without their endings; a final empty line (the last line's ending) is not a line. */
export const linhasDoTexto = (texto: string): string[] => {
  const linhas = texto.split(/\r\n|\r|\n/);
  if (linhas.at(-1) === '') linhas.pop();
  return linhas;
};
