import type { EmailSettingsView } from '@cobranca/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { CampoCopiavel } from '../components/campo-copiavel.tsx';

/** SPF, DKIM and DMARC as the admin publishes them at the DNS provider, and the unsubscribe link. */
export const RegistrosDnsCard = ({ view }: { view: EmailSettingsView }) => {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} component="h3" variant="h6">
        Registros DNS
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Gmail e Yahoo exigem SPF, DKIM e DMARC de quem envia em volume. Publique cada registro no painel do
        seu DNS.
      </Typography>
      {view.registros_dns.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 2 }}>
          Informe o e-mail do remetente e o domínio DKIM para ver os registros.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {view.registros_dns.map((registro) => (
            <Box
              component="li"
              key={`${registro.nome}:${registro.valor}`}
              aria-label={`Registro ${registro.nome}`}
              sx={{ mt: 2 }}
            >
              <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                {registro.tipo} · {registro.nome}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {registro.explicacao}
              </Typography>
              <CampoCopiavel label="Nome" copyLabel={`Copiar nome ${registro.nome}`} value={registro.nome} />
              <CampoCopiavel
                label={`Valor (${registro.tipo})`}
                copyLabel={`Copiar valor ${registro.nome}`}
                value={registro.valor}
                multiline
              />
            </Box>
          ))}
        </Box>
      )}
      <CampoCopiavel
        label="Link de descadastro em um clique"
        copyLabel="Copiar link de descadastro"
        value={view.descadastro_url}
        helperText="Vai no cabeçalho List-Unsubscribe de cada e-mail: o cliente sai da lista com um clique."
      />
    </Paper>
  );
};
