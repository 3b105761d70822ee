// What the customer actually wrote in a reply: mail clients append our message below an attribution
// line ("Em qua., 5 de mar. … escreveu:", "On … wrote:") or an Outlook header block, and quote with ">".

const LIMITE = 4096;

const ATRIBUICAO_FIM = /(escreveu|wrote)\s*:\s*$/i;
const ATRIBUICAO_INICIO = /^\s*(Em|On)\s/i;
const SEPARADOR =
  /^\s*-{2,}\s*(mensagem original|original message|mensagem encaminhada|forwarded message)\s*-{2,}\s*$/i;
const OUTLOOK_DE = /^\s*\*?(De|From)\s*:\*?\s/i;
const OUTLOOK_SEGUINTE = /^\s*\*?(Enviado|Enviada|Sent|Data|Date|Para|To)\s*:/i;

/** Index of the first line of the quoted history, or the number of lines when there is none. */
const inicioDoHistorico = (linhas: string[]): number => {
  for (let i = 0; i < linhas.length; i++) {
    const linha = linhas[i] ?? '';
    if (SEPARADOR.test(linha)) return i;
    if (OUTLOOK_DE.test(linha) && linhas.slice(i + 1, i + 4).some((l) => OUTLOOK_SEGUINTE.test(l))) {
      return i > 0 && /^\s*_{8,}\s*$/.test(linhas[i - 1] ?? '') ? i - 1 : i;
    }
    if (!ATRIBUICAO_FIM.test(linha)) continue;
    // Clients wrap a long attribution over two or three lines: cut where "Em"/"On" begins it.
    for (let j = i; j >= Math.max(0, i - 2); j--) {
      const anterior = linhas[j] ?? '';
      if (j < i && anterior.trim() === '') break;
      if (ATRIBUICAO_INICIO.test(anterior)) return j;
    }
    const seguinte = linhas.slice(i + 1).find((l) => l.trim() !== '');
    if (seguinte?.trimStart().startsWith('>')) return i;
  }
  return linhas.length;
};

/** The reply without the quoted history, trimmed, at most 4096 characters. */
export const textoDaResposta = (texto: string): string => {
  const linhas = texto.slice(0, 200_000).replace(/\r\n?/g, '\n').split('\n');
  const proprias = linhas.slice(0, inicioDoHistorico(linhas)).filter((l) => !/^\s*>/.test(l));
  const limpo = proprias
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return Array.from(limpo).slice(0, LIMITE).join('').trim();
};
