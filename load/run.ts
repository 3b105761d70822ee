// `npm run test:load` (issue 8): a bounded, loopback-only load test. Starts the server on a fresh
// PostgreSQL database, creates 2 admins and 50 operators with 20 customers each due today, opens the
// sending window, then runs every user's journey at once for 2 minutes (`--duracao 30` for a short
// run); prints latencies per route group and checks that every régua message went out exactly once
// and that the read models equal the base tables; then measures another operator's dashboard while 4
// users export 20 000 rows each (load/exportacoes.ts). `--nos 3 --workers 2` (issue 18) runs three API
// nodes and two engine workers on the one database, the requests spread over the nodes.
// Exits non-zero on any 5xx, network error, régua message lost or duplicated, read model that
// diverges, or process that stopped.
import { checarAgregados } from './agregados.ts';
import { lerParametros } from './argumentos.ts';
import { criarBanco, removerBanco } from './banco.ts';
import { medirExportacoes } from './exportacoes.ts';
import { balancear } from './http.ts';
import { rodarJornadas } from './jornadas.ts';
import { aoEncerrar, limpar, limparNosSinais } from './limpeza.ts';
import { checarMensagens, drenar } from './mensagens.ts';
import { criarMetricas } from './metricas.ts';
import { preparar } from './preparo.ts';
import {
  descreverMaquina,
  gravarResultado,
  motivosDeFalha,
  type Resultado,
  tabelaMarkdown,
} from './relatorio.ts';
import { iniciarProcessos, novaAppKey, PASTA_LOGS, type Processo, resumirProcesso } from './servidor.ts';

const segundosDesde = (inicio: number) => Math.round((Date.now() - inicio) / 100) / 10;

const executar = async (): Promise<number> => {
  const p = lerParametros();
  const metricas = criarMetricas();
  limparNosSinais(() => metricas.encerrar());

  console.error(`Criando o banco cobranca_load e iniciando ${p.nos} nó(s) da API e ${p.workers} worker(s)…`);
  const databaseUrl = await criarBanco();
  aoEncerrar('remover o banco', async () => {
    await removerBanco();
  });
  const processos: Processo[] = [];
  // Stopped together, before the database is dropped (the steps run last registered first).
  aoEncerrar('parar os processos', async () => {
    await Promise.all(processos.map((processo) => processo.parar()));
  });
  const appKey = novaAppKey();
  const { urls } = await iniciarProcessos(
    databaseUrl,
    { nos: p.nos, workers: p.workers, intervaloSegundos: p.intervaloReguaSegundos, appKey },
    (processo) => processos.push(processo),
  );
  const nos = balancear(urls);
  console.error(`Nós em ${urls.join(', ')} (logs em ${PASTA_LOGS}).`);

  const inicioPreparo = Date.now();
  const preparo = await preparar(nos, databaseUrl, appKey, p);
  const preparoSegundos = segundosDesde(inicioPreparo);
  console.error(
    `Preparo em ${preparoSegundos} s: ${preparo.admins.length} admins, ${preparo.operadores.length} operadores, ` +
      `${preparo.clientesImportados} clientes com vencimento hoje. Carga por ${p.duracaoSegundos} s…`,
  );

  const inicio = Date.now();
  await rodarJornadas(
    { nos, metricas, ate: inicio + p.duracaoSegundos * 1000 },
    preparo.operadores,
    preparo.admins,
  );
  metricas.encerrar();
  const duracao = segundosDesde(inicio);

  console.error('Carga encerrada; aguardando o motor enviar o que falta…');
  const drenagem = await drenar(databaseUrl, p.intervaloReguaSegundos, p.drenagemSegundos);
  const tempoEnvio = Math.ceil(preparo.clientesImportados / preparo.settings.vazao_canal_por_segundo);
  const mensagens = await checarMensagens(databaseUrl, {
    limitePendenteSegundos: p.intervaloReguaSegundos + tempoEnvio + 5,
    tentativasComFalhas: preparo.settings.tentativas_com_falhas,
    drenagemSegundos: drenagem,
  });
  const agregados = await checarAgregados(databaseUrl);
  console.error('Exportações: o dashboard de outro operador enquanto 4 usuários exportam 20 000 linhas…');
  const exportacoes = await medirExportacoes(nos, databaseUrl, preparo.operadores);

  const grupos = metricas.resumo();
  const soma = (campo: 'requisicoes' | 'erros_5xx' | 'erros_rede' | 'inesperados') =>
    grupos.reduce((t, g) => t + g[campo], 0);
  const parcial = {
    erros_5xx: soma('erros_5xx'),
    erros_rede: soma('erros_rede'),
    mensagens,
    agregados,
    exportacoes,
    processos: processos.map(resumirProcesso),
  };
  const motivos = motivosDeFalha(parcial);
  const resultado: Resultado = {
    data: new Date().toISOString(),
    maquina: descreverMaquina(),
    parametros: p,
    preparo_segundos: preparoSegundos,
    duracao_segundos: duracao,
    requisicoes: soma('requisicoes'),
    requisicoes_por_segundo: Math.round((soma('requisicoes') / duracao) * 10) / 10,
    inesperados: soma('inesperados'),
    grupos,
    por_no: metricas.porNo(),
    exemplos_de_falha: metricas.falhas(),
    aprovado: motivos.length === 0,
    motivos,
    ...parcial,
  };
  console.log(tabelaMarkdown(resultado));
  console.error(`\nResultado gravado em ${gravarResultado(resultado, p.resultado)}.`);
  return resultado.aprovado ? 0 : 1;
};

let codigo = 1;
try {
  codigo = await executar();
} catch (erro) {
  console.error(erro instanceof Error ? (erro.stack ?? erro.message) : erro);
  codigo = 1;
} finally {
  await limpar();
}
process.exit(codigo);
