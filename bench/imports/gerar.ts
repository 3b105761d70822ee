import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { gerarCpf } from '@cobranca/dominio';
import { mulberry32 } from '../../apps/api/src/modules/demo/prng.ts';
import {
  chaveDaNota,
  montarNfe,
  montarZip,
} from '../../apps/api/src/modules/importacoes/nfe/nfe.test-fixtures.ts';

/** `linhas` valid, distinct customers with one receivable each, as Excel writes them (`;`, BR formats). */
export const gerarCsv = async (caminho: string, linhas: number, seed = 2026): Promise<void> => {
  const random = mulberry32(seed);
  const usados = new Set<string>();
  const cpfNovo = (): string => {
    let cpf = gerarCpf(random);
    while (usados.has(cpf)) cpf = gerarCpf(random);
    usados.add(cpf);
    return cpf;
  };
  const saida = createWriteStream(caminho);
  saida.write('nome;documento;telefone;email;descricao;valor;vencimento\r\n');
  for (let i = 0; i < linhas; i += 1) {
    const celular = `(11) 9${String(1000_0000 + Math.floor(random() * 8999_9999)).slice(0, 8)}`;
    const valor = `${Math.floor(random() * 5000) + 1},${String(Math.floor(random() * 100)).padStart(2, '0')}`;
    const linha = `Cliente ${i};${cpfNovo()};${celular};cliente${i}@exemplo.com;Fatura ${i};${valor};15/0${(i % 9) + 1}/2027\r\n`;
    if (!saida.write(linha)) await once(saida, 'drain');
  }
  saida.end();
  await once(saida, 'finish');
};

/** A ZIP of `notas` NF-e files, each for its own buyer, with two instalments. */
export const gerarZipNfe = async (notas: number, seed = 2026): Promise<Buffer> => {
  const random = mulberry32(seed);
  return montarZip(
    Array.from({ length: notas }, (_, i) => ({
      nome: `nfe-${i}.xml`,
      dados: montarNfe({
        chave: chaveDaNota(i + 1),
        vNF: '200.00',
        dest: { tag: 'CPF', valor: gerarCpf(random), xNome: `Comprador ${i}`, fone: '11987654321' },
        dups: [
          { nDup: '001', dVenc: '2027-01-10', vDup: '100.00' },
          { nDup: '002', dVenc: '2027-02-10', vDup: '100.00' },
        ],
      }),
    })),
  );
};
