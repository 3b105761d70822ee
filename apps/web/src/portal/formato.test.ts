import {
  contagem as contagemDominio,
  formatarDataBr,
  formatarDocumento,
  formatarValorEmReais,
} from '@cobranca/dominio';
import { describe, expect, it } from 'vitest';
import { contagem, dataBr, documento, haDias, reais } from './formato.ts';

// The portal keeps its own copies of dominio's formats (its bundle must not load @date-fns/tz):
// they must keep saying exactly what the back office says.
describe('portal formats', () => {
  it('reais as dominio writes them, to the cent', () => {
    for (const valor of [0, 0.01, 0.1, 0.29, 1, 12.5, 999.99, 1000, 1234.56, 1032.34, 98765432.1, -5.05]) {
      expect(reais(valor)).toBe(formatarValorEmReais(valor));
    }
    expect(reais(1234.56)).toBe('R$ 1.234,56');
    expect(reais(0.29)).toBe('R$ 0,29');
  });

  it('calendar dates without Date, so no time zone moves them', () => {
    for (const data of ['2026-01-01', '2026-12-31', '2027-02-28'])
      expect(dataBr(data)).toBe(formatarDataBr(data));
    expect(dataBr('2026-01-01')).toBe('01/01/2026');
  });

  it('documents and counts as dominio does', () => {
    for (const doc of ['12345678000195', '52998224725', '12.ABC.345/01DE-35', 'X-123']) {
      expect(documento(doc)).toBe(formatarDocumento(doc));
    }
    for (const n of [0, 1, 2, 1000])
      expect(contagem(n, 'dia', 'dias')).toBe(contagemDominio(n, 'dia', 'dias'));
    expect(haDias(1)).toBe('há 1 dia');
    expect(haDias(12)).toBe('há 12 dias');
  });
});
