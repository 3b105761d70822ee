import type { CredenciaisPix } from '../configuracao/pix-settings.repository.ts';
import { ClienteApiPix, type CorpoCob, type CorpoCobv, type PixRecebido } from './api-pix-cliente.ts';
import { respostaInvalida } from './api-pix-erros.ts';
import { RecorrenciasApiPix } from './api-pix-recorrencias.ts';
import type {
  CobrancaCriada,
  CobrancaNoProvedor,
  PedidoCobranca,
  PixConfirmado,
  ProvedorPix,
} from './provedor-pix.ts';
import { recorrenciasApiPix } from './provedor-recorrencias-api-pix.ts';
import { centavosDoValorPix, valorPix } from './valor-pix.ts';

// Any PSP that implements the Banco Central API Pix v2 (docs/formatos-externos.md §6, docs/produto.md §21).

// The API takes percentages as strings with two decimals ("2.00").
const percentual = (valor: number) => valorPix(Math.round(valor * 100));

const devedorDe = (pedido: PedidoCobranca) => {
  if (!pedido.devedor) return undefined;
  const { documento, nome } = pedido.devedor;
  return documento.length === 11 ? { cpf: documento, nome } : { cnpj: documento, nome };
};

const corpoCob = (pedido: PedidoCobranca, chave: string): CorpoCob => ({
  calendario: pedido.expiracaoSegundos ? { expiracao: pedido.expiracaoSegundos } : {},
  ...(pedido.devedor ? { devedor: devedorDe(pedido) } : {}),
  valor: { original: valorPix(pedido.valorCentavos) },
  chave,
  solicitacaoPagador: pedido.solicitacao,
});

const corpoCobv = (pedido: PedidoCobranca, chave: string): CorpoCobv => {
  const devedor = devedorDe(pedido);
  if (!devedor || !pedido.vencimento) throw new Error('cobv sem devedor ou vencimento');
  const { multaPercentual, jurosMensalPercentual } = pedido.percentuais;
  return {
    calendario: {
      dataDeVencimento: pedido.vencimento,
      validadeAposVencimento: pedido.validadeAposVencimentoDias,
    },
    devedor,
    valor: {
      original: valorPix(pedido.valorCentavos),
      // Modalidade 2: percent, once; 3: percent a month, calendar days (docs/produto.md §7).
      ...(multaPercentual > 0 ? { multa: { modalidade: 2, valorPerc: percentual(multaPercentual) } } : {}),
      ...(jurosMensalPercentual > 0
        ? { juros: { modalidade: 3, valorPerc: percentual(jurosMensalPercentual) } }
        : {}),
    },
    chave,
    solicitacaoPagador: pedido.solicitacao,
  };
};

const confirmado = (pix: PixRecebido): PixConfirmado => ({
  endToEndId: pix.endToEndId,
  txid: pix.txid ?? null,
  valorCentavos: centavosDoValorPix(pix.valor),
  horario: new Date(pix.horario),
  pagador: pix.pagador
    ? { nome: pix.pagador.nome ?? null, documento: pix.pagador.cpf ?? pix.pagador.cnpj ?? null }
    : null,
});

export const provedorApiPix = (
  credenciais: CredenciaisPix,
  chave: string,
  timeoutMs?: number,
): ProvedorPix => {
  const cliente = new ClienteApiPix(credenciais, { timeoutMs });
  return {
    provedor: 'api_pix',
    async criarCobranca(pedido: PedidoCobranca): Promise<CobrancaCriada> {
      const criada =
        pedido.tipo === 'cob'
          ? await cliente.criarCobranca('cob', pedido.txid, corpoCob(pedido, chave))
          : await cliente.criarCobranca('cobv', pedido.txid, corpoCobv(pedido, chave));
      if (!criada.pixCopiaECola) throw respostaInvalida('a cobrança voltou sem pixCopiaECola', 200);
      return { pixCopiaECola: criada.pixCopiaECola, location: criada.location ?? null };
    },
    async removerCobranca(tipo, txid): Promise<void> {
      await cliente.removerCobranca(tipo, txid);
    },
    async consultarCobranca(tipo, txid): Promise<CobrancaNoProvedor | null> {
      const c = await cliente.consultarCobranca(tipo, txid);
      if (!c) return null;
      return {
        tipo,
        ativa: c.status === 'ATIVA',
        valorCentavos: centavosDoValorPix(c.valor.original),
        vencimento: c.calendario.dataDeVencimento ?? null,
        documentoDevedor: c.devedor?.cpf ?? c.devedor?.cnpj ?? null,
        pixCopiaECola: c.pixCopiaECola ?? '',
        location: c.location ?? null,
      };
    },
    async consultarPix(endToEndId: string): Promise<PixConfirmado | null> {
      const pix = await cliente.consultarPix(endToEndId);
      return pix ? confirmado(pix) : null;
    },
    async listarPix(inicio: Date, fim: Date): Promise<PixConfirmado[]> {
      const todos: PixConfirmado[] = [];
      for (let pagina = 0; ; pagina += 1) {
        const lista = await cliente.listarPix({ inicio, fim, paginaAtual: pagina });
        todos.push(...lista.pix.map(confirmado));
        if (pagina + 1 >= lista.quantidadeDePaginas) return todos;
      }
    },
    async registrarWebhook(webhookUrl: string): Promise<void> {
      await cliente.obterToken();
      await cliente.registrarWebhook(chave, webhookUrl);
    },
    recorrencias: recorrenciasApiPix(new RecorrenciasApiPix(cliente)),
  };
};
