import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TAMANHO_MAXIMO_TEXTO } from '../../../lib/arquivos.ts';
import { importarContasXml } from '../api/importacoes.ts';
import { ImportacaoCard } from './importacao-card.tsx';

const AjudaXml = () => (
  <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary' }}>
    <Typography component="li" variant="body2">
      NF-e modelo 55, layout 4.00 (arquivo da nota ou da nota autorizada).
    </Typography>
    <Typography component="li" variant="body2">
      Um ou vários arquivos .xml, ou um .zip com os XMLs; até {TAMANHO_MAXIMO_TEXTO} por envio.
    </Typography>
    <Typography component="li" variant="body2">
      O cliente vem do destinatário e cada duplicata vira uma conta a receber; sem duplicatas, uma conta com o
      valor da nota.
    </Typography>
    <Typography component="li" variant="body2">
      Reimportar a mesma nota não duplica as contas.
    </Typography>
  </Box>
);

/** Receivables (and their customers) from NF-e XML files or a ZIP of them. */
export const ImportarXmlCard = () => (
  <ImportacaoCard
    titulo="Contas a receber (XML de NF-e)"
    ajuda={<AjudaXml />}
    extensoes={['xml', 'zip']}
    accept=".xml,.zip"
    multiple
    textoSoltar="os arquivos XML ou ZIP"
    rotuloZona="Área para soltar os arquivos XML de NF-e"
    rotuloInput="Arquivos XML de NF-e"
    importar={importarContasXml}
  />
);
