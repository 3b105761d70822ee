import type { ResultadoArquivoBancario } from '@cobranca/contracts';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { problemaDoArquivo } from '../../lib/arquivos.ts';
import { ArquivosEscolhidos } from '../envio-de-arquivos/arquivos-escolhidos.tsx';
import { DropZone } from '../envio-de-arquivos/drop-zone.tsx';
import { ErroImportacao } from '../envio-de-arquivos/erro-importacao.tsx';
import { ProgressoEnvio } from '../envio-de-arquivos/progresso-envio.tsx';
import { FormSection } from '../form-section.tsx';
import { ResultadoArquivo } from './resultado-arquivo.tsx';

// Retornos come as .ret or .txt, some banks' as .cbr, .crt, .rst or .dat; statements as .ofx.
const EXTENSOES = ['ret', 'txt', 'cbr', 'crt', 'rst', 'dat', 'ofx'] as const;

const Ajuda = () => (
  <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary' }}>
    <Typography component="li" variant="body2">
      Retorno de cobrança do banco em CNAB 240 (qualquer banco) ou CNAB 400 (Itaú, Bradesco, Banco do Brasil e
      Sicoob): cada boleto liquidado quita a conta com o mesmo nosso número.
    </Typography>
    <Typography component="li" variant="body2">
      Extrato OFX: um PIX ou TED com o CPF/CNPJ do cliente no valor exato de uma conta quita essa conta; um
      PIX que já foi confirmado pelo PSP é reconhecido e não paga de novo.
    </Typography>
    <Typography component="li" variant="body2">
      O que não tiver correspondência certa vai para a fila de revisão. Importar o mesmo arquivo (ou um
      extrato que se sobrepõe a outro) nunca paga duas vezes.
    </Typography>
  </Box>
);

/** The upload of a bank file, as each area's hook runs it (its route, what it reloads after). */
export type EnvioArquivoBancario = {
  mutate: (arquivo: File, opcoes: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: ResultadoArquivoBancario | undefined;
  progresso: number | null;
};

/** "Importar arquivo do banco": pick, check, upload with progress, then the file's outcome. */
export const EnviarArquivoBancario = ({ envio }: { envio: EnvioArquivoBancario }) => {
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [recusa, setRecusa] = useState<string | null>(null);
  const ocupado = envio.isPending;

  const escolher = (files: File[]) => {
    const [primeiro] = files;
    if (!primeiro) return;
    if (envio.isError) envio.reset();
    const motivo = problemaDoArquivo(primeiro, EXTENSOES);
    setRecusa(motivo);
    setArquivo(motivo ? null : primeiro);
  };
  const enviar = () => {
    if (!arquivo) return;
    envio.mutate(arquivo, { onSuccess: () => setArquivo(null) });
  };

  return (
    <FormSection
      title="Importar arquivo do banco"
      description="O retorno dos boletos (CNAB) ou o extrato da conta (OFX), como o banco entrega."
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <Ajuda />
        <DropZone
          label="Área para soltar o arquivo do banco"
          inputLabel="Arquivo do banco (CNAB ou OFX)"
          accept={EXTENSOES.map((e) => `.${e}`).join(',')}
          multiple={false}
          disabled={ocupado}
          texto="o arquivo de retorno ou o extrato OFX"
          onFiles={escolher}
        />
        {arquivo && (
          <ArquivosEscolhidos arquivos={[arquivo]} disabled={ocupado} onRemove={() => setArquivo(null)} />
        )}
        {recusa && (
          <Alert severity="error" onClose={() => setRecusa(null)}>
            {recusa}
          </Alert>
        )}
        {envio.isError && <ErroImportacao error={envio.error} />}
        {envio.progresso !== null && <ProgressoEnvio progresso={envio.progresso} />}
        <Box>
          <Button
            variant="contained"
            startIcon={<UploadIcon />}
            disabled={ocupado || !arquivo}
            onClick={enviar}
          >
            Importar arquivo
          </Button>
        </Box>
        {envio.data && (
          <>
            <Divider />
            <ResultadoArquivo resultado={envio.data} />
          </>
        )}
      </Box>
    </FormSection>
  );
};
