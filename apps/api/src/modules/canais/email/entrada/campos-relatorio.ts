// The machine-readable parts of delivery reports (RFC 3464 message/delivery-status) and feedback reports
// (RFC 5965 message/feedback-report), and the headers of the message they return: all are blocks of
// header fields separated by blank lines.

/** Each block of `Name: value` fields, names in lower case, folded lines joined; the first of a repeated field wins. */
export const blocosDeCampos = (texto: string): Map<string, string>[] => {
  const blocos: Map<string, string>[] = [];
  let atual = new Map<string, string>();
  let ultimo: string | null = null;
  for (const linha of texto.replace(/\r\n?/g, '\n').split('\n')) {
    if (linha.trim() === '') {
      if (atual.size > 0) blocos.push(atual);
      atual = new Map();
      ultimo = null;
      continue;
    }
    if (/^[ \t]/.test(linha) && ultimo) {
      atual.set(ultimo, `${atual.get(ultimo)} ${linha.trim()}`);
      continue;
    }
    const separador = linha.indexOf(':');
    if (separador <= 0) continue;
    const nome = linha.slice(0, separador).trim().toLowerCase();
    ultimo = atual.has(nome) ? null : nome;
    if (ultimo) atual.set(nome, linha.slice(separador + 1).trim());
  }
  if (atual.size > 0) blocos.push(atual);
  return blocos;
};

/** The header section of a returned message (message/rfc822 or text/rfc822-headers). */
export const cabecalhosDe = (mensagem: string): Map<string, string> => {
  const fim = mensagem.search(/\r?\n\r?\n/);
  return blocosDeCampos(fim === -1 ? mensagem : mensagem.slice(0, fim))[0] ?? new Map();
};

/** `rfc822; <Ana@X.com>` or `Ana <ana@x.com>` → `ana@x.com`; null when there is no address. */
export const enderecoDe = (valor: string | undefined): string | null => {
  if (!valor) return null;
  const semTipo = /^[a-z0-9-]+\s*;/i.test(valor) ? valor.slice(valor.indexOf(';') + 1) : valor;
  const endereco = semTipo.match(/[^\s<>"',;:()]+@[^\s<>"',;:()]+/)?.[0];
  return endereco ? endereco.toLowerCase() : null;
};

/** A Message-ID in the `<id@host>` form mailparser uses, so the integrator compares like with like. */
export const idDeMensagem = (valor: string | undefined): string | null => {
  const id = valor?.match(/<([^<>\s]+)>/)?.[1] ?? valor?.trim().match(/^[^<>\s]+@[^<>\s]+$/)?.[0];
  return id ? `<${id}>` : null;
};
