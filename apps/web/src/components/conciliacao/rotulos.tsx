import type { FormatoArquivoBancario, LancamentoBancarioView, SituacaoLancamento } from '@cobranca/contracts';
import { contagem } from '@cobranca/dominio';
import Chip, { type ChipProps } from '@mui/material/Chip';

// How the reconciliation screens name formats, banks and outcomes (docs/conciliacao.md).

export const FORMATOS: Record<FormatoArquivoBancario, string> = {
  cnab240: 'CNAB 240',
  cnab400: 'CNAB 400',
  ofx: 'OFX',
};

const BANCOS: Record<string, string> = {
  '001': 'Banco do Brasil',
  '033': 'Santander',
  '034': 'Santander',
  '077': 'Inter',
  '104': 'Caixa',
  '237': 'Bradesco',
  '260': 'Nubank',
  '341': 'Itaú',
  '748': 'Sicredi',
  '756': 'Sicoob',
};

export const nomeDoBanco = (codigo: string): string =>
  BANCOS[codigo] ? `${BANCOS[codigo]} (${codigo})` : `Banco ${codigo}`;

const SITUACOES: Record<SituacaoLancamento, { rotulo: string; cor: ChipProps['color'] }> = {
  liquidado: { rotulo: 'Liquidado', cor: 'success' },
  ja_liquidado: { rotulo: 'Já registrado', cor: 'default' },
  em_revisao: { rotulo: 'Em revisão', cor: 'warning' },
  ignorado: { rotulo: 'Ignorado', cor: 'default' },
  repetido: { rotulo: 'Repetido', cor: 'default' },
  atribuido: { rotulo: 'Atribuído', cor: 'success' },
  descartado: { rotulo: 'Não é cobrança', cor: 'default' },
};

export const SituacaoChip = ({ situacao }: { situacao: SituacaoLancamento }) => (
  <Chip size="small" variant="outlined" color={SITUACOES[situacao].cor} label={SITUACOES[situacao].rotulo} />
);

/** "3 liquidados, 1 já registrado, 2 em revisão e 4 ignorados". */
export const resumoDasContagens = (c: {
  liquidados: number;
  ja_liquidados: number;
  em_revisao: number;
  ignorados: number;
}): string => {
  const partes = [
    contagem(c.liquidados, 'liquidado', 'liquidados'),
    contagem(c.ja_liquidados, 'já registrado', 'já registrados'),
    `${c.em_revisao} em revisão`,
    contagem(c.ignorados, 'ignorado', 'ignorados'),
  ];
  return `${partes.slice(0, -1).join(', ')} e ${partes.at(-1)}`;
};

/** What the entry is, in a few words: the movement and what identifies it. */
export const descricaoDoLancamento = (l: LancamentoBancarioView): string =>
  [l.descricao, l.nosso_numero ? `nosso número ${l.nosso_numero}` : null, l.historico]
    .filter(Boolean)
    .join(' · ');
