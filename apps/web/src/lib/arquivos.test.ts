import { IMPORTACAO_TAMANHO_MAXIMO_BYTES } from '@cobranca/contracts';
import { describe, expect, it } from 'vitest';
import { extensaoDe, formatarTamanho, MENSAGEM_TAMANHO, problemaDoArquivo } from './arquivos.ts';

// A File whose size is faked, so the test need not allocate 20 MB.
const arquivo = (nome: string, size: number) => {
  const file = new File(['x'], nome);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('problemaDoArquivo', () => {
  it('accepts a file of an allowed extension, whatever its case, up to 20 MB', () => {
    expect(problemaDoArquivo(arquivo('clientes.CSV', IMPORTACAO_TAMANHO_MAXIMO_BYTES), ['csv'])).toBeNull();
  });

  it('refuses a file above 20 MB', () => {
    expect(MENSAGEM_TAMANHO).toBe('O arquivo excede 20 MB.');
    expect(problemaDoArquivo(arquivo('a.zip', IMPORTACAO_TAMANHO_MAXIMO_BYTES + 1), ['xml', 'zip'])).toBe(
      'O arquivo excede 20 MB.',
    );
  });

  it('refuses another extension and an empty file', () => {
    expect(problemaDoArquivo(arquivo('planilha.xlsx', 10), ['csv'])).toBe('O arquivo precisa ser .csv.');
    expect(problemaDoArquivo(arquivo('nota', 10), ['xml', 'zip'])).toBe(
      'O arquivo precisa ser .xml ou .zip.',
    );
    expect(problemaDoArquivo(arquivo('vazio.csv', 0), ['csv'])).toBe('O arquivo está vazio.');
  });
});

describe('file helpers', () => {
  it('reads the extension in lower case', () => {
    expect(extensaoDe('Notas.2026.ZIP')).toBe('zip');
    expect(extensaoDe('sem-extensao')).toBe('');
  });

  it('formats sizes in pt-BR', () => {
    expect(formatarTamanho(532)).toBe('532 B');
    expect(formatarTamanho(12_700)).toBe('12,4 KB');
    expect(formatarTamanho(3.25 * 1024 * 1024)).toBe('3,3 MB');
  });
});
