import { CSV_CLIENTES_COLUNAS } from '@cobranca/contracts';
import {
  formatarDataBr,
  formatarLinhaDigitavel,
  hojeNoFuso,
  linhaDoCodigo,
  montarCodigoDeBarras,
  somarDias,
} from '@cobranca/dominio';

/**
 * `template_clientes.csv`: what Excel in Brazil opens without a wizard (`;`, UTF-8 with BOM, CRLF),
 * with one person and one company (with its boleto, the linha written as printed so Excel keeps it
 * text) that import cleanly; the due date is always in the future.
 */
export const templateClientesCsv = (agora: Date): string => {
  const dia = somarDias(hojeNoFuso(agora), 30);
  const vencimento = formatarDataBr(dia);
  const codigo = montarCodigoDeBarras({
    banco: '341',
    vencimento: dia,
    valorCentavos: 35_000,
    campoLivre: '1091234567812340123456000',
  });
  const linhas = [
    CSV_CLIENTES_COLUNAS.map((c) => c.nome),
    [
      'Maria da Silva',
      '529.982.247-25',
      '(11) 98765-4321',
      'maria.silva@exemplo.com.br',
      'Mensalidade de novembro',
      '1.234,56',
      vencimento,
      '',
      '',
      '',
      '',
    ],
    [
      'Comércio Exemplo Ltda',
      '11.222.333/0001-81',
      '(21) 99790-0276',
      'financeiro@exemplo.com.br',
      'Nota fiscal 1234',
      '350,00',
      vencimento,
      '341',
      '12345678',
      formatarLinhaDigitavel(linhaDoCodigo(codigo)),
      '',
    ],
  ];
  return `\uFEFF${linhas.map((campos) => campos.join(';')).join('\r\n')}\r\n`;
};
