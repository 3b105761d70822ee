import { describe, expect, it } from 'vitest';
import { CID_QR_PIX, type DadosEmail, montarEmail } from './conteudo-email.ts';

const COPIA_E_COLA =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const NBSP = '\u00a0'; // Intl puts a no-break space between R$ and the number

const dados = (mudancas: Partial<DadosEmail> = {}): DadosEmail => ({
  assunto: 'Sua fatura está em aberto',
  corpo: 'Olá, Maria.\nTudo bem?\n\nSua fatura venceu em 10/03.\n\nAtenciosamente,\nACME',
  credor: { nome: 'ACME Comércio Ltda', documento: '12.345.678/0001-95' },
  valor: { totalCentavos: 123_456, multaCentavos: 2_000, jurosCentavos: 345 },
  pix: { copiaECola: COPIA_E_COLA },
  link: { url: 'https://portal.exemplo.com.br/p/abc', rotulo: 'Ver e pagar minha dívida' },
  descadastroUrl: 'https://portal.exemplo.com.br/descadastro/xyz',
  boletos: [],
  ...mudancas,
});

describe('montarEmail', () => {
  it('escapes every text it is given: a <script> name comes out inert', async () => {
    const ataque = '<script>alert("x")</script>';
    const { html, assunto } = await montarEmail(
      dados({
        assunto: `Fatura ${ataque}`,
        corpo: `Olá, ${ataque} & "cia"`,
        credor: { nome: ataque, documento: '123.456.789-09' },
        link: { url: 'https://portal.exemplo.com.br/p/abc?a=1&b="2"', rotulo: ataque },
        pix: { copiaECola: `${COPIA_E_COLA}<img src=x onerror=alert(1)>` },
      }),
    );
    expect(assunto).toBe(`Fatura ${ataque}`); // the header is not HTML
    expect(html).not.toMatch(/<script|<img src=x/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&amp; &quot;cia&quot;');
    expect(html).toContain('href="https://portal.exemplo.com.br/p/abc?a=1&amp;b=%222%22"');
  });

  it('refuses a link that is not http(s)', async () => {
    await expect(
      montarEmail(dados({ link: { url: 'javascript:alert(1)', rotulo: 'Pagar' } })),
    ).rejects.toThrow(/http/);
    await expect(montarEmail(dados({ descadastroUrl: 'data:text/html,oi' }))).rejects.toThrow(/descadastro/);
  });

  it('formats amounts as pt-BR reais, with multa and juros', async () => {
    const { html, texto } = await montarEmail(dados());
    for (const valor of [`R$${NBSP}1.234,56`, `R$${NBSP}20,00`, `R$${NBSP}3,45`]) {
      expect(html).toContain(valor);
      expect(texto).toContain(valor);
    }
    expect(texto).toContain(
      `Valor atualizado: R$${NBSP}1.234,56\nMulta: R$${NBSP}20,00\nJuros: R$${NBSP}3,45`,
    );
  });

  it('puts everything in the plain-text part, with no HTML in it', async () => {
    const { texto } = await montarEmail(dados());
    expect(texto).toContain('Olá, Maria.\nTudo bem?\n\nSua fatura venceu em 10/03.\n\nAtenciosamente,\nACME');
    expect(texto).toContain(`PIX copia e cola:\n${COPIA_E_COLA}`);
    expect(texto).toContain('Ver e pagar minha dívida: https://portal.exemplo.com.br/p/abc');
    expect(texto).toContain('Credor: ACME Comércio Ltda — CNPJ 12.345.678/0001-95');
    expect(texto).toContain('Não quero mais receber e-mails: https://portal.exemplo.com.br/descadastro/xyz');
    expect(texto).not.toMatch(/<[a-z]/i);
  });

  it('identifies a creditor with a CPF as such', async () => {
    const { texto, html } = await montarEmail(
      dados({ credor: { nome: 'João Souza', documento: '123.456.789-09' } }),
    );
    expect(texto).toContain('Credor: João Souza — CPF 123.456.789-09');
    expect(html).toContain('Credor: João Souza — CPF 123.456.789-09');
  });

  it('splits paragraphs on blank lines and breaks lines on a single newline', async () => {
    const { html } = await montarEmail(dados());
    expect(html).toContain('<p style="margin:0 0 12px">Olá, Maria.<br>Tudo bem?</p>');
    expect(html).toContain('<p style="margin:0 0 12px">Sua fatura venceu em 10/03.</p>');
  });

  it('attaches the QR as a PNG for every cid: the HTML references, and keeps the copia e cola selectable', async () => {
    const { html, anexos } = await montarEmail(dados());
    const referencias = [...html.matchAll(/cid:([^"'\s)]+)/g)].map((m) => m[1]);
    expect(referencias).toEqual([CID_QR_PIX]);
    expect(anexos.map((a) => a.cid)).toEqual([CID_QR_PIX]);
    const [qr] = anexos;
    expect(qr?.tipo).toBe('image/png');
    expect(qr?.conteudo.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(html).toMatch(/monospace[^>]*>(?:(?!<\/div>).)*user-select:all[^>]*>0002012658/s);
  });

  it("shows each boleto's barcode (ITF image) and its linha as printed, in the HTML and the text", async () => {
    const boleto = {
      linhaDigitavel: '00190000090114971860168524522114675860000102656',
      codigoBarras: '00196758600001026560000001149718606852452211',
      vencimento: '2018-07-15',
    };
    const { html, texto, anexos } = await montarEmail(dados({ boletos: [boleto] }));
    const referencias = [...html.matchAll(/cid:([^"'\s)]+)/g)].map((m) => m[1]);
    expect(referencias).toEqual([CID_QR_PIX, 'boleto-1@cobranca']);
    expect(anexos.map((a) => [a.cid, a.tipo])).toEqual([
      [CID_QR_PIX, 'image/png'],
      ['boleto-1@cobranca', 'image/png'],
    ]);
    const png = anexos[1]?.conteudo ?? Buffer.alloc(0);
    // ITF of 44 digits: 22 pairs of 18 modules plus start and stop, 2 px each, padded: wide, not tall.
    expect(png.readUInt32BE(16)).toBeGreaterThan(800);
    expect(png.readUInt32BE(20)).toBeLessThan(100);
    expect(html).toContain('Ou pague com o boleto');
    expect(html).toContain('00190.00009 01149.718601 68524.522114 6 75860000102656');
    expect(texto).toContain(
      'Boleto (linha digitável):\n00190.00009 01149.718601 68524.522114 6 75860000102656',
    );
    const doisSemPix = await montarEmail(
      dados({ pix: null, boletos: [boleto, { ...boleto, vencimento: '2018-08-15' }] }),
    );
    expect(doisSemPix.html).toContain('Pague com o boleto');
    expect(doisSemPix.texto).toContain('Boleto de 15/08/2018 (linha digitável):');
    expect(doisSemPix.anexos.map((a) => a.cid)).toEqual(['boleto-1@cobranca', 'boleto-2@cobranca']);
  });

  it('has no cid: and no attachment without PIX; no button without a link; no amount without one', async () => {
    const { html, texto, anexos } = await montarEmail(dados({ pix: null, link: null, valor: null }));
    expect(html).not.toContain('cid:');
    expect(anexos).toEqual([]);
    expect(html).not.toContain('Ver e pagar');
    expect(texto).not.toContain('R$');
    expect(texto).not.toContain('PIX');
  });

  it('is responsive: viewport meta, no fixed width over 600 px, no third-party fonts', async () => {
    const { html } = await montarEmail(dados());
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const larguras = [...html.matchAll(/width\s*[:=]\s*"?(\d+)(?:px)?/gi)].map((m) => Number(m[1]));
    expect(larguras.length).toBeGreaterThan(0);
    expect(Math.max(...larguras)).toBeLessThanOrEqual(600);
    expect(html).toMatch(/@media only screen and \(min-width:480px\)/);
    expect(html).not.toContain('fonts.googleapis.com');
  });
});
