import {
  type AcordosGrupo,
  DIAS_ACORDO_QUEBRADO,
  type FaixaAtraso,
  type RecuperacaoOperador,
  type RecuperacaoReguaEtapa,
} from '@cobranca/contracts';
import { contagem, formatarPercentual, formatarValorEmReais } from '@cobranca/dominio';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { QueryErrorAlert } from '../../../components/load-error-alert.tsx';
import {
  type PeriodoGestor,
  useAcordosDebito,
  useCarteiraAtraso,
  useRecuperacaoOperadores,
  useRecuperacaoRegua,
} from '../api/visao-gestor.ts';
import { TIPO_LABELS } from '../mensagens/template-labels.ts';
import { OperadorStatusChip } from '../operadores/operador-status-chip.tsx';
import { DashboardBlock } from './dashboard-block.tsx';
import { formatarInteiro } from './format-dashboard.ts';
import { descreverPeriodo } from './periodo-gestor.ts';
import { ComoCalculamos, TabelaCarregando, TabelaGestor, Vazio } from './tabela-gestor.tsx';

// The blocks of the team lead's view (docs/produto.md §15, docs/decisions/021-visao-do-gestor.md).
// Each explains how its figures are computed right under them.

const ROTULO_FAIXA: Record<FaixaAtraso, string> = {
  '0-30': '0 a 30 dias',
  '31-60': '31 a 60 dias',
  '61-90': '61 a 90 dias',
  '90+': 'Mais de 90 dias',
};

/** A bar proportional to the share of the total: the chart of a four-row table. */
const Barra = ({ parte, total }: { parte: number; total: number }) => {
  const pct = total > 0 ? Math.round((parte / total) * 100) : 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
      <Box aria-hidden sx={{ width: 80, height: 8, bgcolor: 'action.hover', borderRadius: 1, flexShrink: 0 }}>
        <Box sx={{ width: `${pct}%`, height: '100%', bgcolor: 'warning.main', borderRadius: 1 }} />
      </Box>
      <span>{pct}%</span>
    </Box>
  );
};

/** A bucket row, or the total (whose customers are not a sum: one may be in several buckets). */
type Faixa = { contas: number; clientes: number | null; valor: number };

export const CarteiraAtrasoBlock = () => {
  const query = useCarteiraAtraso();
  const explicacao = useId();
  const corpo = () => {
    if (query.isPending) return <TabelaCarregando rotulo="Carregando a carteira por atraso" />;
    if (query.isError && !query.data)
      return <QueryErrorAlert query={query} fallback="Não foi possível carregar a carteira por atraso." />;
    const { faixas, total_contas, total_valor, prescritas } = query.data;
    const linhaPrescritas =
      prescritas.contas > 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Prescritas (mais de 5 anos vencidas, fora da cobrança):{' '}
          {contagem(prescritas.contas, 'conta', 'contas')} de{' '}
          {contagem(prescritas.clientes, 'cliente', 'clientes')}, {formatarValorEmReais(prescritas.valor)}.
        </Typography>
      ) : null;
    if (total_contas === 0)
      return (
        <>
          <Vazio>Nenhuma conta em aberto hoje.</Vazio>
          {linhaPrescritas}
        </>
      );
    return (
      <>
        <TabelaGestor<Faixa>
          legenda="Carteira em aberto por dias de atraso"
          descritaPor={explicacao}
          tituloLinhas="Dias de atraso"
          colunas={[
            { titulo: 'Contas', valor: (f) => formatarInteiro(f.contas), numero: true },
            {
              titulo: 'Clientes',
              valor: (f) => (f.clientes === null ? '—' : formatarInteiro(f.clientes)),
              numero: true,
            },
            { titulo: 'Principal em aberto', valor: (f) => formatarValorEmReais(f.valor), numero: true },
            {
              titulo: 'Parte do total',
              valor: (f) => <Barra parte={f.valor} total={total_valor} />,
              numero: true,
            },
          ]}
          linhas={faixas.map((f) => ({ chave: f.faixa, dados: f, titulo: ROTULO_FAIXA[f.faixa] }))}
          total={{
            chave: 'total',
            titulo: 'Total',
            dados: { contas: total_contas, clientes: null, valor: total_valor },
          }}
        />
        {linhaPrescritas}
      </>
    );
  };
  return (
    <DashboardBlock title="Carteira por dias de atraso">
      {corpo()}
      <ComoCalculamos id={explicacao}>
        Contas a receber em aberto hoje, pelos dias de atraso: dias corridos desde o vencimento, que passa ao
        dia útil seguinte quando cai em fim de semana ou feriado (as que ainda não venceram entram em 0 a 30).
        As prescritas, vencidas há mais de 5 anos, não são cobradas e ficam fora das faixas e do total. O
        valor é o principal em aberto (valor − já pago), sem multa e juros, por isso o total é igual a
        “Valores em aberto”; o valor atualizado com encargos aparece nas listas de clientes. Um cliente com
        contas em faixas diferentes conta em cada uma.
      </ComoCalculamos>
    </DashboardBlock>
  );
};

type LinhaOperador = Omit<RecuperacaoOperador, 'id' | 'name' | 'status'>;

export const RecuperacaoOperadoresBlock = ({ periodo }: { periodo: PeriodoGestor | null }) => {
  const query = useRecuperacaoOperadores(periodo);
  const explicacao = useId();
  const corpo = () => {
    if (periodo === null) return <Vazio>Escolha um período válido.</Vazio>;
    if (query.isPending) return <TabelaCarregando rotulo="Carregando a recuperação por operador" />;
    if (query.isError && !query.data)
      return (
        <QueryErrorAlert query={query} fallback="Não foi possível carregar a recuperação por operador." />
      );
    const { operadores, sem_operador, total } = query.data;
    const vazio =
      total.pagamentos === 0 &&
      total.clientes_concluidos === 0 &&
      total.promessas_cumpridas + total.promessas_quebradas === 0;
    return (
      <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
        <Typography component="p" sx={{ mb: 1.5 }}>
          Total cobrado no período:{' '}
          <Box component="strong" sx={{ fontSize: '1.25rem' }}>
            {formatarValorEmReais(total.valor_cobrado)}
          </Box>
        </Typography>
        {vazio ? (
          <Vazio>Nenhum pagamento, cliente concluído ou promessa resolvida no período.</Vazio>
        ) : (
          <TabelaGestor<LinhaOperador>
            legenda={`Recuperação por operador de ${descreverPeriodo(query.data.periodo)}`}
            descritaPor={explicacao}
            tituloLinhas="Operador"
            colunas={[
              { titulo: 'Valor cobrado', valor: (l) => formatarValorEmReais(l.valor_cobrado), numero: true },
              { titulo: 'Pagamentos', valor: (l) => formatarInteiro(l.pagamentos), numero: true },
              {
                titulo: 'Clientes concluídos',
                valor: (l) => formatarInteiro(l.clientes_concluidos),
                numero: true,
              },
              {
                titulo: 'Promessas cumpridas',
                valor: (l) => formatarInteiro(l.promessas_cumpridas),
                numero: true,
              },
              {
                titulo: 'Promessas quebradas',
                valor: (l) => formatarInteiro(l.promessas_quebradas),
                numero: true,
              },
            ]}
            linhas={[
              ...operadores.map(({ id, name, status, ...dados }) => ({
                chave: id,
                dados,
                titulo:
                  status === 'Bloqueado' ? (
                    <Box
                      component="span"
                      sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      {name} <OperadorStatusChip status={status} />
                    </Box>
                  ) : (
                    name
                  ),
              })),
              { chave: 'sem-operador', dados: sem_operador, titulo: 'Sem operador' },
            ]}
            total={{ chave: 'total', dados: total, titulo: 'Total' }}
          />
        )}
      </Box>
    );
  };
  return (
    <DashboardBlock title="Recuperação por operador">
      {corpo()}
      <ComoCalculamos id={explicacao}>
        Valor cobrado: pagamentos com data no período, atribuídos ao operador do cliente no momento do
        pagamento, inclusive os PIX confirmados pelo provedor (uma reatribuição posterior não os move). Ficam
        em “Sem operador” os de clientes sem operador naquele momento e os de usuários removidos; assim a soma
        das linhas é o total do período (em “Este mês”, igual a “Valores cobrados”). Clientes concluídos:
        clientes hoje concluídos cujo último pagamento foi no período, para o operador creditado por ele.
        Promessas: as resolvidas no período (cumpridas ou quebradas), para quem as registrou.
      </ComoCalculamos>
    </DashboardBlock>
  );
};

const rotuloEtapa = (dias: number) => {
  if (dias === 0) return 'No vencimento';
  const n = Math.abs(dias);
  const unidade = new Intl.PluralRules('pt-BR').select(n) === 'one' ? 'dia' : 'dias';
  return dias < 0 ? `${n} ${unidade} antes do vencimento` : `${n} ${unidade} após o vencimento`;
};

const JANELAS = [3, 7, 15, 30] as const;

type LinhaEtapa = Omit<RecuperacaoReguaEtapa, 'etapa_dias' | 'template_tipo'>;

export const RecuperacaoReguaBlock = ({ periodo }: { periodo: PeriodoGestor | null }) => {
  const [dias, setDias] = useState<number>(7);
  const query = useRecuperacaoRegua(periodo, dias);
  const explicacao = useId();
  const rotuloJanela = useId();
  const corpo = () => {
    if (periodo === null) return <Vazio>Escolha um período válido.</Vazio>;
    if (query.isPending) return <TabelaCarregando rotulo="Carregando a recuperação por etapa da régua" />;
    if (query.isError && !query.data)
      return <QueryErrorAlert query={query} fallback="Não foi possível carregar a recuperação da régua." />;
    const { etapas, total } = query.data;
    if (etapas.length === 0) return <Vazio>A régua não enviou mensagens no período.</Vazio>;
    return (
      <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
        <TabelaGestor<LinhaEtapa>
          legenda={`Recuperação por etapa da régua de ${descreverPeriodo(query.data.periodo)}, pagamentos em até ${query.data.dias} dias`}
          descritaPor={explicacao}
          tituloLinhas="Etapa e modelo"
          colunas={[
            { titulo: 'Mensagens enviadas', valor: (l) => formatarInteiro(l.mensagens), numero: true },
            {
              titulo: 'Clientes que pagaram',
              valor: (l) => formatarInteiro(l.clientes_pagaram),
              numero: true,
            },
            { titulo: 'Valor pago', valor: (l) => formatarValorEmReais(l.valor_pago), numero: true },
          ]}
          linhas={etapas.map(({ etapa_dias, template_tipo, ...dados }) => ({
            chave: `${etapa_dias}|${template_tipo ?? ''}`,
            dados,
            titulo: `${rotuloEtapa(etapa_dias)} · ${template_tipo ? TIPO_LABELS[template_tipo] : 'Sem modelo'}`,
          }))}
          total={{ chave: 'total', dados: total, titulo: 'Total' }}
        />
      </Box>
    );
  };
  return (
    <DashboardBlock
      title="Recuperação por etapa da régua"
      action={
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id={rotuloJanela}>Pagamentos em até</InputLabel>
          <Select
            labelId={rotuloJanela}
            label="Pagamentos em até"
            value={dias}
            onChange={(e) => setDias(Number(e.target.value))}
          >
            {JANELAS.map((n) => (
              <MenuItem key={n} value={n}>
                {n} dias
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      }
    >
      {corpo()}
      <ComoCalculamos id={explicacao}>
        Mensagens da régua enviadas no período, por etapa (dias em relação ao vencimento) e modelo; uma
        mensagem que reúne várias contas conta uma vez. Um pagamento conta para a etapa se tiver data no dia
        do envio ou até {dias} dias depois (mesmo após o fim do período); quando há mais de uma mensagem nessa
        janela, conta só para a mais recente antes dele, então nenhum pagamento é somado duas vezes. No total,
        cada cliente conta uma vez. Não prova que a mensagem causou o pagamento.
      </ComoCalculamos>
    </DashboardBlock>
  );
};

const GRUPOS_ACORDO = [
  { chave: 'com_debito', titulo: 'Com débito automático (PIX Automático)' },
  { chave: 'sem_debito', titulo: 'Sem débito automático' },
] as const;

/** One group's kept rate, "82% mantidos — 41 de 50 acordos", a kept/broken bar and the broken count. */
const GrupoAcordos = ({ titulo, grupo }: { titulo: string; grupo: AcordosGrupo }) => {
  const total = grupo.mantidos + grupo.quebrados;
  // Tenths rounded down: a group with a broken agreement never shows 100%.
  const pontos = total > 0 ? Math.floor((grupo.mantidos * 1000) / total) / 10 : 0;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, minWidth: 0, overflowWrap: 'anywhere' }}>
      <Typography component="p" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {titulo}
      </Typography>
      {total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nenhum acordo no período
        </Typography>
      ) : (
        <>
          <Typography component="p">
            <Box component="strong" sx={{ fontSize: '1.25rem' }}>
              {formatarPercentual(pontos)} mantidos
            </Box>{' '}
            — {formatarInteiro(grupo.mantidos)} de {contagem(total, 'acordo', 'acordos')}
          </Typography>
          <Box
            aria-hidden
            sx={{
              display: 'flex',
              height: 8,
              my: 1,
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'error.main',
            }}
          >
            <Box sx={{ width: `${pontos}%`, bgcolor: 'success.main' }} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {contagem(grupo.quebrados, 'quebrado', 'quebrados')}
          </Typography>
        </>
      )}
    </Paper>
  );
};

/** Agreements kept vs broken, with and without automatic debit (docs/pix-automatico.md). */
export const AcordosDebitoBlock = ({ periodo }: { periodo: PeriodoGestor | null }) => {
  const query = useAcordosDebito(periodo);
  const explicacao = useId();
  const corpo = () => {
    if (periodo === null) return <Vazio>Escolha um período válido.</Vazio>;
    if (query.isPending) return <TabelaCarregando rotulo="Carregando os acordos cumpridos e quebrados" />;
    if (query.isError && !query.data)
      return <QueryErrorAlert query={query} fallback="Não foi possível carregar os acordos do período." />;
    const { acordos } = query.data;
    const vazio = GRUPOS_ACORDO.every(
      ({ chave }) => acordos[chave].mantidos + acordos[chave].quebrados === 0,
    );
    if (vazio) return <Vazio>Nenhum acordo no período.</Vazio>;
    return (
      <Box
        component="ul"
        aria-label={`Acordos mantidos e quebrados de ${descreverPeriodo(query.data.periodo)}`}
        aria-describedby={explicacao}
        aria-busy={query.isFetching}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          opacity: query.isPlaceholderData ? 0.6 : 1,
        }}
      >
        {GRUPOS_ACORDO.map(({ chave, titulo }) => (
          <GrupoAcordos key={chave} titulo={titulo} grupo={acordos[chave]} />
        ))}
      </Box>
    );
  };
  return (
    <DashboardBlock title="Acordos: cumpridos × quebrados">
      {corpo()}
      <ComoCalculamos id={explicacao}>
        Acordos de 2 ou mais parcelas feitos no período, na situação de hoje. Quebrado: marcado como quebrado,
        ou ativo com uma parcela em aberto há {DIAS_ACORDO_QUEBRADO} dias ou mais do vencimento. Mantido:
        cumprido, ou ativo sem parcela nessa situação. Os cancelados não contam. Com débito automático: o
        cliente autorizou o PIX Automático do acordo, mesmo que o tenha cancelado depois.
      </ComoCalculamos>
    </DashboardBlock>
  );
};
