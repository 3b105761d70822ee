import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { excessoNoXml, LIMITES_XML } from './limites-xml.ts';

const fixture = (nome: string) =>
  readFileSync(new URL(`../../../../test/fixtures/nfe/${nome}`, import.meta.url), 'utf8');
const detalhe = (xml: string) =>
  excessoNoXml(xml)
    ?.replace(/^Estrutura fora dos limites de uma NF-e: /, '')
    .replace(/\. O arquivo não foi lido\.$/, '');
const atributos = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}="${i}"`).join('');
const repetir = (parte: string, n: number) => parte.repeat(n);

// The heaviest note the layout allows: 990 items of ~50 elements (nItem on each), the longest
// infCpl, a signature with its certificate, all inside nfeProc.
const maiorNfePossivel = (): string => {
  const item = (n: number) =>
    `<det nItem="${n}"><prod>${repetir('<cProd>1</cProd><xProd>Produto</xProd><vProd>1.00</vProd>', 6)}</prod>` +
    `<imposto>${repetir('<ICMS><ICMS00><orig>0</orig><CST>00</CST><vBC>1.00</vBC><vICMS>0.18</vICMS></ICMS00></ICMS>', 6)}</imposto></det>`;
  const itens = Array.from({ length: 990 }, (_, i) => item(i + 1)).join('');
  const assinatura =
    '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>' +
    '<CanonicalizationMethod Algorithm="c14n"/><SignatureMethod Algorithm="rsa-sha1"/><Reference URI="#NFe1">' +
    '<Transforms><Transform Algorithm="env"/><Transform Algorithm="c14n"/></Transforms>' +
    '<DigestMethod Algorithm="sha1"/><DigestValue>abc=</DigestValue></Reference></SignedInfo>' +
    `<SignatureValue>${'A'.repeat(344)}</SignatureValue><KeyInfo><X509Data>` +
    `<X509Certificate>${'B'.repeat(3000)}</X509Certificate></X509Data></KeyInfo></Signature>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe">' +
    `<NFe><infNFe Id="NFe1" versao="4.00">${itens}<infAdic><infCpl>${'C'.repeat(5000)}</infCpl></infAdic>` +
    `</infNFe>${assinatura}</NFe><protNFe versao="4.00"><infProt Id="ID1"><cStat>100</cStat></infProt></protNFe></nfeProc>`
  );
};

describe('excessoNoXml', () => {
  it('lets real notes through, up to the heaviest the layout allows', () => {
    for (const nome of [
      'nfe-bare-cnpj-1dup-homolog.xml',
      'nfeproc-cnpj-2dup.xml',
      'nfeproc-cpf-email-1dup.xml',
      'nfeproc-cpf-nonnumeric-ndup.xml',
    ])
      expect(excessoNoXml(fixture(nome)), nome).toBeUndefined();
    const maior = maiorNfePossivel();
    expect(maior.match(/<[A-Za-z]/g)?.length).toBeGreaterThan(50_000);
    expect(excessoNoXml(maior)).toBeUndefined();
  });

  it('refuses more attributes on one element than the limit, counting them as XML does', () => {
    const limite = LIMITES_XML.atributosPorElemento;
    expect(excessoNoXml(`<r${atributos(limite)}/>`)).toBeUndefined();
    expect(detalhe(`<r${atributos(limite + 1)}/>`)).toBe('o elemento <r> tem mais de 100 atributos');
    // Spaces around `=`, either quote, `>` and `=` inside values: still one attribute each.
    expect(excessoNoXml(`<r${repetir(` a = '>' b="x=y>" `, limite / 2)}/>`)).toBeUndefined();
  });

  it('refuses more attributes in the file than the limit', () => {
    const elemento = `<e${atributos(50)}/>`;
    const quantos = LIMITES_XML.atributos / 50;
    expect(excessoNoXml(`<r>${repetir(elemento, quantos)}</r>`)).toBeUndefined();
    expect(detalhe(`<r>${repetir(elemento, quantos + 1)}</r>`)).toBe(
      'o arquivo tem mais de 20.000 atributos',
    );
  });

  it('refuses more elements than the limit, comments and processing instructions included', () => {
    const limite = LIMITES_XML.elementos;
    expect(excessoNoXml(`<r>${repetir('<e/>', limite - 1)}</r>`)).toBeUndefined();
    expect(detalhe(`<r>${repetir('<e/>', limite)}</r>`)).toBe('o arquivo tem mais de 100.000 elementos XML');
    expect(detalhe(`<r>${repetir('<!---->', limite)}</r>`)).toBe(
      'o arquivo tem mais de 100.000 elementos XML',
    );
    expect(detalhe(`<r>${repetir('<?p?>', limite)}</r>`)).toBe('o arquivo tem mais de 100.000 elementos XML');
  });

  it('refuses nesting deeper than the limit; siblings and empty elements do not add depth', () => {
    const limite = LIMITES_XML.profundidade;
    const aninhado = (n: number) => `${repetir('<a>', n)}${repetir('</a>', n)}`;
    expect(excessoNoXml(aninhado(limite))).toBeUndefined();
    expect(
      excessoNoXml(`<r>${repetir(aninhado(limite - 1), 10)}${repetir('<b/>', 100)}</r>`),
    ).toBeUndefined();
    expect(detalhe(aninhado(limite + 1))).toBe('os elementos se aninham em mais de 64 níveis');
  });

  it('refuses a text, CDATA section or attribute value longer than the limit', () => {
    const limite = LIMITES_XML.caracteresPorTexto;
    expect(excessoNoXml(`<r><t>${'x'.repeat(limite)}</t></r>`)).toBeUndefined();
    expect(detalhe(`<r><t>${'x'.repeat(limite + 1)}</t></r>`)).toBe('um texto tem mais de 65.536 caracteres');
    expect(detalhe(`<r><t><![CDATA[${'<'.repeat(limite + 1)}]]></t></r>`)).toBe(
      'um texto tem mais de 65.536 caracteres',
    );
    // Split by a comment, still one node's text.
    expect(detalhe(`<r><t>${'x'.repeat(limite)}<!-- -->x</t></r>`)).toBe(
      'um texto tem mais de 65.536 caracteres',
    );
    expect(detalhe(`<r a="${'>'.repeat(limite + 1)}"/>`)).toBe(
      'um atributo de <r> tem valor com mais de 65.536 caracteres',
    );
  });

  it('refuses names longer than the limit', () => {
    const nome = 'n'.repeat(LIMITES_XML.caracteresPorNome + 1);
    expect(detalhe(`<r><${nome}/></r>`)).toBe('um elemento tem nome com mais de 1.000 caracteres');
    expect(detalhe(`<r ${nome}="1"/>`)).toBe('um atributo de <r> tem nome com mais de 1.000 caracteres');
  });

  it('leaves malformed markup to the validator', () => {
    for (const xml of ['', 'texto', '<', '<a', '<a b="1', '<!-- sem fim', '<![CDATA[ sem fim', '</a></b>'])
      expect(excessoNoXml(xml), xml).toBeUndefined();
  });
});
