import { completarChaveNfe } from '@cobranca/dominio';
import yazl from 'yazl';

// Small NF-e 4.00 documents for unit tests: only the groups the parser reads, shaped like real
// files (default namespace, indentation, namespace repeated on NFe and protNFe).

// cUF 35, 2024-03, emitter CNPJ 11222333000181, mod 55, série 001, nNF 123, tpEmis 1, cNF 00000001.
export const CHAVE_PADRAO = completarChaveNfe('3524031122233300018155001000000123100000001');

export type DupFixture = { nDup?: string; dVenc?: string; vDup?: string };
export type DestFixture = {
  tag: 'CPF' | 'CNPJ' | 'idEstrangeiro';
  valor: string;
  xNome?: string | null;
  fone?: string;
  email?: string;
};
export type ProtocoloFixture = { cStat: string; xMotivo?: string; chNFe?: string };
export type OpcoesNota = {
  versao?: string;
  chave?: string;
  dhEmi?: string;
  tpAmb?: string;
  xNomeEmitente?: string;
  dest?: DestFixture | null;
  vNF?: string;
  dups?: DupFixture[] | null; // null: no <cobr>
  protocolo?: ProtocoloFixture | null; // null: a bare <NFe>
  encoding?: string;
};

const NS = 'http://www.portalfiscal.inf.br/nfe';

export const DEST_PADRAO: DestFixture = {
  tag: 'CPF',
  valor: '52998224725',
  xNome: 'Maria da Silva',
  fone: '11987654321',
  email: 'maria@example.com',
};

const tag = (nome: string, valor: string | undefined | null): string =>
  valor === undefined || valor === null ? '' : `<${nome}>${valor}</${nome}>`;

const destXml = (dest: DestFixture | null): string => {
  if (dest === null) return '';
  const ender =
    dest.fone === undefined
      ? ''
      : `<enderDest><xLgr>Rua A</xLgr><nro>10</nro>${tag('fone', dest.fone)}</enderDest>`;
  return `<dest>${tag(dest.tag, dest.valor)}${tag('xNome', dest.xNome)}${ender}${tag('email', dest.email)}</dest>`;
};

const cobrXml = (dups: DupFixture[] | null): string => {
  if (dups === null) return '';
  const itens = dups.map(
    (d) => `<dup>${tag('nDup', d.nDup)}${tag('dVenc', d.dVenc)}${tag('vDup', d.vDup)}</dup>`,
  );
  return `<cobr><fat><nFat>123</nFat></fat>\n${itens.join('\n')}</cobr>`;
};

const infNfeXml = (o: OpcoesNota, chave: string): string => `
    <infNFe versao="${o.versao ?? '4.00'}" Id="NFe${chave}">
      <ide><cUF>35</cUF><mod>55</mod><serie>1</serie><nNF>123</nNF>
        <dhEmi>${o.dhEmi ?? '2024-03-10T10:00:00-03:00'}</dhEmi><tpAmb>${o.tpAmb ?? '1'}</tpAmb></ide>
      <emit><CNPJ>11222333000181</CNPJ><xNome>${o.xNomeEmitente ?? 'Fornecedora Ltda'}</xNome></emit>
      ${destXml(o.dest === undefined ? DEST_PADRAO : o.dest)}
      <total><ICMSTot><vProd>${o.vNF ?? '300.00'}</vProd><vNF>${o.vNF ?? '300.00'}</vNF></ICMSTot></total>
      ${cobrXml(o.dups === undefined ? [{ nDup: '001', dVenc: '2024-04-10', vDup: o.vNF ?? '300.00' }] : o.dups)}
      <pag><detPag><tPag>15</tPag><vPag>${o.vNF ?? '300.00'}</vPag></detPag></pag>
    </infNFe>`;

const protXml = (p: ProtocoloFixture | null, chave: string): string =>
  p === null
    ? ''
    : `
  <protNFe xmlns="${NS}" versao="4.00"><infProt>
    <tpAmb>1</tpAmb><chNFe>${p.chNFe ?? chave}</chNFe><nProt>135240000000001</nProt>
    <cStat>${p.cStat}</cStat>${tag('xMotivo', p.xMotivo)}
  </infProt></protNFe>`;

/** An NF-e 4.00 as text: an authorised nfeProc by default, a bare <NFe> with `protocolo: null`. */
export const montarNfe = (o: OpcoesNota = {}): string => {
  const chave = o.chave ?? CHAVE_PADRAO;
  const declaracao = `<?xml version="1.0" encoding="${o.encoding ?? 'UTF-8'}"?>\n`;
  const protocolo =
    o.protocolo === undefined ? { cStat: '100', xMotivo: 'Autorizado o uso da NF-e' } : o.protocolo;
  const nfe = `<NFe xmlns="${NS}">${infNfeXml(o, chave)}\n  </NFe>`;
  if (protocolo === null) return `${declaracao}${nfe}\n`;
  return `${declaracao}<nfeProc xmlns="${NS}" versao="4.00">\n  ${nfe}${protXml(protocolo, chave)}\n</nfeProc>\n`;
};

/** The chave of test note number `n`: same issuer and month, a distinct nNF and cNF. */
export const chaveDaNota = (n: number): string =>
  completarChaveNfe(`3524031122233300018155001${String(n).padStart(9, '0')}1${String(n).padStart(8, '0')}`);

export type ConteudoZip = { nome: string; dados?: Buffer | string; pasta?: true };

export const montarZip = (conteudos: ConteudoZip[]): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const c of conteudos) {
      if (c.pasta) zip.addEmptyDirectory(c.nome);
      else zip.addBuffer(Buffer.from(c.dados ?? ''), c.nome);
    }
    zip.end();
    const partes: Buffer[] = [];
    zip.outputStream.on('data', (p: Buffer) => partes.push(p));
    zip.outputStream.on('end', () => resolve(Buffer.concat(partes)));
    zip.outputStream.on('error', reject);
  });

/** yazl refuses unsafe names: write a same-length placeholder, then swap the bytes (every occurrence). */
export const trocarNome = (zip: Buffer, de: string, para: string): Buffer => {
  if (de.length !== para.length) throw new Error('os nomes precisam ter o mesmo tamanho');
  const resultado = Buffer.from(zip);
  let posicao = resultado.indexOf(de, 0, 'latin1');
  if (posicao < 0) throw new Error(`${de} não está no ZIP`);
  while (posicao >= 0) {
    resultado.write(para, posicao, 'latin1');
    posicao = resultado.indexOf(de, posicao + 1, 'latin1');
  }
  return resultado;
};

// Notes beyond (or near) the structure limits of limites-xml.ts: each is an authorised note with one
// pathology added, so only the limits can refuse it.

/** `<ide>` carries `quantos` more attributes, all named apart: ~4.4 MB at 400 000. */
export const nfeComAtributos = (quantos: number, chave = CHAVE_PADRAO): string =>
  montarNfe({ chave }).replace(
    '<ide>',
    `<ide${Array.from({ length: quantos }, (_, i) => ` a${i}="1"`).join('')}>`,
  );

/** `niveis` elements nested inside one another, inside <infNFe>. */
export const nfeAninhada = (niveis: number, chave = CHAVE_PADRAO): string =>
  montarNfe({ chave }).replace('</infNFe>', `${'<obs>'.repeat(niveis)}${'</obs>'.repeat(niveis)}</infNFe>`);

/** An <infCpl> of `caracteres` characters. */
export const nfeComTexto = (caracteres: number, chave = CHAVE_PADRAO): string =>
  montarNfe({ chave }).replace(
    '</infNFe>',
    `<infAdic><infCpl>${'x'.repeat(caracteres)}</infCpl></infAdic></infNFe>`,
  );

/**
 * `quantos` more empty elements, all named apart, the first 19 000 with an attribute: within the
 * limits up to 99 999, yet as slow to parse as they allow (~1 s at 99 000).
 */
export const nfePesada = (quantos: number, chave = CHAVE_PADRAO): string =>
  montarNfe({ chave }).replace(
    '</infNFe>',
    `${Array.from({ length: quantos }, (_, i) => (i < 19_000 ? `<e${i} a="1"/>` : `<e${i}/>`)).join('')}</infNFe>`,
  );
