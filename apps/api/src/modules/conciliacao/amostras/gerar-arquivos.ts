// Bank files written the way banks write them (docs/conciliacao.md §3–§4): the demo's sample files, the
// bench's 10 000-entry files and the tests' edge cases. CNAB 240 in FEBRABAN's layout, OFX 1.02 SGML.

export type TituloRetorno = {
  nossoNumero: string;
  /** FEBRABAN movement: 06 liquidação, 17 após baixa, 09 baixa, 02 entrada… */
  movimento?: string;
  valorTituloCentavos: number;
  valorPagoCentavos: number;
  jurosMultaCentavos?: number;
  descontoCentavos?: number;
  /** ISO dates. */
  ocorrencia: string;
  credito?: string | null;
  vencimento?: string | null;
  pagador?: { nome: string; documento: string };
};

const num = (n: number | string, tamanho: number) => String(n).padStart(tamanho, '0').slice(-tamanho);
const alfa = (s: string, tamanho: number) => s.padEnd(tamanho, ' ').slice(0, tamanho);
const dataCnab = (iso: string | null | undefined) =>
  iso ? `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}` : '00000000';

/** Places `partes` (1-based start → text) on a blank 240-column record. */
const registro = (partes: [number, string][]): string => {
  const linha = Array.from({ length: 240 }, () => ' ');
  for (const [inicio, texto] of partes) for (const [i, c] of [...texto].entries()) linha[inicio - 1 + i] = c;
  return linha.join('');
};

export const gerarCnab240 = (opcoes: {
  banco: string;
  geradoEm: string;
  titulos: TituloRetorno[];
  empresa?: string;
}): string => {
  const { banco, titulos } = opcoes;
  const empresa = alfa(opcoes.empresa ?? 'CREDOR DEMONSTRACAO LTDA', 30);
  const linhas = [
    registro([
      [1, banco],
      [4, '0000'],
      [8, '0'],
      [18, '2'],
      [19, '11222333000181'],
      [53, '012340000000123459'],
      [73, empresa],
      [143, '2'],
      [144, dataCnab(opcoes.geradoEm)],
      [158, '000001'],
      [164, '087'],
    ]),
    registro([
      [1, banco],
      [4, '0001'],
      [8, '1'],
      [9, 'T'],
      [10, '01'],
      [14, '040'],
      [18, '2'],
      [19, '011222333000181'],
      [74, empresa],
    ]),
  ];
  titulos.forEach((t, i) => {
    const movimento = t.movimento ?? '06';
    linhas.push(
      registro([
        [1, banco],
        [4, '0001'],
        [8, '3'],
        [9, num(2 * i + 1, 5)],
        [14, 'T'],
        [16, movimento],
        [18, '01234000000012345'],
        [38, alfa(t.nossoNumero, 20)],
        [58, '1'],
        [59, alfa(t.nossoNumero, 15)],
        [74, dataCnab(t.vencimento)],
        [82, num(t.valorTituloCentavos, 15)],
        [133, t.pagador ? (t.pagador.documento.length > 11 ? '2' : '1') : '0'],
        [134, num(t.pagador?.documento ?? '0', 15)],
        [149, alfa(t.pagador?.nome ?? '', 40)],
        [199, num(0, 15)],
      ]),
      registro([
        [1, banco],
        [4, '0001'],
        [8, '3'],
        [9, num(2 * i + 2, 5)],
        [14, 'U'],
        [16, movimento],
        [18, num(t.jurosMultaCentavos ?? 0, 15)],
        [33, num(t.descontoCentavos ?? 0, 15)],
        [48, num(0, 15)],
        [63, num(0, 15)],
        [78, num(t.valorPagoCentavos, 15)],
        [93, num(t.valorPagoCentavos, 15)],
        [108, num(0, 30)],
        [138, dataCnab(t.ocorrencia)],
        [146, dataCnab(t.credito === undefined ? t.ocorrencia : t.credito)],
      ]),
    );
  });
  const noLote = titulos.length * 2 + 2;
  linhas.push(
    registro([
      [1, banco],
      [4, '0001'],
      [8, '5'],
      [18, num(noLote, 6)],
      [24, num(titulos.length, 6)],
      [
        30,
        num(
          titulos.reduce((soma, t) => soma + t.valorTituloCentavos, 0),
          17,
        ),
      ],
    ]),
  );
  linhas.push(
    registro([
      [1, banco],
      [4, '9999'],
      [8, '9'],
      [18, num(1, 6)],
      [24, num(noLote + 2, 6)],
    ]),
  );
  return `${linhas.join('\r\n')}\r\n`;
};

export type TransacaoOfx = {
  fitid: string;
  data: string;
  /** Signed: credits positive. */
  valorCentavos: number;
  memo: string;
  nome?: string;
};

const valorOfx = (centavos: number) =>
  `${centavos < 0 ? '-' : ''}${Math.floor(Math.abs(centavos) / 100)}.${num(Math.abs(centavos) % 100, 2)}`;
const dataOfx = (iso: string) => `${iso.replaceAll('-', '')}120000[-3:BRT]`;

export const gerarOfx = (opcoes: {
  banco: string;
  conta: string;
  de: string;
  ate: string;
  transacoes: TransacaoOfx[];
}): string =>
  [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>' +
      `${opcoes.ate.replaceAll('-', '')}<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>`,
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL',
    `<BANKACCTFROM><BANKID>${opcoes.banco}<ACCTID>${opcoes.conta}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    `<BANKTRANLIST><DTSTART>${opcoes.de.replaceAll('-', '')}<DTEND>${opcoes.ate.replaceAll('-', '')}`,
    ...opcoes.transacoes.map(
      (t) =>
        `<STMTTRN><TRNTYPE>${t.valorCentavos >= 0 ? 'CREDIT' : 'DEBIT'}<DTPOSTED>${dataOfx(t.data)}` +
        `<TRNAMT>${valorOfx(t.valorCentavos)}<FITID>${t.fitid}${t.nome ? `<NAME>${t.nome}` : ''}<MEMO>${t.memo}</STMTTRN>`,
    ),
    `</BANKTRANLIST><LEDGERBAL><BALAMT>0.00<DTASOF>${opcoes.ate.replaceAll('-', '')}</LEDGERBAL>`,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join('\r\n');
