import { lerReais } from '@cobranca/dominio';
import { parseSync } from 'ofx-js';
import { type ArquivoLido, dataDoCampo, ErroDeArquivo, type Lancamento } from './lancamento.ts';

// OFX bank statements, 1.x SGML and 2.x XML (docs/conciliacao.md §4), read by ofx-js. Every STMTRS
// of the file (one per account), every STMTTRN of it; a credit is a candidate payment, the rest is
// recorded as what it is. Brazilian banks write amounts with a decimal comma and thousands dots, pad them
// with spaces, and append the time zone to dates (`20170901000000[-3:GMT]`): the date is the bank's day.

type No = Record<string, unknown>;

const lista = (valor: unknown): No[] =>
  valor === undefined || valor === null
    ? []
    : (Array.isArray(valor) ? valor : [valor]).filter((v) => typeof v === 'object');

const texto = (no: No, nome: string): string => {
  const v = no[nome];
  return typeof v === 'string' ? v.trim() : '';
};

/** Every STMTRS aggregate, wherever the bank nested it (one STMTTRNRS with several, or several). */
const extratos = (no: unknown): No[] => {
  if (Array.isArray(no)) return no.flatMap(extratos);
  if (!no || typeof no !== 'object') return [];
  return Object.entries(no as No).flatMap(([chave, valor]) =>
    chave === 'STMTRS' ? lista(valor) : extratos(valor),
  );
};

/** `-1.234,56`, `13318.36 `, `6000.000,00` → signed cents. */
const valorOfx = (bruto: string, linha: number): number => {
  const limpo = bruto.replace(/\s/g, '');
  const negativo = limpo.startsWith('-');
  const centavos = lerReais(limpo.replace(/^[-+]/, ''));
  if (centavos === null) throw new ErroDeArquivo(linha, `o valor "${bruto.trim()}" não é um valor.`);
  return negativo ? -centavos : centavos;
};

/** The line of each `<STMTTRN>` in the text, in order: the entries come in the same order. */
const linhasDasTransacoes = (conteudo: string): number[] => {
  const linhas: number[] = [];
  let linha = 1;
  for (const m of conteudo.matchAll(/<STMTTRN>|\n/gi)) {
    if (m[0] === '\n') linha += 1;
    else linhas.push(linha);
  }
  return linhas;
};

export const ehOfx = (conteudo: string): boolean =>
  /^\s*(OFXHEADER\s*:|<\?xml[^>]*>\s*<\?OFX|<OFX>)/i.test(conteudo);

export const lerOfx = (conteudo: string): ArquivoLido => {
  let ofx: No;
  try {
    ofx = parseSync(conteudo).OFX as No;
  } catch (error) {
    throw new ErroDeArquivo(null, `o OFX está malformado ou incompleto (${(error as Error).message}).`);
  }
  const contas = extratos(ofx);
  if (contas.length === 0) throw new ErroDeArquivo(null, 'o OFX não tem extrato de conta corrente (STMTRS).');
  const linhas = linhasDasTransacoes(conteudo);
  const lancamentos: Lancamento[] = [];
  let banco = '';
  let conta: string | null = null;
  for (const extrato of contas) {
    const origem = lista(extrato.BANKACCTFROM)[0] ?? {};
    const bancoDoExtrato = texto(origem, 'BANKID').replace(/\D/g, '').slice(-3).padStart(3, '0');
    const contaDoExtrato = texto(origem, 'ACCTID').replace(/\s/g, '');
    banco ||= bancoDoExtrato;
    conta ??= contaDoExtrato || null;
    for (const t of lista(lista(extrato.BANKTRANLIST)[0]?.STMTTRN)) {
      const linha = linhas[lancamentos.length] ?? 0;
      const fitid = texto(t, 'FITID');
      if (!fitid) throw new ErroDeArquivo(linha, 'a transação não tem FITID, o seu identificador no banco.');
      const valor = valorOfx(texto(t, 'TRNAMT'), linha);
      const data = dataDoCampo(
        texto(t, 'DTPOSTED')
          .slice(0, 8)
          .replace(/^(\d{4})(\d{2})(\d{2})$/, '$3$2$1'),
        linha,
        'A data (DTPOSTED)',
      );
      if (!data) throw new ErroDeArquivo(linha, 'a transação não tem data (DTPOSTED).');
      const tipoBanco = texto(t, 'TRNTYPE').toUpperCase();
      const historico = [texto(t, 'NAME'), texto(t, 'MEMO')].filter(Boolean).join(' — ');
      lancamentos.push({
        linha,
        chave: `ofx:${bancoDoExtrato}:${contaDoExtrato}:${fitid}`,
        tipo: valor > 0 ? 'credito' : valor < 0 ? 'debito' : 'outro',
        codigo: tipoBanco,
        descricao: valor > 0 ? 'Crédito' : valor < 0 ? 'Débito' : 'Sem valor',
        nossoNumero: null,
        valorCentavos: Math.abs(valor),
        valorTituloCentavos: null,
        jurosMultaCentavos: 0,
        descontoCentavos: 0,
        data,
        dataCredito: data,
        vencimento: null,
        historico: historico || null,
        fitid,
      });
    }
  }
  return { formato: 'ofx', banco, conta, lancamentos };
};
