import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormSection } from '../../../components/form-section.tsx';

const item = { typography: 'body2', mb: 1 } as const;

/** What to ask the bank for and how the connection is protected (docs/produto.md §21). */
export const PixOrientacoes = () => (
  <FormSection
    title="Como configurar"
    description="Para cobrar pelo PIX de verdade, peça ao seu banco (PSP):"
  >
    <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
      <Box component="li" sx={item}>
        Acesso à <strong>API Pix</strong> (padrão do Banco Central): a URL base, a URL de token, o{' '}
        <strong>Client ID</strong> e o <strong>Client secret</strong>.
      </Box>
      <Box component="li" sx={item}>
        O <strong>certificado do cliente</strong> emitido para a sua empresa: certificado e chave em PEM, ou
        um arquivo .p12/.pfx com a senha.
      </Box>
      <Box component="li" sx={item}>
        A <strong>chave PIX</strong> da conta que recebe os pagamentos.
      </Box>
      <Box component="li" sx={item}>
        O cadastro do <strong>webhook</strong>: informe o endereço público deste sistema (https).
      </Box>
    </Box>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      O certificado do servidor do PSP é sempre verificado: o sistema não fala com um endereço que não prove
      ser o do banco.
    </Typography>
    <Typography variant="body2" color="text.secondary">
      O endereço do webhook que o sistema registra no PSP leva um segmento secreto, gerado aqui: só quem o
      conhece consegue avisar pagamentos. Não é preciso copiá-lo.
    </Typography>
  </FormSection>
);
