import { lerCnab240 } from './cnab240.ts';
import { lerCnab400 } from './cnab400.ts';
import { type ArquivoLido, ErroDeArquivo } from './lancamento.ts';
import { ehOfx, lerOfx } from './ofx.ts';
import { decodificar, linhasDoTexto } from './texto.ts';

/** A bank file as uploaded: OFX by its header, CNAB by its line width; anything else refused. */
export const lerArquivoBancario = (bytes: Uint8Array): ArquivoLido => {
  const conteudo = decodificar(bytes);
  if (ehOfx(conteudo)) return lerOfx(conteudo);
  const linhas = linhasDoTexto(conteudo);
  const largura = linhas[0]?.length ?? 0;
  if (largura === 0) throw new ErroDeArquivo(null, 'o arquivo está vazio.');
  if (largura === 240) return lerCnab240(linhas);
  if (largura === 400) return lerCnab400(linhas);
  throw new ErroDeArquivo(
    1,
    `tem ${largura} caracteres: não é um retorno CNAB 240 nem CNAB 400, e não começa como um OFX.`,
  );
};
