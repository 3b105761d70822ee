import { readFileSync } from 'node:fs';
import { completarChaveNfe, dvChaveNfe } from '@cobranca/dominio';
import { describe, expect, it } from 'vitest';
import { ArquivoHostilError } from './arquivo-hostil.ts';
import { CHAVE_PADRAO, DEST_PADRAO, montarNfe } from './nfe.test-fixtures.ts';
import { type LeituraNota, lerNotaFiscal, type NotaFiscal, type ProblemaNota } from './nfe-parser.ts';
import { recusarDtd } from './xml-seguro.ts';

// /work/shared is a sibling of the repository: nfe/ → importacoes/ → modules/ → src/ → api/ → apps/ → main/ → work/.
const fixture = (nome: string): Buffer =>
  readFileSync(new URL(`../../../../test/fixtures/nfe/${nome}`, import.meta.url));

const notaOk = (leitura: LeituraNota): NotaFiscal => {
  if (!leitura.ok) throw new Error(`expected ok, got ${JSON.stringify(leitura.problemas)}`);
  return leitura.nota;
};

const problemas = (leitura: LeituraNota): ProblemaNota[] => {
  if (leitura.ok) throw new Error('expected problems, got a note');
  return leitura.problemas;
};

const mensagens = (leitura: LeituraNota): string[] => problemas(leitura).map((p) => p.mensagem);

describe('lerNotaFiscal with the real fixtures', () => {
  it('reads the bare <NFe> from the test environment (CNPJ dest, one dup different from vNF)', () => {
    const nota = notaOk(lerNotaFiscal('a.xml', fixture('nfe-bare-cnpj-1dup-homolog.xml')));
    expect(nota).toEqual({
      chave: '43180906929383000163550010000000261000010301',
      numero: '26',
      serie: '1',
      emissao: '2018-09-25',
      homologacao: true,
      emitenteNome: 'UMA RAZAO SOCIAL DE TESTE QUALQUER',
      valorTotalCentavos: 50_000,
      destinatario: {
        documento: '58716523000119',
        documentoTipo: 'cnpj',
        nome: 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
        telefone: '5190909090',
        email: null,
        endereco: {
          logradouro: 'Av. Teste',
          numero: '2040',
          bairro: 'Centro',
          municipio: 'SAO PAULO',
          uf: 'SP',
          cep: '04207040',
        },
      },
      duplicatas: [{ numero: '001', vencimento: '2018-12-31', valorCentavos: 100 }],
    });
  });

  it('reads an authorised nfeProc with two dups and xmlns repeated on NFe and protNFe', () => {
    const nota = notaOk(lerNotaFiscal('b.xml', fixture('nfeproc-cnpj-2dup.xml')));
    expect(nota.chave).toBe('26180875335849000115550010000016871192213331');
    expect(nota).toMatchObject({ numero: '1687', serie: '1', emissao: '2018-08-16', homologacao: false });
    expect(nota.emitenteNome).toBe('Teste Produtos Médicos Ltda - ME');
    expect(nota.valorTotalCentavos).toBe(578_000);
    expect(nota.destinatario).toEqual({
      documento: '37148260000119',
      documentoTipo: 'cnpj',
      nome: 'MEDICOS, HOSP, IMP. E EXP. LTDA',
      telefone: '99999999',
      email: null,
      endereco: {
        logradouro: 'Av. Doutor Pedro',
        numero: '1',
        complemento: 'Sala 4',
        bairro: 'Ponta da Praia',
        municipio: 'Santos',
        uf: 'SP',
        cep: '11025012',
      },
    });
    expect(nota.duplicatas).toEqual([
      { numero: '001', vencimento: '2018-09-25', valorCentavos: 289_000 },
      { numero: '002', vencimento: '2018-11-04', valorCentavos: 289_000 },
    ]);
  });

  it('reads a CPF dest with e-mail, keeping the -02:00 emission date as written', () => {
    const nota = notaOk(lerNotaFiscal('c.xml', fixture('nfeproc-cpf-email-1dup.xml')));
    expect(nota).toMatchObject({ chave: '42211275277525000178550030000276771368212013', numero: '27677' });
    expect(nota).toMatchObject({ serie: '3', emissao: '2021-12-15', emitenteNome: 'Fornos Ltda.' });
    expect(nota.valorTotalCentavos).toBe(1_960_603);
    expect(nota.destinatario).toMatchObject({
      documento: '35029428895',
      documentoTipo: 'cpf',
      nome: 'MARIA DE PEREIRA SILVA',
      telefone: '21997900276',
      email: 'marianaalmeida@me.com',
    });
    expect(nota.duplicatas).toEqual([{ numero: '001', vencimento: '2021-12-15', valorCentavos: 1_910_400 }]);
  });

  it('keeps a free-text nDup and ignores the infRespTec e-mail', () => {
    const nota = notaOk(lerNotaFiscal('d.xml', fixture('nfeproc-cpf-nonnumeric-ndup.xml')));
    expect(nota).toMatchObject({
      chave: '35180834128745000152550010000474281920007498',
      emissao: '2018-08-07',
    });
    expect(nota.valorTotalCentavos).toBe(34_728);
    expect(nota.destinatario).toMatchObject({
      documento: '68161525650',
      documentoTipo: 'cpf',
      nome: 'FULANO DOS SANTOS',
      telefone: null,
      email: null,
    });
    expect(nota.destinatario.endereco).toMatchObject({ complemento: 'Apto 1', municipio: 'Belo Horizonte' });
    expect(nota.duplicatas).toEqual([
      { numero: '47428/1-1', vencimento: '2018-08-24', valorCentavos: 34_728 },
    ]);
  });

  it('reads the same file given as a string', () => {
    const nota = notaOk(lerNotaFiscal('b.xml', fixture('nfeproc-cnpj-2dup.xml').toString('utf8')));
    expect(nota.duplicatas).toHaveLength(2);
  });
});

describe('lerNotaFiscal: receivables (cobr/dup)', () => {
  it('reads several dups, converting amounts to cents without float errors', () => {
    const dups = [
      { nDup: '001', dVenc: '2024-04-10', vDup: '0.29' },
      { nDup: '002', dVenc: '2024-05-10', vDup: '1.15' },
      { nDup: '003', dVenc: '2024-06-10', vDup: '1234567890123.99' },
      { nDup: '004', dVenc: '2024-07-10', vDup: '7' },
    ];
    const nota = notaOk(lerNotaFiscal('n.xml', montarNfe({ dups })));
    expect(nota.duplicatas.map((d) => d.valorCentavos)).toEqual([29, 115, 123_456_789_012_399, 700]);
    expect(nota.duplicatas.map((d) => d.vencimento)).toEqual([
      '2024-04-10',
      '2024-05-10',
      '2024-06-10',
      '2024-07-10',
    ]);
  });

  it('makes one receivable of vNF due on the emission date when there is no <cobr>', () => {
    const nota = notaOk(lerNotaFiscal('n.xml', montarNfe({ dups: null, vNF: '5780.00' })));
    expect(nota.duplicatas).toEqual([{ numero: '1', vencimento: '2024-03-10', valorCentavos: 578_000 }]);
  });

  it('numbers dups without nDup by position (001, 002) and dates dups without dVenc on the emission', () => {
    const dups = [{ vDup: '10.00' }, { dVenc: '2024-05-01', vDup: '20.00' }];
    const nota = notaOk(lerNotaFiscal('n.xml', montarNfe({ dups })));
    expect(nota.duplicatas).toEqual([
      { numero: '001', vencimento: '2024-03-10', valorCentavos: 1000 },
      { numero: '002', vencimento: '2024-05-01', valorCentavos: 2000 },
    ]);
  });

  it('refuses a repeated nDup', () => {
    const dups = [
      { nDup: '001', dVenc: '2024-04-10', vDup: '10.00' },
      { nDup: '001', dVenc: '2024-05-10', vDup: '10.00' },
    ];
    expect(mensagens(lerNotaFiscal('n.xml', montarNfe({ dups })))).toEqual([
      'Duplicata 001 aparece mais de uma vez na nota.',
    ]);
  });

  it('refuses zero, negative and comma-decimal amounts and impossible dates', () => {
    const dups = [
      { nDup: '1', dVenc: '2024-04-10', vDup: '0.00' },
      { nDup: '2', dVenc: '2024-04-10', vDup: '-5.00' },
      { nDup: '3', dVenc: '2024-04-10', vDup: '12,50' },
      { nDup: '4', dVenc: '2024-02-30', vDup: '1.00' },
      { nDup: '5', dVenc: '2024-04-10' },
    ];
    const lista = problemas(lerNotaFiscal('n.xml', montarNfe({ dups })));
    expect(lista.every((p) => p.campo === 'dup')).toBe(true);
    expect(lista.map((p) => p.mensagem)).toEqual([
      'Duplicata 1: valor inválido (0.00); deve ser maior que zero.',
      'Duplicata 2: valor inválido (-5.00); deve ser maior que zero.',
      'Duplicata 3: valor inválido (12,50); deve ser maior que zero.',
      'Duplicata 4: vencimento inválido (2024-02-30).',
      'Duplicata 5: valor inválido (ausente); deve ser maior que zero.',
    ]);
  });

  it('accepts 120 dups and refuses 121', () => {
    const dups = (n: number) => Array.from({ length: n }, () => ({ dVenc: '2024-04-10', vDup: '1.00' }));
    expect(notaOk(lerNotaFiscal('n.xml', montarNfe({ dups: dups(120) }))).duplicatas.at(-1)?.numero).toBe(
      '120',
    );
    expect(mensagens(lerNotaFiscal('n.xml', montarNfe({ dups: dups(121) })))).toEqual([
      'A nota tem 121 duplicatas; o layout permite no máximo 120.',
    ]);
  });

  it('refuses a zero-value note with nothing to collect', () => {
    const lista = problemas(lerNotaFiscal('n.xml', montarNfe({ dups: null, vNF: '0' })));
    expect(lista).toEqual([
      { campo: 'vNF', mensagem: 'Nota de valor zero e sem duplicatas; não há o que cobrar.' },
    ]);
  });
});

describe('lerNotaFiscal: authorisation protocol', () => {
  it('accepts cStat 100 and 150 and a bare <NFe> without protocol', () => {
    expect(lerNotaFiscal('n.xml', montarNfe({ protocolo: { cStat: '100' } })).ok).toBe(true);
    expect(lerNotaFiscal('n.xml', montarNfe({ protocolo: { cStat: '150' } })).ok).toBe(true);
    expect(lerNotaFiscal('n.xml', montarNfe({ protocolo: null })).ok).toBe(true);
  });

  it('refuses a cancelled note (cStat 101) naming the reason', () => {
    const protocolo = { cStat: '101', xMotivo: 'Cancelamento de NF-e homologado' };
    expect(problemas(lerNotaFiscal('n.xml', montarNfe({ protocolo })))).toEqual([
      {
        campo: 'protNFe',
        mensagem: 'Nota não autorizada (cStat 101: Cancelamento de NF-e homologado); não importada.',
      },
    ]);
  });

  it('refuses a denied note (cStat 302)', () => {
    const protocolo = { cStat: '302', xMotivo: 'Uso Denegado: Irregularidade fiscal do destinatário' };
    expect(mensagens(lerNotaFiscal('n.xml', montarNfe({ protocolo })))[0]).toMatch(
      /^Nota não autorizada \(cStat 302/,
    );
  });

  it('refuses a protocol that belongs to another chave', () => {
    const outra = completarChaveNfe('3524031122233300018155001000000999100000001');
    const lista = problemas(lerNotaFiscal('n.xml', montarNfe({ protocolo: { cStat: '100', chNFe: outra } })));
    expect(lista).toEqual([
      {
        campo: 'chave',
        mensagem: `O protocolo de autorização é de outra nota (chNFe ${outra}); não importada.`,
      },
    ]);
  });
});

describe('lerNotaFiscal: header and issuer', () => {
  it('refuses layout 3.10', () => {
    expect(problemas(lerNotaFiscal('n.xml', montarNfe({ versao: '3.10' })))).toEqual([
      { campo: 'versao', mensagem: 'Versão do layout não suportada (3.10); use NF-e 4.00.' },
    ]);
  });

  it('refuses a chave whose check digit does not match', () => {
    const errada = `${CHAVE_PADRAO.slice(0, 43)}${(dvChaveNfe(CHAVE_PADRAO.slice(0, 43)) + 1) % 10}`;
    const lista = problemas(lerNotaFiscal('n.xml', montarNfe({ chave: errada, protocolo: null })));
    expect(lista).toEqual([
      {
        campo: 'chave',
        mensagem: `Chave de acesso inválida (${errada}): formato ou dígito verificador não confere.`,
      },
    ]);
  });

  it('flags the test environment (tpAmb 2)', () => {
    expect(notaOk(lerNotaFiscal('n.xml', montarNfe({ tpAmb: '2' }))).homologacao).toBe(true);
  });

  it('takes the emission date as written in its own offset, not converted to UTC', () => {
    const nota = notaOk(
      lerNotaFiscal('n.xml', montarNfe({ dhEmi: '2024-03-10T23:30:00-03:00', dups: null })),
    );
    expect(nota.emissao).toBe('2024-03-10');
    expect(nota.duplicatas[0]?.vencimento).toBe('2024-03-10');
  });

  it('refuses an invalid emission date', () => {
    const lista = problemas(lerNotaFiscal('n.xml', montarNfe({ dhEmi: '2024-13-01T10:00:00-03:00' })));
    expect(lista).toEqual([
      { campo: 'dhEmi', mensagem: 'Data de emissão inválida (2024-13-01T10:00:00-03:00).' },
    ]);
  });

  it('decodes the predefined XML entities and character references in names', () => {
    const dest = { ...DEST_PADRAO, xNome: 'J&amp;J Com&#233;rcio &lt;Filial&gt; &#x41;' };
    const nota = notaOk(lerNotaFiscal('n.xml', montarNfe({ dest, xNomeEmitente: 'A &amp;amp; B' })));
    expect(nota.destinatario.nome).toBe('J&J Comércio <Filial> A');
    // One pass only: '&amp;amp;' is the text '&amp;', never expanded twice.
    expect(nota.emitenteNome).toBe('A &amp; B');
  });

  it('matches elements by local name when the namespace has a prefix', () => {
    const xml = montarNfe({ protocolo: null })
      .replace('<NFe xmlns=', '<nfe:NFe xmlns:nfe=')
      .replace('</NFe>', '</nfe:NFe>')
      .replace(/<(\/?)infNFe/g, '<$1nfe:infNFe');
    expect(notaOk(lerNotaFiscal('n.xml', xml)).chave).toBe(CHAVE_PADRAO);
  });
});

describe('lerNotaFiscal: destinatário', () => {
  it('refuses an invalid CPF', () => {
    const dest = { ...DEST_PADRAO, valor: '52998224724' };
    expect(problemas(lerNotaFiscal('n.xml', montarNfe({ dest })))).toEqual([
      { campo: 'dest', mensagem: 'CPF do destinatário inválido (52998224724).' },
    ]);
  });

  it('keeps the leading zeros of a CPF', () => {
    const dest = { ...DEST_PADRAO, valor: '01234567890' };
    expect(notaOk(lerNotaFiscal('n.xml', montarNfe({ dest }))).destinatario.documento).toBe('01234567890');
  });

  it('accepts an alphanumeric CNPJ', () => {
    const dest = { ...DEST_PADRAO, tag: 'CNPJ' as const, valor: '12ABC34501DE35' };
    const nota = notaOk(lerNotaFiscal('n.xml', montarNfe({ dest })));
    expect(nota.destinatario).toMatchObject({ documento: '12ABC34501DE35', documentoTipo: 'cnpj' });
  });

  it('accepts a foreign buyer by idEstrangeiro, trimmed', () => {
    const dest = { tag: 'idEstrangeiro' as const, valor: '  P-4455667  ', xNome: 'John Smith' };
    const nota = notaOk(lerNotaFiscal('n.xml', montarNfe({ dest })));
    expect(nota.destinatario).toEqual({
      documento: 'P-4455667',
      documentoTipo: 'estrangeiro',
      nome: 'John Smith',
      telefone: null,
      email: null,
      endereco: null,
    });
  });

  it('refuses an empty idEstrangeiro', () => {
    const dest = { tag: 'idEstrangeiro' as const, valor: '', xNome: 'John Smith' };
    expect(mensagens(lerNotaFiscal('n.xml', montarNfe({ dest })))).toEqual([
      'Destinatário estrangeiro sem identificação (idEstrangeiro vazio).',
    ]);
  });

  it('refuses a note without dest', () => {
    expect(problemas(lerNotaFiscal('n.xml', montarNfe({ dest: null })))).toEqual([
      { campo: 'dest', mensagem: 'Nota sem destinatário (dest); não há de quem cobrar.' },
    ]);
  });

  it('refuses a dest without name, and one with two documents', () => {
    expect(mensagens(lerNotaFiscal('n.xml', montarNfe({ dest: { ...DEST_PADRAO, xNome: null } })))).toEqual([
      'Destinatário sem nome (xNome).',
    ]);
    const dois = montarNfe().replace(
      '<CPF>52998224725</CPF>',
      '<CPF>52998224725</CPF><CNPJ>11222333000181</CNPJ>',
    );
    expect(mensagens(lerNotaFiscal('n.xml', dois))).toEqual([
      'Destinatário com mais de um documento (CNPJ, CPF ou idEstrangeiro).',
    ]);
  });
});

describe('lerNotaFiscal: encodings and content that is not an NF-e', () => {
  it('decodes a file declared ISO-8859-1', () => {
    const dest = { ...DEST_PADRAO, xNome: 'João Conceição Ávila' };
    const bytes = Buffer.from(montarNfe({ dest, encoding: 'ISO-8859-1' }), 'latin1');
    expect(bytes.includes(Buffer.from('Jo\u00e3o', 'latin1'))).toBe(true);
    expect(notaOk(lerNotaFiscal('n.xml', bytes)).destinatario.nome).toBe('João Conceição Ávila');
  });

  it('reads UTF-8 with a BOM', () => {
    const dest = { ...DEST_PADRAO, xNome: 'Açaí Ltda' };
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(montarNfe({ dest }), 'utf8')]);
    expect(notaOk(lerNotaFiscal('n.xml', bytes)).destinatario.nome).toBe('Açaí Ltda');
  });

  it('answers "not XML" for binary content, HTML, text and an empty file', () => {
    const binario = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]);
    const html = '<!-- page --><html><body><p>Olá<br></body></html>';
    for (const conteudo of [binario, html, 'nota fiscal', '']) {
      expect(problemas(lerNotaFiscal('x.xml', conteudo))).toEqual([
        { mensagem: 'O arquivo não é um XML válido.' },
      ]);
    }
  });

  it('answers "not an NF-e" for other XML documents', () => {
    expect(mensagens(lerNotaFiscal('x.xml', '<cteProc><CTe/></cteProc>'))).toEqual([
      'O arquivo não é uma NF-e (elemento raiz <cteProc>).',
    ]);
    expect(
      mensagens(lerNotaFiscal('x.xml', '<procEventoNFe versao="1.00"><evento/></procEventoNFe>')),
    ).toEqual(['O arquivo é um evento da NF-e (<procEventoNFe>), não uma nota; não importado.']);
    expect(mensagens(lerNotaFiscal('x.xml', '<NFe><outro/></NFe>'))).toEqual([
      'O arquivo não é uma NF-e (falta o grupo infNFe).',
    ]);
  });
});

describe('recusarDtd and hostile XML', () => {
  const xxe = `<?xml version="1.0"?>
<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00">&xxe;</infNFe></NFe>`;
  const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
]>
<lolz>&lol2;</lolz>`;

  it('throws ArquivoHostilError on XXE', () => {
    expect(() => lerNotaFiscal('xxe.xml', xxe)).toThrow(ArquivoHostilError);
    try {
      lerNotaFiscal('xxe.xml', Buffer.from(xxe));
    } catch (erro) {
      expect(erro).toBeInstanceOf(ArquivoHostilError);
      expect((erro as ArquivoHostilError).arquivo).toBe('xxe.xml');
    }
  });

  it('throws ArquivoHostilError on entity expansion (billion laughs)', () => {
    expect(() => lerNotaFiscal('lol.xml', billionLaughs)).toThrow(ArquivoHostilError);
  });

  it('finds the DTD after a BOM, comments and whitespace, in any case, also UTF-16', () => {
    expect(() => recusarDtd('a.xml', '\uFEFF  <!-- x -->\n<!doctype a>')).toThrow(ArquivoHostilError);
    expect(() => recusarDtd('a.xml', '<a><!-- --><!EnTiTy x "y"></a>')).toThrow(ArquivoHostilError);
    const utf16 = Buffer.from('<?xml version="1.0"?><!DOCTYPE a><a/>', 'utf16le');
    expect(() => lerNotaFiscal('a.xml', utf16)).toThrow(ArquivoHostilError);
    expect(() => recusarDtd('a.xml', montarNfe())).not.toThrow();
  });
});
