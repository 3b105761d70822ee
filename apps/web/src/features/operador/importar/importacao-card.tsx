import { IMPORTACAO_TAMANHO_MAXIMO_BYTES, type ImportacaoRelatorio } from '@cobranca/contracts';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import { type ReactNode, useId, useState } from 'react';
import { ArquivosEscolhidos } from '../../../components/envio-de-arquivos/arquivos-escolhidos.tsx';
import { DropZone } from '../../../components/envio-de-arquivos/drop-zone.tsx';
import { ErroImportacao } from '../../../components/envio-de-arquivos/erro-importacao.tsx';
import { ProgressoEnvio } from '../../../components/envio-de-arquivos/progresso-envio.tsx';
import { TituloComAcoes } from '../../../components/titulo-com-acoes.tsx';
import {
  formatarTamanho,
  mesmoArquivo,
  problemaDoArquivo,
  TAMANHO_MAXIMO_TEXTO,
} from '../../../lib/arquivos.ts';
import type { UploadOptions } from '../../../lib/upload.ts';
import { useImportar } from '../api/importacoes.ts';
import { RelatorioImportacao } from './relatorio-importacao.tsx';

export type ImportacaoCardProps = {
  titulo: string;
  /** Beside the title (the template download); disabled while an import runs. */
  acoes?: (ocupado: boolean) => ReactNode;
  ajuda: ReactNode;
  /** Accepted extensions, lower case without the dot. */
  extensoes: readonly string[];
  /** The `accept` of the file picker. */
  accept: string;
  multiple?: boolean;
  /** What to drop, e.g. "o arquivo CSV". */
  textoSoltar: string;
  rotuloZona: string;
  rotuloInput: string;
  importar: (arquivos: File[], options: UploadOptions) => Promise<ImportacaoRelatorio>;
};

type Recusa = { chave: string; nome: string; motivo: string };

/** Splits picked files into those that may go and those refused here, before any upload. */
const separar = (files: File[], extensoes: readonly string[]) => {
  const aceitos: File[] = [];
  const recusas: Recusa[] = [];
  for (const file of files) {
    const motivo = problemaDoArquivo(file, extensoes);
    if (motivo)
      recusas.push({ chave: `${file.name}-${file.size}-${file.lastModified}`, nome: file.name, motivo });
    else aceitos.push(file);
  }
  return { aceitos, recusas };
};

/** One import: help, drop zone, chosen files, client checks, progress, errors and the report. */
export const ImportacaoCard = ({
  titulo,
  acoes,
  ajuda,
  extensoes,
  accept,
  multiple = false,
  textoSoltar,
  rotuloZona,
  rotuloInput,
  importar,
}: ImportacaoCardProps) => {
  const titleId = useId();
  const [arquivos, setArquivos] = useState<File[]>([]);
  const [recusas, setRecusas] = useState<Recusa[]>([]);
  const envio = useImportar(importar);
  const ocupado = envio.isPending;
  const total = arquivos.reduce((soma, a) => soma + a.size, 0);
  const excede = total > IMPORTACAO_TAMANHO_MAXIMO_BYTES;

  const escolher = (files: File[]) => {
    const { aceitos, recusas: novas } = separar(files, extensoes);
    setRecusas(novas);
    // The last failure was about the files before these.
    if (envio.isError) envio.reset();
    setArquivos((atuais) =>
      multiple
        ? [...atuais, ...aceitos.filter((a) => !atuais.some((b) => mesmoArquivo(a, b)))]
        : aceitos.slice(0, 1),
    );
  };
  const remover = (arquivo: File) => setArquivos((atuais) => atuais.filter((a) => a !== arquivo));
  const enviar = () => {
    setRecusas([]);
    envio.mutate(arquivos, { onSuccess: () => setArquivos([]) });
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}
    >
      <TituloComAcoes id={titleId} titulo={titulo} variant="h6">
        {acoes?.(ocupado)}
      </TituloComAcoes>
      {ajuda}
      <DropZone
        label={rotuloZona}
        inputLabel={rotuloInput}
        accept={accept}
        multiple={multiple}
        disabled={ocupado}
        texto={textoSoltar}
        onFiles={escolher}
      />
      {arquivos.length > 0 && (
        <ArquivosEscolhidos arquivos={arquivos} disabled={ocupado} onRemove={remover} />
      )}
      {recusas.length > 0 && (
        <Alert severity="error" onClose={() => setRecusas([])}>
          {recusas.map((r) => (
            <div key={r.chave}>{multiple || recusas.length > 1 ? `${r.nome}: ${r.motivo}` : r.motivo}</div>
          ))}
        </Alert>
      )}
      {excede && (
        <Alert severity="warning">
          Os arquivos somam {formatarTamanho(total)}; o limite é {TAMANHO_MAXIMO_TEXTO} por envio. Remova
          alguns e importe o resto depois.
        </Alert>
      )}
      {envio.isError && <ErroImportacao error={envio.error} />}
      {envio.progresso !== null && <ProgressoEnvio progresso={envio.progresso} />}
      <Box>
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          disabled={ocupado || arquivos.length === 0 || excede}
          onClick={enviar}
        >
          Importar
        </Button>
      </Box>
      {envio.data && (
        <>
          <Divider />
          <RelatorioImportacao relatorio={{ ...envio.data, id: envio.data.importacao_id }} />
        </>
      )}
    </Paper>
  );
};
