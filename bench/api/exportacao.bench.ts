import { type LinhaBench, ms } from '../resultado.ts';

// README.md § Performance, "export": the admin's whole customer list (every row of the API group's data
// set, with its receivables and messages) downloaded as CSV and as XLSX from the running server, timed
// from the request to the file's last byte (docs/decisions/020-exportacao.md).

const ALVO_MS = 10_000;

const baixar = async (base: string, token: string, formato: 'csv' | 'xlsx') => {
  const inicio = performance.now();
  const resposta = await fetch(`${base}/api/admin/clientes/exportar?formato=${formato}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (resposta.status !== 200 || !resposta.body) throw new Error(`exportação ${formato}: ${resposta.status}`);
  let bytes = 0;
  let quebras = 0;
  for await (const pedaco of resposta.body as AsyncIterable<Uint8Array>) {
    bytes += pedaco.length;
    if (formato === 'csv') for (const b of pedaco) if (b === 0x0a) quebras++;
  }
  return { ms: performance.now() - inicio, bytes, quebras };
};

export const benchExportacao = async (
  base: string,
  tokenAdmin: string,
  clientes: number,
): Promise<LinhaBench> => {
  const csv = await baixar(base, tokenAdmin, 'csv');
  // Header plus one line per customer: a file cut short must not pass for a fast one.
  if (csv.quebras !== clientes + 1)
    throw new Error(`CSV com ${csv.quebras} linhas, esperava ${clientes + 1}`);
  const xlsx = await baixar(base, tokenAdmin, 'xlsx');
  const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
  return {
    medida: `API: exportação de todos os ${clientes.toLocaleString('pt-BR')} clientes (CSV e XLSX)`,
    piso: '—',
    valor: `CSV ${ms(csv.ms)} (${mb(csv.bytes)}), XLSX ${ms(xlsx.ms)} (${mb(xlsx.bytes)})`,
    alvo: `cada um ≤ ${ms(ALVO_MS)}`,
    ok: csv.ms <= ALVO_MS && xlsx.ms <= ALVO_MS,
    detalhes: { csv_ms: csv.ms, csv_bytes: csv.bytes, xlsx_ms: xlsx.ms, xlsx_bytes: xlsx.bytes },
  };
};
