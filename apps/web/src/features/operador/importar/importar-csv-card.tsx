import { CSV_CLIENTES_COLUNAS } from '@cobranca/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../components/snackbar/snackbar-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { TAMANHO_MAXIMO_TEXTO } from '../../../lib/arquivos.ts';
import { baixarModeloCsv, importarClientesCsv } from '../api/importacoes.ts';
import { ImportacaoCard } from './importacao-card.tsx';

const code = { fontFamily: 'monospace', fontWeight: 600 } as const;

const AjudaCsv = () => (
  <>
    <Typography variant="body2" color="text.secondary">
      Cadastra clientes novos e atualiza os existentes pelo CPF/CNPJ. Uma linha com problema não impede as
      outras.
    </Typography>
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Colunas, nesta ordem:
      </Typography>
      <Box component="ul" aria-label="Colunas do arquivo CSV" sx={{ m: 0, pl: 2.5 }}>
        {CSV_CLIENTES_COLUNAS.map((coluna) => (
          <Typography component="li" variant="body2" key={coluna.nome}>
            <Box component="code" sx={code}>
              {coluna.nome}
            </Box>
            {coluna.obrigatoria && (
              <Box component="span" sx={{ color: 'error.main' }}>
                {' '}
                (obrigatória)
              </Box>
            )}{' '}
            — {coluna.ajuda}
          </Typography>
        ))}
      </Box>
    </Box>
    <Typography variant="body2" color="text.secondary">
      Separador{' '}
      <Box component="code" sx={code}>
        ;
      </Box>{' '}
      ou{' '}
      <Box component="code" sx={code}>
        ,
      </Box>{' '}
      · UTF-8 ou Windows-1252 · valores como 1.234,56 · datas como 31/12/2026 · até {TAMANHO_MAXIMO_TEXTO}.
    </Typography>
  </>
);

/** Customers (and optionally one receivable each) from a CSV laid out like the template. */
export const ImportarCsvCard = () => {
  const modelo = useMutation({
    mutationFn: baixarModeloCsv,
    onError: (error) => notify.error(errorMessage(error, 'Não foi possível baixar o modelo.')),
  });
  return (
    <ImportacaoCard
      titulo="Clientes (CSV)"
      acoes={(ocupado) => (
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          disabled={ocupado || modelo.isPending}
          onClick={() => modelo.mutate()}
        >
          Baixar modelo CSV
        </Button>
      )}
      ajuda={<AjudaCsv />}
      extensoes={['csv']}
      accept=".csv,text/csv"
      textoSoltar="o arquivo CSV"
      rotuloZona="Área para soltar o arquivo CSV de clientes"
      rotuloInput="Arquivo CSV de clientes"
      // The zone keeps one file, so the button only runs with exactly one.
      importar={([arquivo], options) => importarClientesCsv(arquivo as File, options)}
    />
  );
};
