import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChecagemAgregados } from './agregados.ts';
import type { Parametros } from './argumentos.ts';
import { LIMITE_P95_MS, type ResultadoExportacoes } from './exportacoes.ts';
import type { ChecagemMensagens } from './mensagens.ts';
import type { Falha, ResumoGrupo, ResumoNo } from './metricas.ts';
import type { ResumoProcesso } from './servidor.ts';

// The run's outcome: a markdown table on stdout and load/results/latest.json.

const RESULTADOS = fileURLToPath(new URL('./results/', import.meta.url));

export type Resultado = {
  data: string;
  maquina: string;
  parametros: Parametros;
  preparo_segundos: number;
  duracao_segundos: number;
  requisicoes: number;
  requisicoes_por_segundo: number;
  erros_5xx: number;
  erros_rede: number;
  inesperados: number;
  grupos: ResumoGrupo[];
  por_no: ResumoNo[];
  mensagens: ChecagemMensagens;
  agregados: ChecagemAgregados;
  exportacoes: ResultadoExportacoes;
  processos: ResumoProcesso[];
  exemplos_de_falha: Falha[];
  aprovado: boolean;
  motivos: string[];
};

export const descreverMaquina = () =>
  `${cpus().length} núcleos (${cpus()[0]?.model.trim() ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

const statusResumido = (g: ResumoGrupo) => {
  const faixa = (min: number, max: number) =>
    Object.entries(g.status)
      .filter(([s]) => Number(s) >= min && Number(s) <= max)
      .reduce((t, [, n]) => t + n, 0);
  return { ok: faixa(200, 299), c4xx: faixa(400, 499) };
};

/**
 * Why the run fails: any 5xx or network error, a régua message lost or sent twice, a read model that
 * differs from the base tables, a process that stopped during the run.
 */
export const motivosDeFalha = (
  r: Pick<Resultado, 'erros_5xx' | 'erros_rede' | 'mensagens' | 'agregados' | 'exportacoes' | 'processos'>,
): string[] => {
  const motivos: string[] = [];
  if (r.erros_5xx > 0) motivos.push(`${r.erros_5xx} respostas 5xx`);
  if (r.erros_rede > 0) motivos.push(`${r.erros_rede} erros de rede ou tempo esgotado`);
  if (r.mensagens.perdidas > 0)
    motivos.push(`${r.mensagens.perdidas} mensagens da régua perdidas (pendentes)`);
  if (r.mensagens.elegiveis_sem_mensagem > 0)
    motivos.push(`${r.mensagens.elegiveis_sem_mensagem} clientes elegíveis sem a mensagem da régua`);
  if (r.mensagens.duplicadas > 0) motivos.push(`${r.mensagens.duplicadas} mensagens da régua duplicadas`);
  if (r.agregados.divergencias > 0)
    motivos.push(`${r.agregados.divergencias} figuras dos agregados diferentes da agregação direta`);
  if (!r.exportacoes.aprovado)
    motivos.push(
      `dashboard de outro operador com p95 de ${r.exportacoes.dashboard_p95_com_ms} ms durante 4 exportações (limite ${LIMITE_P95_MS} ms)`,
    );
  for (const p of r.processos)
    if (p.saida !== null) motivos.push(`${p.processo} parou durante a execução (${p.saida})`);
  return motivos;
};

const topologia = ({ nos, workers }: Parametros) =>
  `${nos} ${nos === 1 ? 'nó' : 'nós'} da API` +
  (workers === 0
    ? ' com o motor embutido'
    : ` e ${workers} ${workers === 1 ? 'worker' : 'workers'} do motor`);

export const tabelaMarkdown = (r: Resultado): string => {
  const linhas = [
    `Máquina: ${r.maquina}. Data: ${r.data}.`,
    '',
    `${r.parametros.operadores} operadores e ${r.parametros.admins} admins simultâneos por ${r.duracao_segundos} s ` +
      `em ${topologia(r.parametros)} (um PostgreSQL) ` +
      `(preparo: ${r.preparo_segundos} s); ${r.requisicoes} requisições, ${r.requisicoes_por_segundo} req/s; ` +
      `5xx: ${r.erros_5xx}; erros de rede: ${r.erros_rede}; status inesperados: ${r.inesperados}.`,
    '',
    '| grupo | requisições | p50 (ms) | p95 (ms) | p99 (ms) | máx (ms) | 2xx | 4xx | 5xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.grupos.map((g) => {
      const { ok, c4xx } = statusResumido(g);
      return `| ${g.grupo} | ${g.requisicoes} | ${g.p50_ms} | ${g.p95_ms} | ${g.p99_ms} | ${g.max_ms} | ${ok} | ${c4xx} | ${g.erros_5xx} |`;
    }),
    '',
    '| mensagens da régua | valor |',
    '|---|---:|',
    `| planejadas (todas as situações) | ${r.mensagens.regua_total} |`,
    `| enviadas ao simulador | ${r.mensagens.regua_enviadas} |`,
    `| por situação | ${Object.entries(r.mensagens.regua_por_status)
      .map(([s, n]) => `${s} ${n}`)
      .join(', ')} |`,
    `| perdidas (pendentes há mais de ${r.mensagens.limite_pendente_segundos} s após ${r.mensagens.drenagem_segundos} s de drenagem) | ${r.mensagens.perdidas} |`,
    `| clientes elegíveis sem mensagem | ${r.mensagens.elegiveis_sem_mensagem} |`,
    `| duplicadas (cliente, etapa, dia) | ${r.mensagens.duplicadas} |`,
    `| falhou | ${r.mensagens.falhou} |`,
    ...Object.entries(r.mensagens.canceladas_por_motivo).map(
      ([motivo, n]) => `| cancelada: ${motivo} | ${n} |`,
    ),
    `| mensagens de operadores enviadas | ${r.mensagens.operador_enviadas} |`,
    `| respostas de clientes simuladas | ${r.mensagens.respostas_recebidas} |`,
    `| agregados diferentes da agregação direta | ${r.agregados.divergencias} |`,
    '',
    `| 4 exportações paralelas de ${r.exportacoes.linhas_por_exportacao} linhas (2 CSV e 2 XLSX) | valor |`,
    '|---|---:|',
    `| exportações concluídas | ${r.exportacoes.exportacoes} |`,
    `| duração média de uma das 4 exportações paralelas (ms) | ${r.exportacoes.exportacao_media_ms} |`,
    `| p95 do dashboard de outro operador, sem exportações (ms) | ${r.exportacoes.dashboard_p95_sem_ms} |`,
    `| p95 do dashboard de outro operador, durante as exportações (ms; limite ${LIMITE_P95_MS}) | ${r.exportacoes.dashboard_p95_com_ms} ${r.exportacoes.aprovado ? '✅' : '❌'} |`,
    '',
    ...(r.por_no.length > 1
      ? [
          '| nó da API | requisições | p50 (ms) | p99 (ms) | 5xx |',
          '|---|---:|---:|---:|---:|',
          ...r.por_no.map(
            (n) => `| api-${n.no + 1} | ${n.requisicoes} | ${n.p50_ms} | ${n.p99_ms} | ${n.erros_5xx} |`,
          ),
          '',
        ]
      : []),
    '| processo | linhas de erro no log | parou durante a execução |',
    '|---|---:|---|',
    ...r.processos.map((p) => `| ${p.processo} | ${p.linhas_de_erro} | ${p.saida ?? 'não'} |`),
    '',
    r.aprovado ? '**Resultado: ✅ aprovado**' : `**Resultado: ❌ reprovado** — ${r.motivos.join('; ')}`,
  ];
  if (r.agregados.exemplos.length > 0) {
    linhas.push('', 'Agregados que divergem (as figuras inteiras em latest.json):');
    for (const d of r.agregados.exemplos)
      linhas.push(
        `- ${d.figura}: agregado ${JSON.stringify(d.agregado).slice(0, 300)}; direto ${JSON.stringify(d.direto).slice(0, 300)}`,
      );
  }
  if (r.exemplos_de_falha.length > 0) {
    linhas.push('', 'Exemplos de respostas com problema:');
    for (const f of r.exemplos_de_falha)
      linhas.push(
        `- ${f.grupo}: ${f.metodo} ${f.caminho} (api-${f.no + 1}) → ${f.status || 'erro de rede'}` +
          `${f.requestId ? ` (x-request-id ${f.requestId})` : ''} ${f.corpo.replace(/\s+/g, ' ').slice(0, 200)}`,
      );
  }
  return linhas.join('\n');
};

export const gravarResultado = (r: Resultado, caminho = `${RESULTADOS}latest.json`): string => {
  mkdirSync(dirname(caminho), { recursive: true });
  writeFileSync(caminho, `${JSON.stringify(r, null, 2)}\n`);
  return caminho;
};
